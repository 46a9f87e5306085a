// The built program over SSE: print mode live and --no-follow, --json recording that reopens as a trace, auth and error
// exits.
import {afterEach, describe, expect, it} from 'vitest';
import {recordedAnswer} from '../support/sse-fixtures.js';
import {startSseServer, type SseTestServer} from '../support/sse-server.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

let server: SseTestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe('--sse in print mode', () => {
	it('prints the live session as it streams, and exits 0 on SIGTERM', async () => {
		server = await startSseServer();
		const child = startCli(['--sse', server.streamUrl, '--print']);
		await waitFor(
			() => child.output().includes('[fake:chat] After compaction: what is a trace file again?'),
			'the third task',
			10_000,
		);
		await waitFor(() => child.output().includes('request 5 completed'), 'the last request');
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.code).toBe(0);
		const out = result.stdout;
		// The compaction summary arrives only as fragments on the stream: it stands as final.
		expect(out).toMatch(/compaction completed · manual · summarize[\s\S]*\[summary\]The user asked for explanations/);
		expect(out).toMatch(/tool output exec_command \(call_2f0b7e6cbdcf1fe7\) failed .* exit 2/);
		expect(out.match(/Unicode check: naïve café/g)).toHaveLength(2);
	});

	it('with --no-follow prints the history and the live fragment, then exits 0', async () => {
		server = await startSseServer({
			messages: () => recordedAnswer('A-messages-midrun-task1.json') as never,
			stream: connection => {
				connection.open();
				void connection.write(
					'event: server_event\ndata: {"type":"task_state","state":"running","queued":0}\nid: aa9ab217-72\n\n',
				);
			},
		});
		const result = await runCli(['--sse', server.streamUrl, '--print', '--no-follow']);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('[fake:chat] What is a trace file?');
		// The open fragment from live.fragments is shown as far as it got.
		expect(result.stdout).toContain('A **Trace** is an append-only JSON Lines file: each line is one OmniMessage');
	});

	it('records the stream with --json as a trace that opens again with the same content', async () => {
		server = await startSseServer();
		const child = startCli(['--sse', server.streamUrl, '--json']);
		await waitFor(
			() => (child.output().match(/"request_end"/g) ?? []).length >= 5,
			'the recording of all five requests',
		);
		child.kill('SIGTERM');
		const recorded = (await waitForExit(child, 5000)).stdout;
		const lines = recorded
			.split('\n')
			.filter(Boolean)
			.map(line => JSON.parse(line) as {payload: {type: string; text?: string}});
		expect(lines.some(line => line.payload.type.startsWith('partial_'))).toBe(false);
		const summary = lines.find(line => line.payload.type === 'text' && line.payload.text?.startsWith('[summary]'));
		expect(summary).toBeDefined();
		const texts = lines.filter(line => line.payload.type === 'text').map(line => line.payload.text);
		// the one repeat is the model's own: it answered the same question twice
		expect(new Set(texts).size).toBe(texts.length - 1);
		const reopened = await runCli(['--print', '--no-follow', '-'], {input: recorded});
		expect(reopened.code).toBe(0);
		expect(reopened.stdout).toContain('[summary]The user asked for explanations');
		expect(reopened.stdout).toContain('slow-done');
	});
});

describe('--sse errors', () => {
	it('says a login is needed on 401, with what the server said, and does not retry', async () => {
		server = await startSseServer({
			stream: connection =>
				connection.answer({status: 401, json: {error: {code: 'unauthorized', message: 'Not signed in.'}}}),
			other: () => ({status: 401, json: {error: {code: 'unauthorized', message: 'Not signed in.'}}}),
		});
		const result = await runCli(['--sse', server.streamUrl, '--print', '--cookie', 's3cret-cookie']);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/--cookie|--user/);
		expect(result.stderr).toContain('Not signed in.');
		expect(result.stderr + result.stdout).not.toContain('s3cret-cookie');
		expect(server.requestsTo('/stream')).toHaveLength(1);
	});

	it('says there is no such session on 404', async () => {
		server = await startSseServer({sessionId: 'session-other'});
		const result = await runCli(['--sse', `${server.origin}/api/sessions/session-missing/stream`, '--print']);
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/no such session/i);
	});
});
