// Live print mode keeps a subagent's nested block whole (issue 29): the parent's request that ends while its child
// works is written after the child's block.
import {afterEach, describe, expect, it} from 'vitest';
import {serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded, startSseServer, type SseTestServer} from '../support/sse-server.js';
import {startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

let server: SseTestServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

describe('a subagent followed live in print mode', () => {
	it('is one block; the parent lines that ended meanwhile follow it', async () => {
		// The recorded run: the parent's request 1 ends (token_usage, request_end) while its subagent works.
		server = await startSseServer({
			sessionId: 'session-2026-12-04-20-41-37-54d42c82',
			messages: () => ({status: 200, json: {messages: []}}),
			stream: connection => replayRecorded(connection, serverStreamBlocks('session-stream-subagent-approval.txt')),
		});
		const child = startCli(['--sse', server.streamUrl, '--print'], {TZ: 'UTC'});
		await waitFor(() => child.output().includes('The subagent answered'), 'the run printed', {show: child.output});
		await waitFor(
			() => child.output().includes('request 2 completed · tokens 1.1k (cache read 800, cache write 320, output 19)'),
			'its last request',
		);
		child.kill('SIGTERM');
		const lines = (await waitForExit(child, 10_000)).stdout.split('\n');
		const nested = lines.flatMap((line, index) => (line.startsWith('│') ? [index] : []));
		expect(nested.length).toBeGreaterThan(10);
		// One block: no line of the parent between its first and last lines.
		expect(nested.at(-1)! - nested[0]! + 1).toBe(nested.length);
		const after = lines.slice(nested.at(-1)! + 1);
		expect(after[0]).toBe('[20:41:46] request 1 completed · tokens 1.1k (cache read 0, cache write 1k, output 37)');
		expect(after[1]).toMatch(/^\[20:41:54\] tool output run_subagent \(call_8ab0e9a19f6bea0f\) done/);
	});
});
