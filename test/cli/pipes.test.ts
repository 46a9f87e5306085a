// The built program in a pipe: a finished trace is read to its end and the program exits, as cat would; -f follows, as
// tail -f.
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {makeRoot, placeShard, rotated} from '../commands/data-root.js';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';
import {closedPort} from '../support/sse-server.js';

const trace = path.join(fixturesDir, 'traces', `${rotated}_002.jsonl`);
const root = makeRoot();
placeShard(rotated, root.dateDir(), 1);
placeShard(rotated, root.dateDir(), 2);
afterAll(() => root.remove());

describe('print mode on a finished trace', () => {
	it('`penguin-view trace | …` reads to the end, writes the totals and exits 0', async () => {
		const result = await runCli([trace]);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('After compaction: what is a trace file again?');
		expect(result.stdout).toContain('── session totals');
	});

	it('a session id under PENGUIN_HOME, and --print, end the same way', async () => {
		for (const args of [[rotated], ['--print', rotated]]) {
			const result = await runCli(args, {env: {PENGUIN_HOME: root.root}});
			expect(result.code).toBe(0);
			expect(result.stdout).toContain('═══ context 2 · after compaction ═══');
			expect(result.stdout).toContain('── session totals');
		}
	});

	it('-f follows until a signal ends it', async () => {
		const child = startCli(['-f', trace]);
		await waitFor(() => child.output().includes('After compaction: what is a trace file again?'), 'the records');
		expect(child.exitCode).toBeNull();
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('── session totals');
	});
});

describe('--sse URL --no-follow', () => {
	it('with the server down: one try, one line, exit 1 (as --list)', async () => {
		const port = await closedPort();
		const result = await runCli(['--sse', `http://127.0.0.1:${port}/api/sessions/session-x/stream`, '--no-follow']);
		expect(result.code).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr.split('\n').filter(Boolean)).toEqual([
			expect.stringMatching(new RegExp(`^penguin-view: .*127\\.0\\.0\\.1:${port}`)),
		]);
		expect(result.stderr).not.toContain('reconnecting');
	});
});

describe('--help', () => {
	it('names -f/--follow and says ? lists the keys', async () => {
		const result = await runCli(['--help']);
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/-f, --follow +keep following a trace in print mode/);
		expect(result.stdout).toMatch(/\? +on the screen: every key, and what it does/);
	});
});
