// The built program against a fake server answering what a real one recorded (fixtures/server/):
// a pending approval in print mode, the preview host's 401, a failed connection, the session's record.
import {afterEach, describe, expect, it} from 'vitest';
import type {OmniMessage} from '../../source/protocol/types.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {recordedServerStream, startSseServer, type SseTestServer} from '../support/sse-server.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

let server: SseTestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const approvalStream = 'session-stream-approval.txt';
const approvalSession = 'session-2026-12-03-13-34-16-4be26254';
const blocks = serverStreamBlocks(approvalStream);
const approvalBlock = blocks.find(block => block.data?.includes('"approval_request"'))!;
// As every line of print mode, with its time (local: any time zone).
const requestedLine = 'approval requested: exec_command (call_fake_49)';
const isRequested = (line: string): boolean =>
	/^\[\d\d:\d\d:\d\d\] approval requested: exec_command \(call_fake_49\)$/.test(line);

describe('a tool call waiting for approval, in print mode', () => {
	it('prints one line when the wait starts (the recorded stream held at its approval_request)', async () => {
		server = await startSseServer({
			sessionId: approvalSession,
			stream: recordedServerStream(approvalStream, approvalBlock.id),
		});
		const child = startCli(['--sse', server.streamUrl, '--print']);
		await waitFor(() => child.output().includes(requestedLine), 'the approval line', 10_000);
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.code).toBe(0);
		expect(result.stdout.split('\n').filter(isRequested)).toHaveLength(1);
		// After the call itself.
		expect(result.stdout.indexOf('tool call exec_command (call_fake_49)')).toBeLessThan(
			result.stdout.indexOf(requestedLine),
		);
	});

	it('joining while it is pending: the request the server sends again to a new connection', async () => {
		// What the session route sends first on every connection: the task state, then each pending
		// approval again; history (from the trace) has the call itself.
		const history = blocks
			.slice(0, blocks.indexOf(approvalBlock))
			.filter(block => block.event === undefined && block.data !== undefined)
			.map(block => JSON.parse(block.data!) as OmniMessage)
			.filter(message => !message.payload.type.startsWith('partial_'));
		server = await startSseServer({
			sessionId: approvalSession,
			messages: () => ({status: 200, json: {messages: history}}),
			stream: async connection => {
				await connection.event({
					event: 'server_event',
					data: '{"type":"task_state","state":"running","queued":0}',
					id: 'b0b0b0b0-1',
				});
				await connection.event({event: 'server_event', data: approvalBlock.data!, id: 'b0b0b0b0-2'});
			},
		});
		const child = startCli(['--sse', server.streamUrl, '--print']);
		await waitFor(() => child.output().includes(requestedLine), 'the approval line', 10_000);
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.stdout.split('\n').filter(isRequested)).toHaveLength(1);
		expect(result.stdout).toContain('[approve] please run echo');
	});
});

describe('the preview host', () => {
	const refusal = serverAnswer('preview-host-401.json');

	it('says to use localhost instead of asking for a login, and exits 1 with nothing on stdout', async () => {
		server = await startSseServer({
			sessionId: approvalSession,
			stream: connection => connection.answer(refusal),
			other: () => refusal,
			messages: () => refusal,
		});
		const result = await runCli(['--sse', server.streamUrl, '--print']);
		expect(result.code).toBe(1);
		const lines = result.stderr.trim().split('\n');
		expect(lines).toHaveLength(1);
		expect(lines[0]).toContain('preview host');
		expect(lines[0]).toContain(`use http://localhost:${server.port}/api/sessions/${approvalSession}/stream`);
		expect(result.stderr).not.toMatch(/--cookie|--user|needs a login/);
		// Nothing was read: no totals.
		expect(result.stdout).toBe('');
	});

	it('the same when --user logs in first', async () => {
		server = await startSseServer({
			sessionId: approvalSession,
			stream: connection => connection.answer(refusal),
			login: () => refusal,
			other: () => refusal,
		});
		const result = await runCli(['--sse', server.streamUrl, '--print', '--user', 'alice'], {
			env: {PENGUIN_PASSWORD: 'pw-secret'},
		});
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('preview host');
		expect(result.stderr).toContain(`use http://localhost:${server.port}\n`);
		expect(result.stderr).not.toContain('pw-secret');
		expect(result.stdout).toBe('');
	});
});

describe('a connection that fails', () => {
	it('writes nothing to stdout when nothing was read (no session totals)', async () => {
		const unauthorized = {
			status: 401,
			json: {error: {code: 'unauthorized', message: 'Not signed in or the sign-in has expired.'}},
		};
		server = await startSseServer({stream: connection => connection.answer(unauthorized), other: () => unauthorized});
		const result = await runCli(['--sse', server.streamUrl, '--print']);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('Not signed in');
		expect(result.stdout).toBe('');
	});
});

describe('the session record', () => {
	it('names the session, its model and workspace when there is no history yet', async () => {
		const record = serverAnswer('session-running.json');
		const sessionId = 'session-2026-12-03-13-35-40-a1f7cf26';
		server = await startSseServer({
			sessionId,
			info: () => record,
			// Nothing written yet: empty history, and the prompt the server echoes on the stream.
			messages: () => ({status: 200, json: {messages: []}}),
			stream: async connection => {
				await connection.event({
					event: 'server_event',
					data: '{"type":"task_state","state":"running","queued":0}',
					id: 'c0c0c0c0-1',
				});
				await connection.event({
					data: JSON.stringify({
						timestamp: '2026-12-03T13:35:40.500Z',
						type: 'model_msg',
						payload: {type: 'text', role: 'user', text: 'list it'},
					}),
					id: 'c0c0c0c0-2',
				});
				// The tool list the run starts with, as the server streams it: the header waits for it, as a trace's does.
				const tools = [
					{name: 'read_file', description: 'Read a file.'},
					{name: 'exec_command', description: 'Run a command.'},
				];
				await connection.event({
					data: JSON.stringify({
						timestamp: '2026-12-03T13:35:40.550Z',
						type: 'event_msg',
						payload: {type: 'tool_list_ready', tools},
					}),
					id: 'c0c0c0c0-3',
				});
			},
		});
		const child = startCli(['--sse', server.streamUrl, '--print']);
		await waitFor(() => child.output().includes('list it'), 'the prompt', 10_000);
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.stdout.split('\n')[0]).toBe(
			`══ session ${sessionId} · custom/fake-model · workspace` +
				` /home/dev/penguin-home/default_project/agents/default_agent/workspaces/tmp-bd7fdcdc · 2 tools`,
		);
	});
});
