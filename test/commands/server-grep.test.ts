// --grep PATTERN --sse SERVER against a fake server's trace routes: the listed sessions searched over HTTP, newest
// first, a session whose trace cannot be read named with exit 2; and the pool that asks for a few sessions at once.
import {afterEach, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/run-cli.js';
import {startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {fixtureLines} from '../support/io-fixtures.js';
import {inOrderPool} from '../../source/commands/ordered-pool.js';

const newer = 'session-2026-12-03-13-34-52-9a1ca335';
const older = 'session-2026-12-03-13-33-22-345be00c';
const broken = 'session-2026-12-03-13-33-57-ebfd3ab0';
/** A recorded session's lines as a server's trace events (parsed). */
const events = (file: string): unknown[] => fixtureLines(file).map(line => JSON.parse(line) as unknown);

let server: PenguinServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const start = async (): Promise<PenguinServer> =>
	startPenguinServer({
		traces: {
			[newer]: events('session-2026-12-02-14-43-17-694155ee_001.jsonl'),
			[older]: events('session-2026-12-02-14-45-42-8e7b556c_001.jsonl'),
		},
		// This session's trace list sends the reader to a port where nothing answers.
		redirect: path => (path === `/api/sessions/${broken}/traces` ? 'http://127.0.0.1:9/nothing' : undefined),
	});

describe('--grep --sse SERVER', () => {
	it("searches the listed sessions' traces over HTTP, newest first, one grep line per match", async () => {
		server = await start();
		const found = await runCli(['--grep', 'slow-done', '--sse', server.origin], {env: {}});
		const lines = found.stdout.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^9a1ca335 {2}\d\d:\d\d:\d\d {2}call {7}cmd: sleep 2; echo slow-done$/);
		expect(lines.some(line => /^9a1ca335 .* output {5}slow-done$/.test(line))).toBe(true);
		expect(lines.findIndex(line => line.startsWith('345be00c'))).toBeGreaterThan(
			lines.findLastIndex(line => line.startsWith('9a1ca335')),
		);
		// Each session's trace list was asked for once, and the shards of those that have one.
		expect(server.requestsTo(`/api/sessions/${newer}/traces`)).toHaveLength(1);
		expect(server.requests.filter(r => r.path.startsWith(`/api/sessions/${newer}/traces/1?`))).toHaveLength(1);
		// The session whose trace could not be read is named, and the exit code says so.
		expect(found.stderr).toContain(broken);
		expect(found.code).toBe(2);
		const json = await runCli(['--grep', 'slow-done', '--sse', server.origin, '--json'], {env: {}});
		const first = JSON.parse(json.stdout.split('\n')[0]!) as Record<string, unknown>;
		// The item is the trace's line, as on disk (the recorded file's line 20).
		expect(first).toMatchObject({sessionId: newer, kind: 'call', item: '1:20'});
	});

	it('-l names the sessions that match; nothing found is exit 1 once every trace was read', async () => {
		server = await startPenguinServer({traces: {[newer]: events('session-2026-12-02-14-43-17-694155ee_001.jsonl')}});
		const files = await runCli(['--grep', 'seq 1 300', '-l', '--sse', server.origin], {env: {}});
		expect(files.stdout).toBe(`${newer}\n`);
		expect(files.code).toBe(0);
		const none = await runCli(['--grep', 'no such words', '--sse', server.origin], {env: {}});
		expect(none.code).toBe(1);
		expect(none.stdout).toBe('');
	});
});

describe('the pool', () => {
	it('runs at most `limit` at once and hands the results on in order', async () => {
		let running = 0;
		let most = 0;
		const order: number[] = [];
		const delays = [30, 5, 20, 1, 10, 2, 8];
		await inOrderPool(
			delays,
			3,
			async delay => {
				running++;
				most = Math.max(most, running);
				await new Promise(resolve => setTimeout(resolve, delay));
				running--;
				return delay;
			},
			(_result, _item, index) => order.push(index),
		);
		expect(most).toBe(3);
		expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
	});
});
