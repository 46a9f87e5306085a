// The finalized log print mode drains after every input: each entry handed over once and in order, entries behind one
// that waits (a header waiting for its tool list, a subagent call for its child) kept until it is ready, however often
// it is drained.
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel, type FinalizedEntry} from '../../source/model/session-model.js';
import {parseLine} from '../../source/protocol/parse-line.js';
import {msg, traceInputs} from '../helpers/recordings.js';

const now = Date.parse('2026-12-02T15:00:00Z');
// A session_meta with no tool list: the header waits for one.
const meta = parseLine(
	JSON.stringify({
		timestamp: '2026-12-02T10:00:00.000Z',
		type: 'session_meta',
		payload: {session_id: 's1', provider: 'p', model_id: 'm'},
	}),
	{line: 1, offset: 0},
);

const named = (entry: FinalizedEntry): string => `${entry.depth}:${entry.item.kind}:${entry.item.id}:${entry.what}`;

/** The entries of `inputs`, drained after every input (as print mode does), or once at the end. */
function drained(inputs: readonly ModelInput[], everyInput: boolean): string[] {
	const model = new SessionModel({recordFinalized: true, keepItems: false});
	const seen: string[] = [];
	for (const input of inputs) {
		model.apply(input, now);
		if (everyInput) model.drainFinalized(false, entry => seen.push(named(entry)));
	}
	model.drainFinalized(true, entry => seen.push(named(entry)));
	return seen;
}

describe('the finalized log', () => {
	it('hands each entry once, in order, drained after every input or once', () => {
		const inputs = [...traceInputs('session-2026-12-02-14-43-17-694155ee_001.jsonl'), {kind: 'end'} as const];
		const once = drained(inputs, false);
		expect(once.length).toBeGreaterThan(10);
		expect(drained(inputs, true)).toEqual(once);
	});

	it('keeps what comes behind a header waiting for its tool list, then hands it all over in order', () => {
		const model = new SessionModel({recordFinalized: true, keepItems: false});
		const seen: string[] = [];
		const drain = (): void =>
			model.drainFinalized(false, entry =>
				seen.push(entry.item.kind === 'user_text' ? `user:${entry.item.text}` : entry.item.kind),
			);
		model.apply(meta, now);
		for (const text of ['one', 'two', 'three']) {
			model.apply(msg('model_msg', {type: 'text', role: 'user', text}), now);
			drain();
		}
		expect(seen).toEqual([]);
		model.apply(msg('event_msg', {type: 'tool_list_ready', tools: []}), now);
		model.apply(msg('model_msg', {type: 'text', role: 'user', text: 'four'}), now);
		drain();
		expect(seen).toEqual(['user:one', 'user:two', 'user:three', 'user:four']);
		drain();
		model.drainFinalized(true, entry => seen.push(entry.item.kind));
		expect(seen).toHaveLength(4);
	});

	it('keeps what comes behind a subagent call waiting for its child, and hands what came before', () => {
		const model = new SessionModel({recordFinalized: true, keepItems: false});
		const seen: string[] = [];
		const drain = (): void =>
			model.drainFinalized(false, entry =>
				seen.push(entry.item.kind === 'user_text' ? `user:${entry.item.text}` : `${entry.item.kind}:${entry.what}`),
			);
		model.apply(meta, now);
		model.apply(msg('model_msg', {type: 'text', role: 'user', text: 'one'}), now);
		model.apply(
			msg('model_msg', {
				type: 'tool_call',
				role: 'assistant',
				name: 'run_subagent',
				arguments: '{}',
				tool_call_id: 'c1',
			}),
			now,
		);
		model.apply(msg('model_msg', {type: 'text', role: 'user', text: 'two'}), now);
		drain();
		expect(seen).toEqual(['user:one']);
		drain();
		expect(seen).toEqual(['user:one']);
		model.apply(msg('model_msg', {type: 'tool_call_output', role: 'user', output: 'done', tool_call_id: 'c1'}), now);
		drain();
		expect(seen).toEqual(['user:one', 'tool_call:call', 'user:two', 'tool_call:output']);
	});
});
