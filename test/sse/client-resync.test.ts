// The SSE client's history joins over the wire: the recorded mid-run history against the recorded stream (every delta
// once), resync_required and a new epoch (reset, then the fresh history), and a resync before the first join.
import {describe, expect, it} from 'vitest';
import {startSseClient, type SseClient} from '../../source/io/sse/client.js';
import {readHistory} from '../../source/io/sse/history.js';
import {joinHistory} from '../../source/io/sse/join.js';
import type {OmniMessage} from '../../source/protocol/types.js';
import {Collector, fastTimings} from '../support/sse-collect.js';
import {recordedAnswer, recordedBlocks, recordedSessionId, seqOf, type RecordedBlock} from '../support/sse-fixtures.js';
import {aggregateFragments, bufferedFrom} from '../support/sse-fragments.js';
import {startSseServer, type SseTestServer, closeAfterEach} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

const blocks = recordedBlocks();
const textOf = (list: readonly RecordedBlock[]): string => list.map(block => block.text).join('');
const indexOfId = (id: string): number => blocks.findIndex(block => block.id === id);
const messagesOf = (list: readonly RecordedBlock[]): OmniMessage[] =>
	list
		.filter(block => block.event === undefined && block.data !== undefined)
		.map(block => JSON.parse(block.data!) as OmniMessage);

let server: SseTestServer | undefined;
let client: SseClient | undefined;

closeAfterEach(
	() => ({client, server}),
	() => (client = server = undefined),
);

function follow(url: string): Collector {
	const collector = new Collector();
	client = startSseClient({url, timings: fastTimings, random: () => 0}, collector.listener);
	return collector;
}

function deferred(): {promise: Promise<void>; resolve: () => void} {
	let resolve!: () => void;
	const promise = new Promise<void>(done => {
		resolve = done;
	});
	return {promise, resolve};
}

describe('joining the mid-run history (cursor aa9ab217-71) with the live stream', () => {
	const answer = recordedAnswer('A-messages-midrun-task1.json');
	const history = readHistory(answer.json)!;
	const reference = joinHistory(history, bufferedFrom(blocks), 'aa9ab217').inputs.flatMap(input =>
		input.kind === 'message' ? [input.message] : [],
	);

	for (const [label, lastBefore] of [
		['the stream is past the cursor when history answers', 'aa9ab217-75'],
		['history answers with a cursor the stream has not reached yet', 'aa9ab217-60'],
	] as const) {
		it(`holds every delta exactly once when ${label}`, async () => {
			const split = indexOfId(lastBefore) + 1;
			const streamed = deferred();
			const answered = deferred();
			server = await startSseServer({
				stream: async connection => {
					await connection.write(textOf(blocks.slice(0, split)));
					streamed.resolve();
					await answered.promise;
					await connection.write(textOf(blocks.slice(split)));
				},
				messages: async (_n, request) => {
					await streamed.promise;
					// The rest of the stream follows once this answer is out.
					void server!.responded(request).then(answered.resolve);
					return answer;
				},
			});
			const collector = follow(server.streamUrl);
			await collector.until(
				() => collector.messages().length >= reference.length && collector.serverEvents().length > 0,
				'the joined stream',
			);
			const messages = collector.messages();
			expect(messages).toEqual(reference);
			// The text streaming at the cursor, put together from the seed and the later deltas, is the complete text.
			const [text] = aggregateFragments(collector.inputs());
			const complete = messages.find(
				message => message.payload.type === 'text' && message.payload['role'] === 'assistant',
			);
			expect(text.content).toBe(complete?.payload['text']);
			expect(text.content.startsWith(history.live!.fragments[0].payload['text'] as string)).toBe(true);
			expect(collector.events.some(event => event.type === 'reset')).toBe(false);
		});
	}
});

describe('rebuilding', () => {
	const afterTask1 = recordedAnswer('A-messages-after-task1.json');
	const afterTask1Messages = readHistory(afterTask1.json)!.messages;
	// Task 1 ends with id 132 (task_state idle); history A-messages-after-task1 holds it whole.
	const resume = indexOfId('aa9ab217-132') + 1;

	it('resync_required: reports a reset, then the fresh history and what followed, in the same tick', async () => {
		server = await startSseServer({
			stream: async connection => {
				if (connection.index === 0) {
					await connection.write(textOf(blocks.slice(0, indexOfId('aa9ab217-100') + 1)));
					connection.drop();
					return;
				}
				// The server's buffer no longer reaches back to the client's id.
				await connection.event({event: 'server_event', data: '{"type":"resync_required"}', id: 'aa9ab217-600'});
				await connection.event({
					event: 'server_event',
					data: '{"type":"task_state","state":"idle","queued":0}',
					id: 'aa9ab217-601',
				});
				await connection.write(textOf(blocks.slice(resume)));
			},
			messages: n => (n === 0 ? recordedAnswer('A-messages-before.json') : afterTask1),
		});
		const collector = follow(server.streamUrl);
		const wanted = [...afterTask1Messages, ...messagesOf(blocks.slice(resume))];
		await collector.until(
			() =>
				collector.events.some(event => event.type === 'reset') &&
				collector.inputsSinceReset().filter(input => input.kind === 'message').length >= wanted.length,
			'the rebuilt view',
		);
		expect(server.connections[1].lastEventId).toBe('aa9ab217-100');
		const resetAt = collector.events.findIndex(event => event.type === 'reset');
		expect(collector.events.filter(event => event.type === 'reset')).toHaveLength(1);
		// Nothing between the reset and the rebuilt content: the screen never sees an empty model.
		expect(collector.events[resetAt + 1].type).toBe('inputs');
		const rebuilt = collector.inputsSinceReset();
		expect(rebuilt.flatMap(input => (input.kind === 'message' ? [input.message] : []))).toEqual(wanted);
		expect(rebuilt.filter(input => input.kind === 'notice')).toEqual([
			{kind: 'notice', level: 'info', text: 'history reloaded: the server asked for a resync', aside: true},
		]);
		// Who the session is comes first (the URL names it; the test server has no record of it).
		expect(rebuilt[0]).toEqual({kind: 'session_info', info: {sessionId: recordedSessionId}});
		// History has no titles: the last one seen is repeated right after the reloaded history.
		expect(rebuilt[afterTask1Messages.length + 2]).toEqual({
			kind: 'server_event',
			event: JSON.parse(blocks[indexOfId('aa9ab217-9')].data!),
		});
		// resync_required itself is acted on, not passed on.
		expect(collector.serverEvents().some(item => item.event.type === 'resync_required')).toBe(false);
		const states = collector.statuses().map(status => status.state);
		expect(states.slice(states.indexOf('resyncing'))).toEqual(['resyncing', 'live']);
		expect(server.requestsTo('/messages')).toHaveLength(2);
	});

	it('a new epoch in the ids: the same rebuild', async () => {
		const reEpoch = (list: readonly RecordedBlock[]): string =>
			textOf(list).replaceAll('id: aa9ab217-', 'id: 4b3051e5-');
		server = await startSseServer({
			stream: async connection => {
				if (connection.index === 0) {
					await connection.write(textOf(blocks.slice(0, resume + 5)));
					connection.drop();
					return;
				}
				// A restarted server that (unlike upstream) does not say resync_required.
				await connection.write(reEpoch(blocks.slice(resume)));
			},
			messages: n => (n === 0 ? recordedAnswer('A-messages-before.json') : afterTask1),
		});
		const collector = follow(server.streamUrl);
		const wanted = [...afterTask1Messages, ...messagesOf(blocks.slice(resume))];
		await collector.until(
			() =>
				collector.inputsSinceReset().filter(input => input.kind === 'message').length >= wanted.length &&
				collector.events.some(event => event.type === 'reset'),
			'the rebuilt view',
		);
		const rebuilt = collector.inputsSinceReset();
		expect(rebuilt.flatMap(input => (input.kind === 'message' ? [input.message] : []))).toEqual(wanted);
		expect(
			rebuilt.filter(input => input.kind === 'notice').map(input => input.kind === 'notice' && input.text),
		).toEqual(['history reloaded: the server restarted its stream (new epoch)']);
		// Before the reset, the old connection's events had gone out live.
		const beforeReset = collector.events.slice(
			0,
			collector.events.findIndex(event => event.type === 'reset'),
		);
		expect(
			beforeReset
				.flatMap(event => (event.type === 'inputs' ? event.inputs : []))
				.filter(input => input.kind === 'message'),
		).toHaveLength(messagesOf(blocks.slice(0, resume + 5)).length);
	});

	it('a resync before the first join only restarts it: no reset', async () => {
		const firstAsked = deferred();
		const staleOut = deferred();
		server = await startSseServer({
			stream: async connection => {
				if (connection.index === 0) {
					await connection.write(textOf(blocks.slice(0, 3)));
					await firstAsked.promise;
					connection.drop();
					return;
				}
				await connection.event({event: 'server_event', data: '{"type":"resync_required"}', id: 'aa9ab217-600'});
				await connection.write(textOf(blocks.slice(resume, resume + 3)));
				// One more message once the stale answer is out: when it arrives, the client has had the stale answer too.
				await staleOut.promise;
				await connection.write(textOf(blocks.slice(resume + 3, resume + 4)));
			},
			messages: async (n, request) => {
				if (n === 0) {
					firstAsked.resolve();
					// Slower than the reconnect: answered only once the restarted join has asked again.
					await waitFor(() => server!.requestsTo('/messages').length === 2, 'the restarted join');
					void server!.responded(request).then(staleOut.resolve);
					return recordedAnswer('A-messages-before.json');
				}
				return afterTask1;
			},
		});
		const collector = follow(server.streamUrl);
		const expected = [...afterTask1Messages, ...messagesOf(blocks.slice(resume, resume + 4))];
		await collector.until(
			() => collector.messages().length >= expected.length,
			'the joined view and the message after the stale answer',
		);
		expect(collector.events.some(event => event.type === 'reset')).toBe(false);
		expect(collector.messages()).toEqual(expected);
		expect(server.requestsTo('/messages')).toHaveLength(2);
		expect(seqOf(server.connections[1].lastEventId)).toBe(3);
	});
});
