// The SSE client against the test server: the recorded stream, heartbeats and dead connections, reconnects with
// Last-Event-ID after a drop mid-event, slow drip, a huge event, non-JSON data and unknown event names.
import fc from 'fast-check';
import {setTimeout as sleep} from 'node:timers/promises';
import {describe, expect, it} from 'vitest';
import {startSseClient, type SseClient, type SseClientOptions} from '../../source/io/sse/client.js';
import {Collector, fastTimings} from '../support/sse-collect.js';
import {recordedBlocks, recordedMessages, recordedSessionId} from '../support/sse-fixtures.js';
import {
	ReplayBuffer,
	startSseServer,
	type SseConnection,
	type SseTestServer,
	closeAfterEach,
} from '../support/sse-server.js';

const blocks = recordedBlocks();
const allMessages = recordedMessages();

let server: SseTestServer | undefined;
let client: SseClient | undefined;

closeAfterEach(
	() => ({client, server}),
	() => (client = server = undefined),
);

function follow(url: string, options: Partial<SseClientOptions> = {}): Collector {
	const collector = new Collector();
	client = startSseClient({url, timings: fastTimings, random: () => 0, ...options}, collector.listener);
	return collector;
}

/**
 * A stream script that replays from the buffer after Last-Event-ID and drops the n-th connection after `cuts[n]` bytes.
 */
function droppingReplay(cuts: readonly number[]): (connection: SseConnection) => Promise<void> {
	const buffer = new ReplayBuffer(blocks);
	return async connection => {
		const rest = buffer.after(connection.lastEventId) ?? [];
		const bytes = Buffer.from(rest.map(block => block.text).join(''));
		const cut = cuts[connection.index];
		if (cut === undefined) {
			await connection.write(bytes);
			return;
		}
		await connection.write(bytes.subarray(0, Math.min(cut, bytes.length)));
		connection.drop();
	};
}

describe('the recorded stream', () => {
	it('passes every recorded message and server event through, in order', async () => {
		server = await startSseServer();
		const collector = follow(server.streamUrl);
		await collector.until(() => collector.messages().length === allMessages.length, 'all recorded messages');
		expect(collector.messages()).toEqual(allMessages);
		const serverEvents = blocks
			.filter(block => block.event === 'server_event')
			.map(block => JSON.parse(block.data!) as unknown);
		expect(collector.serverEvents().map(item => item.event)).toEqual(serverEvents);
		expect(collector.statuses().map(status => status.state)).toEqual(['connecting', 'connecting', 'live']);
		// History and the session's record were fetched once, after the stream had opened.
		const paths = server.requests.map(request => request.path.split('/').at(-1));
		expect(paths[0]).toBe('stream');
		expect(paths.slice(1).sort()).toEqual(['messages', recordedSessionId]);
		expect(server.connections[0].request.headers['accept']).toBe('text/event-stream');
		expect(server.connections[0].lastEventId).toBeUndefined();
	});
});

describe('heartbeats and dead connections', () => {
	it(
		'stays on a connection that only sends heartbeats, ' + 'and reconnects from the last id once even those stop',
		async () => {
			// Heartbeats at a tenth of the idle timeout: a loaded machine's late timers cannot make them look missing.
			const idleTimeoutMs = 300;
			let survivedPings = false;
			server = await startSseServer({
				stream: async connection => {
					if (connection.index > 0) {
						await connection.event({
							event: 'server_event',
							data: '{"type":"task_state","state":"idle"}',
							id: 'aa9ab217-500',
						});
						return;
					}
					await connection.write(
						blocks
							.slice(0, 3)
							.map(block => block.text)
							.join(''),
					);
					for (let i = 0; i < 12; i++) {
						// The server's heartbeat, every tenth of the idle timeout (this is the scenario, not a wait).
						await sleep(idleTimeoutMs / 10);
						await connection.ping();
					}
					// 360 ms, past the idle timeout, on heartbeats alone; then silence, the connection left open.
					survivedPings = !connection.closed;
				},
			});
			const collector = follow(server.streamUrl, {timings: {...fastTimings, idleTimeoutMs}});
			await collector.until(() => server!.connections.length === 2, 'a second connection', 5000);
			expect(survivedPings).toBe(true);
			expect(server.connections[1].lastEventId).toBe('aa9ab217-3');
			const reconnecting = collector.statuses().find(status => status.state === 'reconnecting');
			expect(reconnecting?.message).toBe('no data for 0.3 s: the connection looks dead');
			await collector.until(() => collector.serverEvents().length === 3, 'the event after the reconnect');
			expect(collector.statuses().at(-1)?.state).toBe('live');
		},
	);
});

describe('reconnecting after a drop', () => {
	it(
		'resumes with Last-Event-ID after a drop in the middle of an event (inside a multi-byte character), ' +
			'losing and repeating nothing',
		async () => {
			// Cut inside the 🐧 of block 126: the bytes of blocks 0–125, then part of 126.
			const before = Buffer.byteLength(
				blocks
					.slice(0, 126)
					.map(block => block.text)
					.join(''),
			);
			const inPenguin = Buffer.from(blocks[126].text).indexOf(Buffer.from('🐧')) + 2;
			server = await startSseServer({stream: droppingReplay([before + inPenguin])});
			const collector = follow(server.streamUrl);
			await collector.until(() => collector.messages().length === allMessages.length, 'all recorded messages');
			expect(server.connections).toHaveLength(2);
			expect(server.connections[1].lastEventId).toBe(blocks[125].id);
			expect(collector.messages()).toEqual(allMessages);
			const retry = collector.statuses().find(status => status.state === 'reconnecting');
			expect(retry?.attempt).toBe(1);
			expect(typeof retry?.retryAt).toBe('number');
			expect(collector.statuses().at(-1)?.state).toBe('live');
			// A resumed stream is not a new history: fetched once.
			expect(server.requestsTo('/messages')).toHaveLength(1);
		},
	);

	it('loses and repeats nothing wherever the connection drops, however often', async () => {
		const total = Buffer.byteLength(blocks.map(block => block.text).join(''));
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.integer({min: 1, max: Math.floor(total / 3)}), {minLength: 1, maxLength: 3}),
				async cuts => {
					server = await startSseServer({stream: droppingReplay(cuts)});
					const collector = follow(server.streamUrl);
					try {
						await collector.until(
							() => collector.messages().length >= allMessages.length && server!.connections.length > cuts.length,
							'all messages',
						);
						expect(collector.messages()).toEqual(allMessages);
					} finally {
						client?.close();
						await server.close();
						server = undefined;
					}
				},
			),
			{numRuns: 4},
		);
	});
});

describe('awkward data', () => {
	it('reads a stream that drips in byte by byte', async () => {
		// The blocks with 日本語 and 🐧: every multi-byte character arrives split over several reads.
		const span = [blocks[123], blocks[126]];
		server = await startSseServer({
			stream: async connection => {
				await connection.drip(span.map(block => block.text).join(''));
			},
		});
		const collector = follow(server.streamUrl);
		await collector.until(() => collector.messages().length === 2, 'both messages');
		expect(collector.messages()).toEqual(span.map(block => JSON.parse(block.data!) as unknown));
	});

	it('drops an event over the size limit with a notice and carries on', async () => {
		// The 16 MiB default is exercised on the framer alone; here a smaller limit keeps the test quick.
		const maxEventBytes = 256 * 1024;
		server = await startSseServer({
			stream: async connection => {
				await connection.write(blocks[1].text);
				await connection.write(`data: {"huge":"${'x'.repeat(maxEventBytes)}"}\nid: aa9ab217-3\n\n`);
				await connection.write(blocks[4].text);
			},
		});
		const collector = follow(server.streamUrl, {maxEventBytes});
		await collector.until(() => collector.messages().length === 2, 'the messages around the huge event');
		expect(collector.messages()).toEqual([JSON.parse(blocks[1].data!), JSON.parse(blocks[4].data!)]);
		expect(collector.notices()).toEqual(['dropped a stream event larger than 0.3 MiB; the stream carries on']);
		expect(server.connections).toHaveLength(1);
	});

	it('turns non-JSON data into a notice and passes unknown event names on as server events', async () => {
		server = await startSseServer({
			stream: async connection => {
				await connection.event({data: 'this is not json', id: 'e1-1'});
				await connection.event({data: '{"no":"payload"}', id: 'e1-2'});
				await connection.event({event: 'sparkle', data: '{"level":3}', id: 'e1-3'});
				await connection.event({event: 'sparkle', data: 'plain words', id: 'e1-4'});
				await connection.event({
					event: 'server_event',
					data: '{"type":"approval_request","toolCall":{"payload":{"tool_call_id":"c1"}},"origin":["child-1"]}',
					id: 'e1-5',
				});
				await connection.event({event: 'server_event', data: '[1,2]', id: 'e1-6'});
				await connection.write(blocks[1].text.replace('aa9ab217-2', 'e1-7'));
			},
		});
		const collector = follow(server.streamUrl);
		await collector.until(() => collector.messages().length === 1, 'the message after the odd events');
		expect(collector.notices()).toEqual([
			'skipped a stream event that is not JSON (id e1-1): this is not json',
			'skipped a stream event that is not an OmniMessage (id e1-2): {"no":"payload"}',
			'skipped a server event without a type (id e1-6): [1,2]',
		]);
		expect(collector.serverEvents()).toEqual([
			{event: {type: 'sparkle', data: {level: 3}}, origin: undefined},
			{event: {type: 'sparkle', data: 'plain words'}, origin: undefined},
			{
				event: {type: 'approval_request', toolCall: {payload: {tool_call_id: 'c1'}}, origin: ['child-1']},
				origin: ['child-1'],
			},
		]);
		expect(server.connections).toHaveLength(1);
	});
});
