// A stopping server says nothing of it on the stream (docs/sse.md, "A server that stops"): its drain aborts the run as
// a person's Stop does and keeps the stream open for its last second, but its listener is closed. After an abort the
// client asks the server again; a refused connection gives the stream up at once (reconnecting), not when the socket
// closes. A server that answers (a person's Stop) keeps the stream as it was. The stream is the real server's,
// recorded as it was stopped with SIGTERM during a run (issue 46, point 10).
import {describe, expect, it} from 'vitest';
import {startSseClient, type SseClient} from '../../source/io/sse/client.js';
import {Collector, fastTimings} from '../support/sse-collect.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {
	closeAfterEach,
	replayRecorded,
	startSseServer,
	type Answer,
	type SseTestServer,
} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

const record = serverAnswer('r5-restart-record-before.json') as Answer & {json: {session: {sessionId: string}}};
const sessionId = record.json.session.sessionId;
const blocks = serverStreamBlocks('r5-restart-stream-before.txt');
const probes = [5, 10, 20];

let server: SseTestServer | undefined;
let client: SseClient | undefined;
closeAfterEach(
	() => ({client, server}),
	() => (client = server = undefined),
);

async function follow(stopping: boolean): Promise<{collector: Collector; streamed: () => boolean}> {
	let streamed = false;
	server = await startSseServer({
		sessionId,
		messages: () => ({status: 200, json: {messages: []}}),
		info: () => record,
		stream: async connection => {
			await replayRecorded(connection, blocks);
			streamed = true;
			// The drain is over: the listener closes, the stream stays open (the forced exit comes a second later).
			if (stopping) server?.stopListening();
		},
	});
	const collector = new Collector();
	client = startSseClient(
		// No silence counts as a dead connection here: only the tries may give the stream up.
		{url: server.streamUrl, timings: {...fastTimings, idleTimeoutMs: 600_000, goodbyeProbeMs: probes}, random: () => 0},
		collector.listener,
	);
	return {collector, streamed: () => streamed};
}

describe('a run aborted on the stream', () => {
	it('by a stopping server (its listener closed): reconnecting at once, though the stream is still open', async () => {
		const {collector} = await follow(true);
		await collector.until(
			() => collector.messages().some(message => message.payload.type === 'abort'),
			'the abort on the stream',
		);
		await collector.until(
			() => collector.statuses().some(status => status.state === 'reconnecting' && status.retryAt !== undefined),
			'reconnecting',
		);
		const reconnecting = collector.statuses().find(status => status.state === 'reconnecting')!;
		expect(reconnecting.message).toMatch(/^the server is stopping: 127\.0\.0\.1:\d+ refuses connections$/);
		// The server never closed the stream: the client gave it up.
		await waitFor(() => server!.connections[0]!.closed, 'the stream given up by the client');
	});

	it('by a person (the server answers): the stream stays as it was, after the tries', async () => {
		const {collector, streamed} = await follow(false);
		await waitFor(streamed, 'the recorded run streamed');
		const infoPath = `/api/sessions/${sessionId}`;
		const before = server!.requestsTo(infoPath).length;
		// Each try asks for the session's record; all of them answered, nothing else is done.
		await waitFor(() => server!.requestsTo(infoPath).length >= before + probes.length, 'the tries');
		expect(collector.statuses().some(status => status.state === 'reconnecting')).toBe(false);
		expect(server!.connections).toHaveLength(1);
		expect(server!.connections[0]!.closed).toBe(false);
	});
});
