// The built program following trace files that misbehave (deleted, truncated, replaced, grown by 50 MB at once, NUL
// bytes, invalid UTF-8, a 50 MB line, a line past the limit, a folder where a file belongs, a FIFO, /dev/stdin): it
// keeps running, says what happened, and prints every readable record.
import {appendFileSync, mkdirSync, renameSync, rmSync, truncateSync, writeFileSync} from 'node:fs';
import {open} from 'node:fs/promises';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {runCli, waitFor} from '../helpers/run-cli.js';
import {terminalHazards} from '../support/fault-hostile.js';
import {
	faultSessionId,
	marker,
	metaLine,
	otherSessionId,
	toolOutputs,
	userLine,
	stopRun,
	watchRun,
	type WatchedRun,
} from '../support/fault-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

let dir = '';
let file = '';
let run: WatchedRun | undefined;
const shard = (index: number, sessionId = faultSessionId): string =>
	path.join(dir, `${sessionId}_${String(index).padStart(3, '0')}.jsonl`);
const range = (from: number, to: number): number[] => Array.from({length: to - from}, (_, i) => from + i);
const hasAll = (numbers: number[]): boolean => numbers.every(n => run!.seen.has(n));

beforeEach(() => {
	dir = makeTempDir('penguin-view-files-');
	file = shard(1);
	writeFileSync(file, `${metaLine()}\n${toolOutputs(0, 10, 100)}`);
});

afterEach(async () => {
	await stopRun(run);
	run = undefined;
	removeTempDir(dir);
});

/** Starts following `file` in print mode and waits for its first ten records. */
async function follow(options: {watchFor?: string[]} = {}): Promise<WatchedRun> {
	run = watchRun(['--print', '-f', file], options);
	await waitFor(() => hasAll(range(0, 10)), 'the first ten records', 10_000);
	return run;
}

/** SIGTERM ends it with code 0, and nothing went to stderr but `said`. */
async function stop(said = ''): Promise<void> {
	expect(run!.exitCode).toBeNull();
	run!.kill('SIGTERM');
	expect(await run!.exited).toBe(0);
	expect(run!.stderrText()).toBe(said);
}

// As tail -F says on stderr that it follows a new file: the session is read again from its start.
const replaced = `penguin-view: note: ${faultSessionId}_001.jsonl was replaced: reading it from the start\n`;

describe('a followed file changes under the reader', () => {
	it('deleted, then created again: says so, waits, and reads the new file from its start', async () => {
		await follow({watchFor: ['was deleted']});
		rmSync(file);
		await waitFor(() => run!.linesWith('was deleted').length === 1, 'the deletion notice');
		writeFileSync(file, `${metaLine()}\n${toolOutputs(10, 5, 100)}`);
		await waitFor(() => hasAll(range(10, 15)), 'the records of the new file');
		await stop(replaced);
	});

	it('truncated and rewritten shorter: says so and reads it again from the start', async () => {
		await follow();
		truncateSync(file, 0);
		appendFileSync(file, `${metaLine()}\n${toolOutputs(20, 3, 100)}`);
		await waitFor(() => hasAll(range(20, 23)), 'the records written after the truncation');
		await stop(replaced);
	});

	it("replaced by another session's file: says so and reads the new one from its start", async () => {
		await follow();
		const swap = path.join(dir, 'swap.tmp');
		writeFileSync(swap, `${metaLine(otherSessionId)}\n${toolOutputs(30, 5, 100)}`);
		renameSync(swap, file);
		await waitFor(() => hasAll(range(30, 35)), "the other session's records");
		await stop(replaced);
	});

	it('grown by 50 MB at once: every record of it is printed, and it follows on', async () => {
		await follow();
		appendFileSync(file, toolOutputs(100, 5000, 10_000));
		await waitFor(() => hasAll(range(100, 5100)), 'all 5000 records of the 50 MB', 30_000);
		appendFileSync(file, `${userLine(`${marker(6000)} after the burst`)}\n`);
		await waitFor(() => run!.seen.has(6000), 'a record written after it');
		await stop();
	}, 40_000);

	it(
		'NUL bytes and invalid UTF-8: bad lines are reported by number, every good line is printed, no control ' +
			'reaches stdout',
		async () => {
			await follow({watchFor: ['malformed line']});
			const bytes = Buffer.concat([
				Buffer.from(`${userLine(`${marker(200)} before`)}\n`),
				// A line of NUL bytes (what a crash can leave in a file): malformed.
				Buffer.alloc(300, 0),
				Buffer.from('\n'),
				// NUL bytes inside a JSON string are not JSON: malformed too.
				Buffer.from(
					`{"type":"model_msg","payload":{"type":"text","role":"user","text":"${marker(201)} \u0000\u0000"}}\n`,
				),
				// Invalid UTF-8 inside a JSON string: still a record, the bytes shown as U+FFFD.
				Buffer.from(
					`{"timestamp":"2026-12-02T14:43:17.000Z","type":"model_msg","payload":{"type":"text","role":"user",` +
						`"text":"${marker(203)} `,
				),
				Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
				Buffer.from(' end","stop_reason":"completed"}}\n'),
				Buffer.from(`${userLine(`${marker(204)} after`)}\n`),
			]);
			appendFileSync(file, bytes);
			await waitFor(() => hasAll([200, 203, 204]), 'the good records around the bad bytes');
			expect(run!.linesWith('malformed line')).toHaveLength(2);
			expect(run!.tail()).toContain('\ufffd');
			expect(terminalHazards(run!.tail(), {sgrAllowed: false})).toEqual([]);
			await stop();
		},
	);

	it('a line of 50 MB is printed whole; a line past the 64 MiB limit is refused with a malformed record, ' +
		'and the next record follows', async () => {
		await follow({watchFor: ['malformed line', 'longer than']});
		appendFileSync(file, `${userLine(`${marker(300)} ${'y'.repeat(50 * 1024 * 1024)}`)}\n`);
		appendFileSync(file, `${userLine(`${marker(301)} after the long line`)}\n`);
		await waitFor(() => hasAll([300, 301]), 'the 50 MB line and the next', 20_000);
		// The marker first, so that the 80-character excerpt of the refused line shows it.
		appendFileSync(
			file,
			`{"payload":{"text":"${marker(302)} ` +
				`${'z'.repeat(65 * 1024 * 1024)}","type":"text","role":"user"},"type":"model_msg"}\n`,
		);
		appendFileSync(file, `${userLine(`${marker(303)} after the refused line`)}\n`);
		await waitFor(() => run!.seen.has(303), 'the record after the refused line', 20_000);
		expect(run!.seen.has(302)).toBe(true); // the malformed record's excerpt shows its head
		expect(run!.linesWith('malformed line')).toEqual([expect.stringMatching(/line too long \(681\d{5} bytes\)/)]);
		await stop();
	}, 60_000);

	it('the next shard appears as a folder: ignored, and the current shard is followed on', async () => {
		await follow();
		mkdirSync(shard(2));
		appendFileSync(file, toolOutputs(500, 2, 100));
		await waitFor(() => hasAll(range(500, 502)), 'records appended after the folder appeared');
		await stop();
	});
});

describe('what is given is not a regular trace file', () => {
	it('a folder named like a trace: one line naming it, exit code 1', async () => {
		const folder = shard(1, otherSessionId);
		mkdirSync(folder);
		const result = await runCli(['--print', '--no-follow', folder]);
		expect(result.code).toBe(1);
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toContain(folder);
	});

	it('a FIFO: read as a stream until its writer closes it, then exit 0', async () => {
		const fifo = path.join(dir, 'trace.fifo');
		execFileSync('mkfifo', [fifo]);
		run = watchRun(['--print', fifo]);
		const writer = await open(fifo, 'w');
		await writer.write(`${metaLine()}\n${toolOutputs(600, 3, 100)}`);
		await waitFor(() => hasAll(range(600, 603)), 'the records through the FIFO');
		await writer.write(toolOutputs(603, 2, 100));
		await writer.close();
		expect(await run.exited).toBe(0);
		expect(hasAll(range(600, 605))).toBe(true);
	});

	for (const input of ['-', '/dev/stdin']) {
		it(`${input}: standard input read as it arrives, then exit 0 at its end`, async () => {
			run = watchRun(['--print', input]);
			run.stdin.write(`${metaLine()}\n${toolOutputs(700, 3, 100)}`);
			await waitFor(() => hasAll(range(700, 703)), 'the records written so far');
			run.stdin.end(toolOutputs(703, 2, 100));
			expect(await run.exited).toBe(0);
			expect(hasAll(range(700, 705))).toBe(true);
			expect(run.stderrText()).toBe('');
		});
	}
});
