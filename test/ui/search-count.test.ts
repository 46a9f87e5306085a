// The search's matches kept counted as the session grows: the same as a search afresh, a subagent's included, and each
// item's text read again only when the item changed (a long output may be read back from disk).
import {describe, expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {heldOutputs} from './held-outputs.js';
import {LiveMatches} from '../../source/ui/reading/search-count.js';
import {findMatches} from '../../source/ui/reading/search.js';
import {childInputs, msg, testNow, traceInputs} from './helpers.js';

const call = (n: number, command: string) => [
	msg({
		type: 'tool_call',
		role: 'assistant',
		name: 'exec_command',
		arguments: JSON.stringify({cmd: command}),
		tool_call_id: `call-${n}`,
	}),
	msg({type: 'tool_call_output', role: 'user', output: `out ${n}`, tool_call_id: `call-${n}`}),
];

describe('LiveMatches', () => {
	test('gives what a search afresh gives, in a subagent too, as the session grows', () => {
		const childId = 'session-2026-12-02-14-43-19-1fcdf9f5';
		const parent = traceInputs('14-43-17-a1f608ba_001');
		const pointer = parent.findIndex(input => input.kind === 'message' && input.message.payload.type === 'subagent');
		const child = childInputs('14-43-19-1fcdf9f5_001', childId);
		const model = new SessionModel();
		const live = new LiveMatches();
		// In steps: the parent to its pointer, the child's half, the rest of the child, the parent's end.
		const steps = [parent.slice(0, pointer + 1), child.slice(0, 6), child.slice(6), parent.slice(pointer + 1)];
		for (const step of steps) {
			model.applyAll(step, testNow);
			for (const query of ['hello', 'workspace', 'subagent'])
				expect(live.matches(model.view, query)).toEqual(findMatches(model.view, query));
		}
		expect(live.matches(model.view, 'hello').length).toBeGreaterThanOrEqual(3);
	});

	test('the total of matches, summed on as the count goes on, is what a count afresh gives', () => {
		const model = new SessionModel();
		const live = new LiveMatches();
		for (let n = 1; n < 8; n++) {
			model.applyAll(call(n, 'echo out; echo out'.repeat(n)), testNow);
			const fresh = new LiveMatches();
			expect(live.total(live.matches(model.view, 'out'))).toBe(fresh.total(fresh.matches(model.view, 'out')));
		}
		// Each call: its command's matches and its output's one.
		expect(live.total(live.matches(model.view, 'out'))).toBe(
			Array.from({length: 7}, (_, n) => 2 * (n + 1) + 1).reduce((a, b) => a + b),
		);
	});

	test("reads an item's text again only when the item changed", () => {
		const {model, texts, reads} = heldOutputs();
		model.applyAll(call(1, 'echo one'), testNow);
		const live = new LiveMatches(texts);
		expect(live.matches(model.view, 'out')).toHaveLength(1);
		expect(reads()).toBe(1);
		for (let n = 2; n < 6; n++) {
			model.applyAll(call(n, `echo ${n}`), testNow);
			expect(live.matches(model.view, 'out')).toHaveLength(n);
		}
		// Four more frames with one new call each: one read each, none of the first call again.
		expect(reads()).toBe(5);
		// The same session, nothing new: the same list, nothing read.
		const same = live.matches(model.view, 'out');
		expect(live.matches(model.view, 'out')).toBe(same);
		expect(reads()).toBe(5);
		// Another query reads each once more.
		expect(live.matches(model.view, 'out 1')).toHaveLength(1);
		expect(reads()).toBe(10);
	});

	test(
		'counts in slices: the match wanted first, found before the rest is read, then the same whole count as ' +
			'at once',
		() => {
			const {model, texts, reads} = heldOutputs();
			for (let n = 1; n <= 40; n++) model.applyAll(call(n, `echo ${n}`), testNow);
			const live = new LiveMatches(texts);
			const wanted = model.view.items.find(item => item.kind === 'tool_call' && item.callId === 'call-10')!.id;
			// Enter: counted only as far as the match it will show.
			const first = live.count(model.view, 'out', {more: () => true, found: match => match.itemId === wanted});
			expect(first.complete).toBe(false);
			expect(first.matches.at(-1)?.itemId).toBe(wanted);
			expect(first.matches).toHaveLength(10);
			expect(reads()).toBe(10);
			// What the footer gets between slices: nothing new tested.
			expect(live.sofar(model.view, 'out')).toEqual(first);
			// Then slices of five tests each: the count grows to the whole, each text read once.
			const sizes: number[] = [];
			let counted = first;
			while (!counted.complete) {
				let left = 5;
				counted = live.count(model.view, 'out', {more: () => left-- > 0});
				sizes.push(counted.matches.length);
			}
			expect(sizes).toEqual([15, 20, 25, 30, 35, 40]);
			expect(reads()).toBe(40);
			expect(counted.matches).toEqual(findMatches(model.view, 'out', texts));
			// The session grows while counted in slices: what arrives is counted too.
			model.applyAll(call(41, 'echo 41'), testNow);
			let left = 0;
			expect(live.count(model.view, 'out', {more: () => left-- > 0})).toMatchObject({complete: false});
			expect(live.count(model.view, 'out', {more: () => true}).matches).toEqual(findMatches(model.view, 'out', texts));
			// Slices that do not make the list (between the footer's frames), a frame's count between them, the session
			// growing: each text read once, the list then what a search afresh finds.
			const again = new LiveMatches(texts);
			const before = reads();
			let slices = 0;
			for (let whole = false; !whole; slices++) {
				let left = 7;
				whole = again.advance(model.view, 'out', {more: () => left-- > 0});
				if (slices === 2) expect(again.count(model.view, 'out', {more: () => false}).matches).toHaveLength(21);
				if (slices === 3) model.applyAll(call(42, 'echo 42'), testNow);
			}
			expect(slices).toBe(6);
			expect(reads() - before).toBe(42);
			expect(again.count(model.view, 'out', {more: () => false})).toEqual({
				matches: findMatches(model.view, 'out', texts),
				complete: true,
			});
		},
	);

	test(
		'finds the next match from a place on without reading ' + 'what is before it; the count then reads each text once',
		() => {
			const {model, texts, reads} = heldOutputs();
			for (let n = 1; n <= 30; n++) model.applyAll(call(n, `echo ${n}`), testNow);
			const live = new LiveMatches(texts);
			const items = model.view.items;
			const start = items.findIndex(item => item.kind === 'tool_call' && item.callId === 'call-25');
			const found = live.probe(model.view, 'out', start, () => true);
			expect(found?.itemId).toBe(items[start]!.id);
			expect(reads()).toBe(1);
			// Nothing counted yet: its place is not known.
			expect(live.sofar(model.view, 'out').matches).toHaveLength(0);
			const counted = live.matches(model.view, 'out');
			expect(reads()).toBe(30);
			expect(counted).toEqual(findMatches(model.view, 'out', texts));
			expect(counted.findIndex(match => match.itemId === found?.itemId)).toBe(24);
		},
	);
});
