// The built program opening whatever it is pointed at: real fixtures copied under other names (plain and gzip) print as
// the originals in every output, a plain file of any name is followed, a lone later shard, a --json recording reopened,
// standard input without `-`, a cut-short gzip and a file that is not JSON Lines at all.
import {spawn} from 'node:child_process';
import {
	appendFileSync,
	closeSync,
	copyFileSync,
	mkdirSync,
	openSync,
	readFileSync,
	renameSync,
	rmSync,
	truncateSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {constants, gunzipSync, gzipSync} from 'node:zlib';
import {afterAll, afterEach, describe, expect, it} from 'vitest';
import {makeRoot, parent, child, retry, tools, placeShard, rotated} from '../commands/data-root.js';
import {cliPath, runCli, startCli, waitFor, waitForExit, type CliResult} from '../helpers/run-cli.js';
import {marker, metaLine, stopRun, toolOutputs, watchRun, type WatchedRun} from '../support/fault-files.js';
import {fixtureBytes, makeTempDir, removeTempDir, tracesFixtureDir} from '../support/io-fixtures.js';
import {startSseServer, type SseTestServer} from '../support/sse-server.js';

const dir = makeTempDir('penguin-view-open-any-');
const original = (id: string): string => path.join(tracesFixtureDir, `${id}_001.jsonl`);
// The parent's subagent is found beside it, as it is beside the original.
copyFileSync(original(child), path.join(dir, `${child}_001.jsonl`));
const copies = {
	'trace.jsonl': fixtureBytes(`${parent}_001.jsonl`),
	'x.log': fixtureBytes(`${parent}_001.jsonl`),
	'shared.jsonl.gz': gzipSync(fixtureBytes(`${parent}_001.jsonl`)),
};
for (const [name, bytes] of Object.entries(copies)) writeFileSync(path.join(dir, name), bytes);

let run: WatchedRun | undefined;
let server: SseTestServer | undefined;
afterEach(async () => {
	await stopRun(run);
	run = undefined;
	await server?.close();
	server = undefined;
});
afterAll(() => removeTempDir(dir));

/** The environment runCli gives the program. */
function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {...process.env, TZ: 'UTC', CI: 'false', ...extra};
	delete env['FORCE_COLOR'];
	delete env['NO_COLOR'];
	return env;
}

/** Runs `sh -c script` with the program as "$0" (a shell pipe or redirection in front of it); stdin as given. */
async function runShell(
	script: string,
	options: {stdin?: 'ignore' | number; env?: NodeJS.ProcessEnv} = {},
): Promise<CliResult> {
	const shell = spawn('sh', ['-c', script, process.execPath, cliPath], {
		env: cliEnv(options.env),
		stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
	});
	let stdout = '';
	let stderr = '';
	shell.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
	shell.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
	const code = await new Promise<number | null>(resolve => shell.on('close', resolve));
	return {code, stdout, stderr};
}

describe('a trace under any name', () => {
	it(
		'prints a fixture copied as trace.jsonl, x.log and shared.jsonl.gz exactly as the original, and the ' +
			'compressed one without following',
		async () => {
			const expected = await runCli(['--print', '--no-follow', original(parent)]);
			expect(expected.stdout).toContain(`│ ══ session ${child}`);
			for (const name of Object.keys(copies)) {
				// A compressed trace is read to its end and never followed: no --no-follow needed to end.
				const args = name.endsWith('.gz') ? ['--print'] : ['--print', '--no-follow'];
				const result = await runCli([...args, path.join(dir, name)]);
				expect(result.stderr, name).toBe('');
				expect(result.code, name).toBe(0);
				expect(result.stdout, name).toBe(expected.stdout);
			}
		},
	);

	it('the same through --stats, --export md, json and sts, --json and --replay', async () => {
		const outputs = [
			['--stats'],
			['--export', 'md'],
			['--export', 'json'],
			['--export', 'sts'],
			['--json', '--no-follow'],
			['--replay', '1000', '--print'],
		];
		for (const flags of outputs) {
			const expected = await runCli([...flags, original(parent)]);
			expect(expected.code).toBe(0);
			expect(expected.stdout.length).toBeGreaterThan(500);
			for (const name of ['x.log', 'shared.jsonl.gz']) {
				const result = await runCli([...flags, path.join(dir, name)]);
				expect({code: result.code, stderr: result.stderr}, `${flags.join(' ')} ${name}`).toEqual({code: 0, stderr: ''});
				expect(result.stdout, `${flags.join(' ')} ${name}`).toBe(expected.stdout);
			}
		}
	}, 60_000);

	it('follows a trace.jsonl like any trace: appends, truncation, deletion and re-creation', async () => {
		const folder = path.join(dir, 'followed');
		mkdirSync(folder);
		const file = path.join(folder, 'trace.jsonl');
		writeFileSync(file, `${metaLine()}\n${toolOutputs(0, 3, 100)}`);
		run = watchRun(['--print', '--follow', file], {watchFor: ['was deleted']});
		await waitFor(() => [0, 1, 2].every(n => run!.seen.has(n)), 'the first records', 10_000);
		appendFileSync(file, toolOutputs(3, 2, 100));
		await waitFor(() => run!.seen.has(4), 'the appended records', 10_000);
		// As tail -F: a file that shrank is another file, read (and printed) from its start, said on stderr.
		truncateSync(file, 0);
		appendFileSync(file, `${metaLine()}\n${toolOutputs(10, 2, 100)}`);
		await waitFor(() => run!.seen.has(11), 'the records after the truncation', 10_000);
		rmSync(file);
		await waitFor(() => run!.linesWith('was deleted').length === 1, 'the deletion notice', 10_000);
		writeFileSync(file, `${metaLine()}\n${toolOutputs(20, 2, 100)}`);
		await waitFor(() => run!.seen.has(21), 'the records of the re-created file', 10_000);
		run.kill('SIGTERM');
		expect(await run.exited).toBe(0);
		expect(run.stderrText()).toBe(
			'penguin-view: note: trace.jsonl was replaced: reading it from the start\n'.repeat(2),
		);
	}, 30_000);

	it('--json -f: what happens to the file is said on stderr, and stdout stays JSON Lines', async () => {
		const folder = path.join(dir, 'json-followed');
		mkdirSync(folder);
		const file = path.join(folder, 'trace.jsonl');
		writeFileSync(file, `${metaLine()}\n${toolOutputs(0, 3, 100)}`);
		const json = startCli(['--json', '-f', file]);
		try {
			const show = {show: () => `${json.output()}\n---\n${json.errors()}`};
			await waitFor(() => json.output().split('\n').length > 3, 'the first messages', show);
			rmSync(file);
			await waitFor(() => json.errors().includes('was deleted'), 'the deletion on stderr', show);
			writeFileSync(file, `${metaLine()}\n${toolOutputs(10, 2, 100)}`);
			await waitFor(() => json.errors().includes('was replaced'), 'the new file on stderr', show);
			expect(json.errors()).toBe(
				'penguin-view: warn: trace.jsonl was deleted; waiting for it to come back\npenguin-view: note: trace.jsonl' +
					' was replaced: reading it from the start\n',
			);
			await waitFor(() => json.output().includes(marker(11)), 'the new file’s messages', show);
			for (const line of json.output().trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
		} finally {
			json.kill('SIGTERM');
			await waitForExit(json, 10_000);
		}
	}, 30_000);

	it('a trace.jsonl moved or copied over while followed: the new session is printed from its start, once', async () => {
		const folder = path.join(dir, 'replaced');
		mkdirSync(folder);
		const file = path.join(folder, 'trace.jsonl');
		writeFileSync(file, `${metaLine()}\n${toolOutputs(0, 3, 100)}`);
		run = watchRun(['--print', '--follow', file], {watchFor: ['malformed']});
		await waitFor(() => [0, 1, 2].every(n => run!.seen.has(n)), 'the first records', 10_000);
		// mv other.jsonl trace.jsonl: another inode.
		const other = path.join(folder, 'other.jsonl');
		writeFileSync(other, `${metaLine()}\n${toolOutputs(10, 3, 100)}`);
		renameSync(other, file);
		await waitFor(() => run!.seen.has(12), 'the moved file’s records', 10_000);
		// cp over it: the same inode, truncated, then written longer than before (another session: another first line).
		writeFileSync(other, `${metaLine('session-2026-12-02-14-50-00-0c0c0c0c')}\n${toolOutputs(20, 6, 100)}`);
		copyFileSync(other, file);
		await waitFor(() => [20, 21, 22, 23, 24, 25].every(n => run!.seen.has(n)), 'the copied file’s records', 10_000);
		run.kill('SIGTERM');
		expect(await run.exited).toBe(0);
		expect(run.stderrText()).toBe(
			'penguin-view: note: trace.jsonl was replaced: reading it from the start\n'.repeat(2),
		);
		// Nothing malformed, and the totals count the last session alone: 6 calls, not 3 + 3 + 6.
		expect(run.linesWith('malformed')).toEqual([
			'  0 requests (0 retries), 6 tool calls, 0 failures, 0 malformed lines',
		]);
	}, 30_000);

	it(
		'opens a later shard copied alone: one session header, and once on stderr that the earlier contexts ' +
			'are not there',
		async () => {
			const folder = path.join(dir, 'alone');
			mkdirSync(folder);
			const third = path.join(folder, `${rotated}_003.jsonl`);
			copyFileSync(path.join(tracesFixtureDir, `${rotated}_002.jsonl`), third);
			const result = await runCli(['--print', '--no-follow', third]);
			expect(result.code).toBe(0);
			expect(result.stderr).toBe(
				`penguin-view: note: ${rotated}_003.jsonl: contexts 1–2 are not here (no earlier shard beside this ` +
					`one); showing the session from context 3\n`,
			);
			expect(result.stdout).not.toContain('not here');
			// One header, the session's, then the context's rule.
			const lines = result.stdout.split('\n');
			expect(lines.filter(line => line.startsWith('══ '))).toEqual([
				expect.stringMatching(new RegExp(`^══ session ${rotated} · custom/fake-model`)),
			]);
			expect(lines[0]).toMatch(/^══ session /);
			expect(lines[1]).toBe('═══ context 3 ═══');
			expect(result.stdout).toContain('[fake:chat] After compaction: what is a trace file again?');
			expect(result.stdout).toContain('── session totals');
		},
	);

	it('reopens a --json recording of a live stream as a trace, under any name, and prints the same session', async () => {
		server = await startSseServer();
		const recorder = spawn(process.execPath, [cliPath, '--sse', server.streamUrl, '--json'], {env: cliEnv()});
		let recorded = '';
		recorder.stdout.setEncoding('utf8').on('data', (chunk: string) => (recorded += chunk));
		const closed = new Promise(resolve => recorder.on('close', resolve));
		await waitFor(
			() => (recorded.match(/"request_end"/g) ?? []).length >= 5,
			'the recording of all five requests',
			15_000,
		);
		recorder.kill('SIGTERM');
		await closed;
		const fromStdin = await runCli(['--print', '--no-follow', '-'], {input: recorded});
		expect(fromStdin.stdout).toContain('[summary]The user asked for explanations');
		expect(fromStdin.stdout.split('\n')[0]).toBe('══ standard input');
		for (const name of ['rec.jsonl', 'recording.txt']) {
			const file = path.join(dir, name);
			writeFileSync(file, recorded);
			const reopened = await runCli(['--print', '--no-follow', file]);
			expect({code: reopened.code, stderr: reopened.stderr}, name).toEqual({code: 0, stderr: ''});
			// A main session's stream carries no session_meta: the header names the input instead.
			const [header, ...rest] = reopened.stdout.split('\n');
			expect(header, name).toBe(`══ ${name}`);
			expect(rest, name).toEqual(fromStdin.stdout.split('\n').slice(1));
			expect(reopened.stdout).toContain('slow-done');
		}
	}, 30_000);
});

describe('standard input without -', () => {
	const data = makeRoot();
	placeShard(retry, data.dateDir(), 1, Date.parse('2026-12-02T14:44:30Z'));
	placeShard(tools, data.dateDir(), 1, Date.parse('2026-12-02T14:45:00Z'));
	const env = {PENGUIN_HOME: data.root};
	afterAll(() => data.remove());

	it(
		'reads a pipe or a redirected file on stdin when no path is given, but not /dev/null, a closed stdin ' +
			'or a harness socket',
		async () => {
			const expected = await runCli(['--print', '--no-follow', original(retry)]);
			const piped = await runShell(`cat "${original(retry)}" | "$0" "$1" --print`, {env});
			expect({code: piped.code, stderr: piped.stderr}).toEqual({code: 0, stderr: ''});
			expect(piped.stdout).toBe(expected.stdout);
			// Compressed data through the pipe too.
			const compressed = path.join(dir, 'retry.gz');
			writeFileSync(compressed, gzipSync(fixtureBytes(`${retry}_001.jsonl`)));
			const gzipped = await runShell(`cat "${compressed}" | "$0" "$1" --print`, {env});
			expect(gzipped.stdout).toBe(expected.stdout);
			const fd = openSync(original(retry), 'r');
			try {
				const redirected = await runShell('"$0" "$1" --print', {env, stdin: fd});
				expect(redirected.stdout).toBe(expected.stdout);
			} finally {
				closeSync(fd);
			}
			const stats = await runShell(`cat "${original(retry)}" | "$0" "$1" --stats`, {env});
			expect(stats.stdout).toBe((await runCli(['--stats', original(retry)])).stdout);

			// What a CI job or a test harness hands a program it does not feed is not read: the newest session opens.
			const newest = `══ session ${tools}`;
			const fromNull = await runShell('"$0" "$1" --print --no-follow', {env});
			expect(fromNull.stdout).toContain(newest);
			const fromClosed = await runShell('"$0" "$1" --print --no-follow <&-', {env});
			expect(fromClosed.stdout).toContain(newest);
			// The harness's own stdin (child_process makes it a socket), ended at once.
			const fromHarness = await runCli(['--print', '--no-follow'], {env});
			expect(fromHarness.stdout).toContain(newest);
			const listed = await runShell('"$0" "$1" --list', {env});
			expect(listed.stdout).toContain(retry);
		},
	);
});

describe('what cannot be read whole', () => {
	it('a cut-short gzip: every record before the cut printed, one line on where it ended, exit 1', async () => {
		const trace = `${metaLine()}\n${toolOutputs(0, 300, 400)}`;
		const compressed = gzipSync(trace);
		const cut = Math.floor(compressed.length * 0.6);
		const file = path.join(dir, 'cut.jsonl.gz');
		writeFileSync(file, compressed.subarray(0, cut));
		// The records a reader can get out of the first `cut` bytes: every whole line of them.
		const partial = gunzipSync(compressed.subarray(0, cut), {finishFlush: constants.Z_SYNC_FLUSH}).toString('utf8');
		const lines = partial.slice(0, partial.lastIndexOf('\n')).split('\n').length;
		const kept = Array.from(partial.slice(0, partial.lastIndexOf('\n')).matchAll(/⟪F(\d+)⟫/g), match =>
			Number(match[1]),
		);
		expect(kept.length).toBeGreaterThan(50);
		for (const flags of [['--print'], ['--stats']]) {
			const result = await runCli([...flags, file]);
			expect(result.code, flags[0]).toBe(1);
			expect(result.stderr.trim().split('\n'), flags[0]).toEqual([
				`penguin-view: cut.jsonl.gz: the compressed data ends early, at byte ${cut}: the file is cut short ` +
					`(${lines} lines read before it)`,
			]);
			if (flags[0] === '--print') {
				for (const n of kept) expect(result.stdout).toContain(marker(n));
				expect(result.stdout).toContain('error: cut.jsonl.gz: the compressed data ends early');
			} else {
				expect(result.stdout).toMatch(/^Tool calls {2}\d+$/m);
			}
		}
	});

	it(
		'a file that is not JSON Lines at all: one line saying so, exit 1, in print mode and the others, ' +
			'followed or not',
		async () => {
			const file = path.join(dir, 'server.log');
			writeFileSync(
				file,
				Array.from(
					{length: 5000},
					(_, i) => `2026-12-02 14:43:${String(i % 60).padStart(2, '0')} INFO request ${i} served`,
				).join('\n'),
			);
			const short = path.join(dir, 'notes.txt');
			writeFileSync(short, 'first line\nsecond line\n');
			const cases: Array<[string[], string, string]> = [
				[['--print'], file, 'none of its first 100 lines is'],
				[['--print', '--no-follow'], short, 'none of its 2 lines is'],
				// Followed (the default in print mode): refused once the file is read to its end.
				[['--print'], short, 'none of its 2 lines is'],
				[['--json'], short, 'none of its 2 lines is'],
				[['--stats'], short, 'none of its 2 lines is'],
			];
			for (const [flags, given, which] of cases) {
				const result = await runCli([...flags, given]);
				const what = `${flags.join(' ')} ${path.basename(given)}`;
				expect(result.code, what).toBe(1);
				expect(result.stderr, what).toBe(`penguin-view: ${given}: not a trace: ${which} a JSON trace message\n`);
				expect(result.stdout, what).not.toContain('malformed');
			}
			const fromStdin = await runCli(['--print', '-'], {input: readFileSync(short, 'utf8')});
			expect(fromStdin.code).toBe(1);
			expect(fromStdin.stderr).toBe(
				'penguin-view: standard input: not a trace: none of its 2 lines is a JSON trace message\n',
			);
		},
	);
});
