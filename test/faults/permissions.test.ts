// Permissions really missing, also when the tests run as root (the built program then runs as nobody, uid 65534): an
// unreadable trace or folder is one line and exit code 1; a followed file that becomes unreadable gives one notice, and
// the reading goes on once access is back.
import {appendFileSync, chmodSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, expect, it} from 'vitest';
import {runCli, waitFor} from '../helpers/run-cli.js';
import {
	faultSessionId,
	metaLine,
	toolOutputs,
	unprivileged,
	stopRun,
	watchRun,
	type WatchedRun,
} from '../support/fault-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {wakeups} from '../support/process-state.js';

let dir = '';
let run: WatchedRun | undefined;
const range = (from: number, to: number): number[] => Array.from({length: to - from}, (_, i) => from + i);

beforeEach(() => {
	dir = makeTempDir('penguin-view-permissions-');
	// The temp folder is private to its owner: open it to the unprivileged user.
	chmodSync(dir, 0o755);
});

afterEach(async () => {
	await stopRun(run);
	run = undefined;
	removeTempDir(dir);
});

/** The program's real uid, from /proc: proof that it runs as the unprivileged user. */
function uidOf(pid: number): number {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8')
		.split('\n')
		.find(each => each.startsWith('Uid:'))!;
	return Number(line.split(/\s+/)[1]);
}

it('an unreadable trace, and an unreadable folder: one line each naming it, exit code 1', async () => {
	const dateDir = path.join(dir, 'proj', 'agents', 'main', 'traces', '2026-12-02');
	mkdirSync(dateDir, {recursive: true});
	for (let folder = dateDir; folder !== dir; folder = path.dirname(folder)) chmodSync(folder, 0o755);
	const shard = path.join(dateDir, `${faultSessionId}_001.jsonl`);
	writeFileSync(shard, `${metaLine()}\n`);
	chmodSync(shard, 0o000);
	const unreadable = await runCli(['--print', '--no-follow', shard], {uid: unprivileged});
	expect(unreadable.code).toBe(1);
	expect(unreadable.stderr).toBe(`penguin-view: ${shard}: permission denied\n`);

	chmodSync(shard, 0o644);
	chmodSync(dateDir, 0o000);
	try {
		const closed = await runCli(['--print', '--no-follow', dateDir], {uid: unprivileged});
		expect(closed.code).toBe(1);
		expect(closed.stderr).toBe(`penguin-view: ${dateDir}: permission denied\n`);
	} finally {
		chmodSync(dateDir, 0o755);
	}
});

it(
	'a followed file that becomes unreadable: one notice however long it lasts, no crash, and every record ' +
		'once access is back',
	async () => {
		const file = path.join(dir, `${faultSessionId}_001.jsonl`);
		writeFileSync(file, `${metaLine()}\n${toolOutputs(0, 3, 100)}`);
		run = watchRun(['--print', '--follow', file], {uid: unprivileged, watchFor: ['permission denied']});
		await waitFor(() => range(0, 3).every(n => run!.seen.has(n)), 'the first records', 10_000);
		if (unprivileged !== undefined) expect(uidOf(run.pid!)).toBe(unprivileged);
		chmodSync(file, 0o000);
		appendFileSync(file, toolOutputs(3, 2, 100));
		await waitFor(() => run!.linesWith('permission denied').length === 1, 'the permission notice');
		// More appends while it is unreadable, and the program woken a dozen times since (its
		// safety polls every 250 ms, the watch's events): every attempt fails the same way; still one notice.
		const woken = wakeups(run.pid!);
		appendFileSync(file, toolOutputs(5, 1, 100));
		appendFileSync(file, toolOutputs(6, 1, 100));
		await waitFor(
			() => wakeups(run!.pid!) >= woken + 12,
			'the program to wake a dozen times while the file is unreadable',
		);
		expect(run.linesWith('permission denied')).toEqual([`error: ${path.basename(file)}: permission denied`]);
		expect(run.exitCode).toBeNull();
		chmodSync(file, 0o644);
		appendFileSync(file, toolOutputs(7, 2, 100));
		await waitFor(
			() => range(3, 9).every(n => run!.seen.has(n)),
			'the records written while it was unreadable and after',
		);
		run.kill('SIGTERM');
		expect(await run.exited).toBe(0);
		expect(run.stderrText()).toBe('');
	},
);
