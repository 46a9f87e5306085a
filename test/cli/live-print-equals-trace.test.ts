// Print mode's standard output of a live run equals print mode's of its trace afterwards, byte for byte: a real
// server's stream of a `[tools]` run (thinking, text, commands, a subagent) recorded from before its task, and the
// trace files it wrote (the parent's and the child's, in the data root's layout).
import {cpSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {serverAnswer, serverFixtureDir, serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type Answer, type SseTestServer} from '../support/sse-server.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

const record = serverAnswer('r3-tools-record.json') as Answer & {json: {session: {sessionId: string}}};
const sessionId = record.json.session.sessionId;
const traces = path.join(serverFixtureDir, 'r3-tools-traces');

let server: SseTestServer | undefined;
let home = '';
afterEach(async () => {
	await server?.close();
	server = undefined;
	if (home) rmSync(home, {recursive: true, force: true});
});

describe('live print and the trace’s print', () => {
	it('write the same bytes to standard output', async () => {
		server = await startSseServer({
			sessionId,
			info: () => ({status: 200, json: record.json}),
			other: request => (request.path.includes('/models') ? (serverAnswer('r3-models.json') as Answer) : undefined),
			stream: connection => replayRecorded(connection, serverStreamBlocks('r3-tools-stream.txt')),
		});
		const live = startCli(['--sse', server.streamUrl, '--print'], {TZ: 'UTC'});
		// The run's closing text is printed once its request ends: everything before it is out.
		await waitFor(() => /request 5 completed/.test(live.output()), 'the live run printed to its end', {
			show: () => live.output().slice(-3000),
		});
		live.kill('SIGTERM');
		const fromStream = await waitForExit(live, 10_000);

		home = mkdtempSync(path.join(tmpdir(), 'penguin-view-live-trace-'));
		const folder = path.join(home, 'default_project', 'agents', 'default_agent', 'traces', '2026-12-07');
		cpSync(traces, folder, {recursive: true});
		const parent = readdirSync(folder).find(name => name.startsWith(sessionId))!;
		const fromTrace = await runCli(['--print', '--no-follow', path.join(folder, parent)], {
			env: {TZ: 'UTC', PENGUIN_HOME: home},
		});
		expect(fromTrace.code).toBe(0);
		expect(fromStream.stdout).toBe(fromTrace.stdout);
		// An allow-all session: the server allowed each call by itself, no one decided (issue 46, point 8).
		expect(fromTrace.stdout).toContain('tool output exec_command');
		expect(fromTrace.stdout).not.toContain('approval allow');
	});
});
