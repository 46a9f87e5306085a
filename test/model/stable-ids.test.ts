// A resync rebuilds the store from history: each item keeps the id it had, from what it
// stands for (its call id, its kind and place), so that what the reader focused, opened
// or scrolled to (all kept by id) is still there.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {inMemory} from '../../source/model/held-text.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {Item, SessionView} from '../../source/model/view-model.js';
import {historyResponse, msg, sseInputs} from '../helpers/recordings.js';

const history = (name: string): ModelInput[] =>
	historyResponse(name).messages.map(message => ({kind: 'message', message}));

/** What an item is, for matching across the two stores (not its id). */
function describe_(item: Item): string {
	if (item.kind === 'tool_call') return `call ${item.callId}`;
	if (item.kind === 'user_text' || item.kind === 'assistant_text' || item.kind === 'thinking')
		return `${item.kind} ${inMemory(item.text).slice(0, 60)}`;
	if (item.kind === 'request') return `request ${item.index}`;
	return item.kind;
}

/** Each item by what it is and how many such came before it (two tasks may think alike). */
function byWhat(items: readonly Item[]): Map<string, Item> {
	const out = new Map<string, Item>();
	for (const item of items) {
		let n = 0;
		while (out.has(`${describe_(item)} #${n}`)) n++;
		out.set(`${describe_(item)} #${n}`, item);
	}
	return out;
}

function idsIncreaseAndDiffer(view: SessionView): void {
	const ids = view.items.map(item => item.id);
	for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]!);
}

describe('a rebuilt store keeps the ids of what it already showed', () => {
	it(
		'the live stream rebuilt from the final history: every ' + 'item keeps its id, the ones history adds fit between',
		() => {
			const store = new SessionStore({label: 'stream', state: 'live'});
			store.apply(sseInputs('A-session-stream.jsonl'));
			const before = new Map([...byWhat(store.view.items)].map(([what, item]) => [what, item.id]));
			expect(before.size).toBeGreaterThan(15);
			store.rebuild(history('A-messages-final.json'));
			const after = byWhat(store.view.items);
			// History holds what the stream never carries: the next shard and its context summary.
			expect(after.size).toBeGreaterThan(before.size);
			// Every old item is found again, with its id.
			for (const [what, id] of before) expect({what, id: after.get(what)?.id}).toEqual({what, id});
			idsIncreaseAndDiffer(store.view);
			// What arrives afterwards is newer than anything shown before.
			store.apply([msg('model_msg', {type: 'text', role: 'user', text: 'later'})]);
			expect(store.view.items.at(-1)!.id).toBeGreaterThan(Math.max(...before.values()));
		},
	);

	it('a subagent and its items keep their ids too', () => {
		const child = (payload: Record<string, unknown>): ModelInput => {
			const input = msg('model_msg', payload);
			return input.kind === 'message' ? {...input, message: {...input.message, origin: ['session-child']}} : input;
		};
		const inputs: ModelInput[] = [
			msg('model_msg', {type: 'text', role: 'user', text: 'go'}),
			msg('model_msg', {
				type: 'tool_call',
				role: 'assistant',
				name: 'run_subagent',
				arguments: '{"description":"d"}',
				tool_call_id: 'c1',
			}),
			child({type: 'text', role: 'user', text: 'child prompt'}),
			msg('model_msg', {type: 'text', role: 'assistant', text: 'parent goes on'}),
			child({type: 'text', role: 'assistant', text: 'child answer'}),
		];
		const store = new SessionStore({label: 'stream', state: 'live'});
		store.apply(inputs);
		const idsOf = (view: SessionView): number[] =>
			view.items.flatMap(item => [item.id, ...(item.kind === 'subagent' && item.child ? idsOf(item.child) : [])]);
		const before = idsOf(store.view);
		// The rebuilt history says the same with a notice first.
		store.rebuild([{kind: 'notice', level: 'info', text: 'history reloaded'}, ...inputs]);
		const after = idsOf(store.view);
		expect(after.slice(1)).toEqual(before);
		expect(new Set(after).size).toBe(after.length);
		expect(after[0]).toBeLessThan(after[1]!);
	});

	it('any history that adds items anywhere: the old ones keep their ids, all stay unique and in order', () => {
		const call = (id: string): ModelInput =>
			msg('model_msg', {type: 'tool_call', role: 'assistant', name: 'exec_command', arguments: '{}', tool_call_id: id});
		// Calls in order; the old store saw some of them (a subsequence), history has them all.
		const plan = fc
			.uniqueArray(fc.integer({min: 0, max: 999}), {minLength: 1, maxLength: 60})
			.chain(ids => fc.tuple(fc.constant(ids), fc.subarray(ids), fc.integer({min: 0, max: 3})));
		fc.assert(
			fc.property(plan, ([all, seen, rebuilds]) => {
				const store = new SessionStore({label: 'stream', state: 'live'});
				store.apply(seen.map(id => call(`c${id}`)));
				const before = new Map(store.view.items.map(item => [item.kind === 'tool_call' ? item.callId : '', item.id]));
				// Rebuilt once or several times (each resync rebuilds from the last store).
				for (let i = 0; i <= rebuilds; i++) store.rebuild(all.map(id => call(`c${id}`)));
				const items = store.view.items;
				expect(items).toHaveLength(all.length);
				for (const item of items)
					if (item.kind === 'tool_call' && before.has(item.callId)) expect(item.id).toBe(before.get(item.callId));
				idsIncreaseAndDiffer(store.view);
				const highest = Math.max(...items.map(item => item.id));
				store.apply([call('later')]);
				expect(store.view.items.at(-1)!.id).toBeGreaterThan(highest);
			}),
			{numRuns: 200},
		);
	});
});
