// The session model fed by the SSE client: the recorded stream's final view is the same when the connection is cut at
// random points and resumed, when the viewer joins mid-run, and after a resync rebuild.
import fc from 'fast-check';
import {beforeAll, describe, expect, it} from 'vitest';
import type {SseClientEvent} from '../../source/io/sse/client-events.js';
import {startSseClient, type SseClient} from '../../source/io/sse/client.js';
import {SessionModel} from '../../source/model/session-model.js';
import {CompleteMessageRecorder} from '../../source/output/json-writer.js';
import type {SessionView} from '../../source/model/view-model.js';
import {Collector, fastTimings} from '../support/sse-collect.js';
import {recordedAnswer, recordedBlocks, recordedMessages, type RecordedBlock} from '../support/sse-fixtures.js';
import {
	ReplayBuffer,
	startSseServer,
	type SseConnection,
	type SseServerOptions,
	type SseTestServer,
	closeAfterEach,
} from '../support/sse-server.js';

const blocks = recordedBlocks();
const lastMessage = recordedMessages().at(-1);
const textOf = (list: readonly RecordedBlock[]): string => list.map(block => block.text).join('');
const bytesOf = (list: readonly RecordedBlock[]): Buffer => Buffer.from(textOf(list));
const indexAfter = (id: string): number => blocks.findIndex(block => block.id === id) + 1;

let server: SseTestServer | undefined;
let client: SseClient | undefined;

closeAfterEach(
	() => ({client, server}),
	() => (client = server = undefined),
);

/** What the owner does with the reports: a reset starts a new model, inputs are applied (at a fixed clock). */
function viewOf(events: readonly SseClientEvent[]): SessionView {
	let model = new SessionModel();
	for (const event of events) {
		if (event.type === 'reset') model = new SessionModel();
		else if (event.type === 'inputs') model.applyAll(event.inputs, 0);
	}
	return model.view;
}

/** What --json writes for these reports: complete messages, partials aggregated. */
function recordingOf(events: readonly SseClientEvent[]): string[] {
	const recorder = new CompleteMessageRecorder();
	const lines: string[] = [];
	for (const event of events) {
		if (event.type !== 'inputs') continue;
		for (const input of event.inputs) for (const message of recorder.accept(input)) lines.push(JSON.stringify(message));
	}
	return lines;
}

/** The reports of the last `follow`, for the recording. */
let lastEvents: readonly SseClientEvent[] = [];

/**
 * The view without what legitimately depends on how it was learnt: ids, revisions and appends
 * (counters), times (history has only the complete message, so a thinking's start and
 * duration differ), the header fields that only history's session_meta carries, the
 * client's notices ("history reloaded"), and the title: it is only a server event, so a
 * viewer whose connection began after it never learns it.
 */
function normalized(view: SessionView): unknown {
	// `messages` counts what was applied, which depends on where the viewer joined (the join folds repeats).
	const skip = new Set(['id', 'rev', 'appends', 'at', 'durationMs', 'endedAt', 'messages']);
	const {header, items, spend, ...rest} = view;
	const kept = items.filter(item => item.kind !== 'notice');
	// What was spent before the join is one `earlier` line rather than its requests': the sums are the same.
	const spent = spend.reduce(
		(sum, line) => ({
			cache_read: sum.cache_read + line.tokens.cache_read,
			cache_write: sum.cache_write + line.tokens.cache_write,
			output: sum.output + line.tokens.output,
		}),
		{cache_read: 0, cache_write: 0, output: 0},
	);
	return JSON.parse(
		JSON.stringify({...rest, spent, items: kept, tools: header.tools}, (key, value: unknown) =>
			skip.has(key) ? undefined : value,
		),
	);
}

/** Runs one client against one server until the recorded stream's last message and idle state are in. */
async function follow(options: SseServerOptions): Promise<SessionView> {
	server = await startSseServer(options);
	const collector = new Collector();
	client = startSseClient({url: server.streamUrl, timings: fastTimings, random: () => 0}, collector.listener);
	try {
		await collector.until(() => {
			const inputs = collector.inputsSinceReset();
			const event = inputs.findLast(input => input.kind === 'server_event');
			const message = inputs.findLast(input => input.kind === 'message');
			return (
				event?.kind === 'server_event' &&
				event.event.type === 'task_state' &&
				event.event['state'] === 'idle' &&
				message?.kind === 'message' &&
				JSON.stringify(message.message) === JSON.stringify(lastMessage)
			);
		}, 'the end of the recorded stream');
		lastEvents = [...collector.events];
		return viewOf(collector.events);
	} finally {
		client.close();
		client = undefined;
		await server.close();
		server = undefined;
	}
}

/** Replays after Last-Event-ID and drops the n-th connection after `cuts[n]` bytes. */
function droppingReplay(cuts: readonly number[]): (connection: SseConnection) => Promise<void> {
	const buffer = new ReplayBuffer(blocks);
	return async connection => {
		const bytes = bytesOf(buffer.after(connection.lastEventId) ?? []);
		const cut = cuts[connection.index];
		await connection.write(cut === undefined ? bytes : bytes.subarray(0, Math.min(cut, bytes.length)));
		if (cut !== undefined) connection.drop();
	};
}

describe('the final view of the recorded stream', () => {
	let reference: SessionView;
	let referenceRecording: string[];

	beforeAll(async () => {
		reference = await follow({stream: droppingReplay([])});
		referenceRecording = recordingOf(lastEvents);
	});

	it('watched on one connection from the start', () => {
		expect(reference.items.length).toBeGreaterThan(15);
		expect(reference.task).toEqual({state: 'idle', queued: 0});
		expect(reference.header.title).toBe('Fake chat session');
	});

	it(
		'is exactly the same, and so is the --json recording, when the connection is cut anywhere, up to four ' +
			'times, and resumed from Last-Event-ID',
		async () => {
			const total = bytesOf(blocks).length;
			expect(referenceRecording.length).toBeGreaterThan(40);
			await fc.assert(
				fc.asyncProperty(
					fc.array(fc.integer({min: 1, max: Math.floor(total / 2)}), {minLength: 1, maxLength: 4}),
					async cuts => {
						expect(await follow({stream: droppingReplay(cuts)})).toEqual(reference);
						expect(recordingOf(lastEvents)).toEqual(referenceRecording);
					},
				),
				{numRuns: 4},
			);
		},
	);

	it(
		'is the same transcript when the viewer joins mid-run ' + '(history at aa9ab217-71), whenever history answers',
		async () => {
			const answer = recordedAnswer('A-messages-midrun-task1.json');
			// The subscription began before the cursor was taken: somewhere in blocks 0..71.
			const latestStart = indexAfter('aa9ab217-71');
			await fc.assert(
				fc.asyncProperty(
					fc.integer({min: 0, max: latestStart}),
					fc.integer({min: 1, max: 200}),
					async (start, answerAfter) => {
						const from = blocks.slice(start);
						const released = Math.min(answerAfter, from.length);
						let release!: () => void;
						const streamed = new Promise<void>(resolve => {
							release = resolve;
						});
						let answered!: () => void;
						const served = new Promise<void>(resolve => {
							answered = resolve;
						});
						const view = await follow({
							stream: async connection => {
								await connection.write(textOf(from.slice(0, released)));
								release();
								await served;
								await connection.write(textOf(from.slice(released)));
							},
							messages: async (_n, request) => {
								await streamed;
								// The rest of the stream follows once this answer is out.
								void server!.responded(request).then(answered);
								return answer;
							},
						});
						expect(normalized(view)).toEqual(normalized(reference));
						expect(view.header.sessionId).toBe('session-2026-12-02-14-45-42-8e7b556c');
					},
				),
				{numRuns: 4},
			);
		},
	);

	it('is the same transcript after a resync rebuild from the history of that moment', async () => {
		const moments = [
			{cursor: 'aa9ab217-71', answer: 'A-messages-midrun-task1.json'},
			{cursor: 'aa9ab217-132', answer: 'A-messages-after-task1.json'},
		];
		const total = bytesOf(blocks).length;
		await fc.assert(
			fc.asyncProperty(fc.constantFrom(...moments), fc.integer({min: 1, max: total - 1}), async (moment, cut) => {
				const view = await follow({
					stream: async connection => {
						if (connection.index === 0) {
							await connection.write(bytesOf(blocks).subarray(0, cut));
							connection.drop();
							return;
						}
						// As upstream: resync_required, then the task_state snapshot, then live events.
						await connection.event({event: 'server_event', data: '{"type":"resync_required"}', id: 'aa9ab217-900'});
						await connection.event({
							event: 'server_event',
							data: '{"type":"task_state","state":"running","queued":0}',
							id: 'aa9ab217-901',
						});
						await connection.write(textOf(blocks.slice(indexAfter(moment.cursor))));
					},
					// History as it stood when asked: empty while the first connection lasted.
					messages: () => recordedAnswer(server!.connections.length < 2 ? 'A-messages-before.json' : moment.answer),
				});
				expect(normalized(view)).toEqual(normalized(reference));
				// A title seen before the rebuild survives it.
				if (cut >= bytesOf(blocks.slice(0, indexAfter('aa9ab217-9'))).length)
					expect(view.header.title).toBe(reference.header.title);
			}),
			{numRuns: 4},
		);
	});
});
