// A real server restarted while a subagent ran (issue 46, point 9): the stream stops after the parent's run_subagent
// was answered `aborted` and the parent's abort, before the child's own last lines; the restarted server asks for a
// resync and its history holds them. Print mode's standard output of that live run equals print mode's of the trace
// files afterwards, byte for byte: the child's last lines inside its block, the parent's abort after it. What the
// connection did (reconnecting, the resync) is said on standard error only.
import {cpSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {serverAnswer, serverFixtureDir, serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type Answer, type SseTestServer} from '../support/sse-server.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

const before = serverAnswer('r5-restart-record-before.json') as Answer & {json: {session: {sessionId: string}}};
const after = serverAnswer('r5-restart-record-after.json') as Answer;
const sessionId = before.json.session.sessionId;
const traces = path.join(serverFixtureDir, 'r5-restart-traces');

let server: SseTestServer | undefined;
let home = '';
afterEach(async () => {
	await server?.close();
	server = undefined;
	if (home) rmSync(home, {recursive: true, force: true});
});

describe('a server restarted while a subagent runs', () => {
	it('live print writes the bytes the trace’s print writes; the connection’s story goes to stderr', async () => {
		server = await startSseServer({
			sessionId,
			// Empty before the task; after the restart, the whole run as the restarted server read it back.
			messages: n => (n === 0 ? {status: 200, json: {messages: []}} : serverAnswer('r5-restart-messages-after.json')),
			info: () => (server !== undefined && server.connections.length > 1 ? after : before),
			other: request => (request.path.includes('/models') ? (serverAnswer('r3-models.json') as Answer) : undefined),
			stream: async connection => {
				if (connection.index > 0) return replayRecorded(connection, serverStreamBlocks('r5-restart-stream-after.txt'));
				await replayRecorded(connection, serverStreamBlocks('r5-restart-stream-before.txt'));
				// The server goes away (its forced exit).
				connection.drop();
			},
		});
		const live = startCli(['--sse', server.streamUrl, '--print'], {TZ: 'UTC'});
		const show = {show: () => `${live.output().slice(-1200)}\n--- stderr ---\n${live.errors()}`};
		await waitFor(() => live.errors().includes('resyncing'), 'the resync after the restart', show);
		// The child's abort, the last line of the run, is written once the reloaded history is.
		await waitFor(() => (live.output().match(/abort: aborted by user/g) ?? []).length === 2, 'both aborts', show);
		live.kill('SIGTERM');
		const fromStream = await waitForExit(live, 10_000);

		home = mkdtempSync(path.join(tmpdir(), 'penguin-view-restart-trace-'));
		const folder = path.join(home, 'default_project', 'agents', 'default_agent', 'traces', '2026-12-07');
		cpSync(traces, folder, {recursive: true});
		const parent = readdirSync(folder).find(name => name.startsWith(sessionId))!;
		const fromTrace = await runCli(['--print', '--no-follow', path.join(folder, parent)], {
			env: {TZ: 'UTC', PENGUIN_HOME: home},
		});
		expect(fromTrace.code).toBe(0);
		expect(fromStream.stdout).toBe(fromTrace.stdout);
		// The child's last lines inside its block, before the parent's answer and abort.
		const lines = fromTrace.stdout.split('\n');
		const childAbort = lines.indexOf('│ [06:56:55] abort: aborted by user');
		const parentAnswer = lines.findIndex(line => /tool output run_subagent .* aborted/.test(line));
		expect(childAbort).toBeGreaterThan(0);
		expect(parentAnswer).toBeGreaterThan(childAbort);
		expect(fromStream.stderr).toContain('reconnecting');
		expect(fromStream.stdout).not.toContain('reconnecting');
	});
});
