// The history/live join: recorded mid-run histories against the recorded stream at every buffer cut (every delta
// exactly once), overlap dedup, and epoch mismatch.
import {describe, expect, it} from 'vitest';
import {decodeSseEvent} from '../../source/io/sse/decode-event.js';
import {readHistory, type History} from '../../source/io/sse/history.js';
import {joinHistory, type BufferedInput} from '../../source/io/sse/join.js';
import type {ModelInput} from '../../source/model/input.js';
import type {OmniMessage} from '../../source/protocol/types.js';
import {aggregateFragments, bufferedFrom, type Fragment} from '../support/sse-fragments.js';
import {recordedAnswer, recordedBlocks, seqOf} from '../support/sse-fixtures.js';

const blocks = recordedBlocks();
const events = bufferedFrom(blocks);

function historyOf(name: string): History {
	const history = readHistory(recordedAnswer(name).json);
	if (history === undefined) throw new Error(`${name} is not a history`);
	return history;
}

/** Joins with the first `cut` events buffered; the rest arrive live through the late filter. */
function joinAt(history: History, cut: number): ModelInput[] {
	const joined = joinHistory(history, events.slice(0, cut), 'aa9ab217');
	const out = [...joined.inputs];
	for (const item of events.slice(cut)) {
		if (joined.late === undefined || joined.late.admit(item)) out.push(item.input);
	}
	return out;
}

/** The fragments a viewer connected from the start sees, less those the history already holds as complete messages. */
function fragmentsAfter(cursorSeq: number): Fragment[] {
	const everything = aggregateFragments(events.map(item => item.input));
	const before = aggregateFragments(events.filter(item => seqOf(item.id) <= cursorSeq).map(item => item.input));
	// Fragments open at the cursor are re-opened by the seed; only those already closed are gone.
	for (const done of before.filter(fragment => fragment.stopped)) {
		const at = everything.findIndex(
			fragment =>
				fragment.type === done.type && fragment.toolCallId === done.toolCallId && fragment.content === done.content,
		);
		everything.splice(at, 1);
	}
	return everything;
}

const completeText = (message: OmniMessage): string | undefined =>
	message.payload.type === 'text' && message.payload['role'] === 'assistant'
		? (message.payload['text'] as string)
		: undefined;

const messagesOf = (inputs: readonly ModelInput[]): OmniMessage[] =>
	inputs.flatMap(input => (input.kind === 'message' ? [input.message] : []));

/**
 * What must not depend on where the buffer ended: the messages in order, and the other
 * inputs in order. (A server event at or before the cursor lands before the seeded
 * fragment when it was buffered and after it when it came late; that is harmless.)
 * Compared by identity: the join passes the very objects it was given.
 */
function sameStreams(got: readonly ModelInput[], wanted: readonly ModelInput[]): boolean {
	const same = <T>(a: readonly T[], b: readonly T[]): boolean =>
		a.length === b.length && a.every((item, i) => item === b[i]);
	const others = (inputs: readonly ModelInput[]): ModelInput[] => inputs.filter(input => input.kind !== 'message');
	return same(messagesOf(got), messagesOf(wanted)) && same(others(got), others(wanted));
}

/** Every cut up to 20 events past the cursor, every 15th after that (later cuts only add buffered events past it). */
function cutsAround(cursorId: string): number[] {
	const near = events.findIndex(item => item.id === cursorId) + 20;
	return Array.from({length: events.length}, (_, i) => i + 1).filter(
		cut => cut <= near || cut % 15 === 0 || cut === events.length,
	);
}

function expectSameAtEveryCut(history: History, reference: readonly ModelInput[]): void {
	for (const cut of cutsAround(history.live!.cursor)) {
		const got = joinAt(history, cut);
		if (!sameStreams(got, reference)) {
			expect(messagesOf(got), `buffer of ${cut} events`).toEqual(messagesOf(reference));
			expect(
				got.filter(input => input.kind !== 'message'),
				`buffer of ${cut} events`,
			).toEqual(reference.filter(input => input.kind !== 'message'));
		}
	}
}

describe('A-messages-midrun-task1 (cursor aa9ab217-71, an open text fragment)', () => {
	const history = historyOf('A-messages-midrun-task1.json');
	const cursorIndex = events.findIndex(item => item.id === 'aa9ab217-71');

	it('is the fixture the brief describes', () => {
		expect(history.live?.cursor).toBe('aa9ab217-71');
		expect(history.live?.fragments).toHaveLength(1);
		expect(history.live?.fragments[0].payload).toMatchObject({type: 'partial_text', event_type: 'start'});
	});

	const reference = joinAt(history, events.length);

	it('emits history, then the events up to the cursor without their partials, then the fragment, then the rest', () => {
		const messages = messagesOf(reference);
		expect(messages.slice(0, history.messages.length)).toEqual(history.messages);
		const seedAt = messages.indexOf(history.live!.fragments[0]);
		expect(seedAt).toBeGreaterThanOrEqual(history.messages.length);
		// Nothing streamed at or before the cursor is a partial.
		const partialsBefore = messages
			.slice(history.messages.length, seedAt)
			.filter(message => message.payload.type.startsWith('partial_'));
		expect(partialsBefore).toEqual([]);
		// The first event after the seed is the delta right after the cursor.
		expect(messages[seedAt + 1].payload).toMatchObject({
			type: 'partial_text',
			event_type: 'delta',
			text: 'envelope.\n\n',
		});
	});

	it('holds every delta exactly once: the joined text fragment equals the complete text', () => {
		const fragments = aggregateFragments(reference);
		const firstText = messagesOf(reference)
			.map(completeText)
			.find(text => text !== undefined);
		expect(fragments[0].type).toBe('partial_text');
		expect(fragments[0].content).toBe(firstText);
		expect(fragments).toEqual(fragmentsAfter(71));
	});

	it('shows the prompt, thinking and tool list once (history), not again from the buffer', () => {
		const messages = messagesOf(reference);
		const count = (type: string, role?: string): number =>
			messages.filter(
				message => message.payload.type === type && (role === undefined || message.payload['role'] === role),
			).length;
		// One from history (the stream's copy of it is dropped), three later ones from the stream.
		expect(count('thinking')).toBe(4);
		expect(messages.filter(message => message.payload.type === 'thinking')[0]).toBe(history.messages[4]);
		expect(count('tool_list_ready')).toBe(1);
		const prompts = messages.filter(message => message.payload.type === 'text' && message.payload['role'] === 'user');
		expect(prompts.map(message => message.payload['text'])).toEqual([
			'[fake:chat] What is a trace file?',
			'[fake:tools] Inspect the workspace and run a few commands.',
			'[fake:chat] After compaction: what is a trace file again?',
		]);
	});

	it('gives the same sequence wherever the buffer ends, before or after the cursor', () => {
		expect(cursorIndex).toBeGreaterThan(0);
		expectSameAtEveryCut(history, reference);
	});
});

describe('A-messages-midrun-compaction (cursor aa9ab217-282, the summary streaming)', () => {
	const history = historyOf('A-messages-midrun-compaction.json');
	const reference = joinAt(history, events.length);

	it('keeps the summary fragment whole although no complete message follows it', () => {
		const fragments = aggregateFragments(reference);
		expect(fragments[0].content.startsWith('[summary]The user asked ')).toBe(true);
		expect(fragments[0].stopped).toBe(true);
		expect(fragments).toEqual(fragmentsAfter(282));
	});

	it('gives the same sequence wherever the buffer ends', () => {
		expectSameAtEveryCut(history, reference);
	});
});

describe('overlap rules', () => {
	const at = (timestamp: string, payload: Record<string, unknown>): OmniMessage => ({
		timestamp,
		type: 'model_msg',
		payload: payload as OmniMessage['payload'],
	});
	const text = at('2026-01-01T00:00:03Z', {
		type: 'text',
		role: 'assistant',
		text: 'Hello there',
		stop_reason: 'completed',
	});
	const stream: BufferedInput[] = [
		{
			input: {
				kind: 'message',
				message: at('2026-01-01T00:00:01Z', {type: 'partial_text', role: 'assistant', event_type: 'start', text: ''}),
			},
			id: 'e-10',
		},
		{
			input: {
				kind: 'message',
				message: at('2026-01-01T00:00:02Z', {
					type: 'partial_text',
					role: 'assistant',
					event_type: 'delta',
					text: 'Hello there',
				}),
			},
			id: 'e-11',
		},
		{
			input: {
				kind: 'message',
				message: at('2026-01-01T00:00:02Z', {type: 'partial_text', role: 'assistant', event_type: 'stop', text: ''}),
			},
			id: 'e-12',
		},
		{input: {kind: 'message', message: text}, id: 'e-13'},
		{input: {kind: 'server_event', event: {type: 'task_state', state: 'idle'}}, id: 'e-14'},
	];

	it('takes back the streamed copy of a complete message that history already holds', () => {
		// History read from disk carries tracePosition; the overlap ignores it.
		const history: History = {
			messages: [{...text, tracePosition: {fileIndex: 1, ordinal: 9}} as OmniMessage],
			skipped: 0,
		};
		const joined = joinHistory(history, stream, 'e');
		expect(joined.inputs).toEqual([{kind: 'message', message: history.messages[0]}, stream[4].input]);
	});

	it('keeps the stream copy when history does not hold it yet', () => {
		const joined = joinHistory({messages: [], skipped: 0}, stream, 'e');
		expect(joined.inputs).toEqual(stream.map(item => item.input));
	});

	it('drops one stream copy per history copy', () => {
		const twice: BufferedInput[] = [
			{input: {kind: 'message', message: text}, id: 'e-1'},
			{input: {kind: 'message', message: text}, id: 'e-2'},
		];
		expect(joinHistory({messages: [text], skipped: 0}, twice).inputs).toEqual([
			{kind: 'message', message: text},
			twice[1].input,
		]);
	});

	it('does not take back a stopped fragment across a new request', () => {
		const summary: BufferedInput[] = [
			{
				input: {kind: 'message', message: at('t1', {type: 'partial_text', event_type: 'start', text: 'summary'})},
				id: 'e-1',
			},
			{input: {kind: 'message', message: at('t2', {type: 'partial_text', event_type: 'stop', text: ''})}, id: 'e-2'},
			{input: {kind: 'message', message: at('t3', {type: 'compaction_end', status: 'completed'})}, id: 'e-3'},
			{input: {kind: 'message', message: text}, id: 'e-4'},
		];
		const joined = joinHistory({messages: [text], skipped: 0}, summary, 'e');
		expect(joined.inputs).toEqual([
			{kind: 'message', message: text},
			summary[0].input,
			summary[1].input,
			summary[2].input,
		]);
	});

	it('leaves the fragments out and drops nothing when the cursor is from another epoch', () => {
		const seed = at('t0', {type: 'partial_text', event_type: 'start', text: 'Hello'});
		const joined = joinHistory({messages: [], live: {cursor: 'old-11', fragments: [seed]}, skipped: 0}, stream, 'e');
		expect(joined.epochMismatch).toBe(true);
		expect(joined.seeded).toBe(false);
		expect(joined.inputs).toEqual(stream.map(item => item.input));
		expect(joined.late).toBeUndefined();
	});

	it('passes notices and unknown events through in place', () => {
		const odd: BufferedInput[] = [
			{input: decodeSseEvent({data: 'not json'})},
			{input: decodeSseEvent({event: 'weird', data: '{"a":1}'}), id: 'e-5'},
		];
		expect(joinHistory({messages: [], skipped: 0}, odd).inputs).toEqual(odd.map(item => item.input));
	});
});
