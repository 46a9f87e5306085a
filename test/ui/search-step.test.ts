// n and N while the search's count still goes on: the next match from what is counted or from a bounded look ahead,
// never the whole count first; a far match is looked for a slice at a time, other keys served between.
import {expect, test} from 'vitest';
import {heldOutputs} from './held-outputs.js';
import {Layouter} from '../../source/ui/panes/layout.js';
import {handleKey, initialScreen, type ScreenEnv, type ScreenState} from '../../source/ui/screen/screen-state.js';
import {continueStep} from '../../source/ui/reading/search-keys.js';
import {LiveMatches} from '../../source/ui/reading/search-count.js';
import type {Budget} from '../../source/ui/reading/search.js';
import {msg, testNow} from './helpers.js';

const call = (n: number, output: string) => [
	msg({
		type: 'tool_call',
		role: 'assistant',
		name: 'exec_command',
		arguments: JSON.stringify({cmd: `step ${n}`}),
		tool_call_id: `call-${n}`,
	}),
	msg({type: 'tool_call_output', role: 'user', output, tool_call_id: `call-${n}`}),
];

/**
 * A session of `count` calls whose outputs are all held (read back through a reader that counts reads), and a screen's
 * env over it.
 */
function screen(count: number, output: (n: number) => string, tests: () => number) {
	const {model, texts, reads} = heldOutputs();
	for (let n = 1; n <= count; n++) model.applyAll(call(n, output(n)), testNow);
	const live = new LiveMatches(texts);
	const layouter = new Layouter(texts, true);
	// A slice: `tests()` items tested at most.
	const slice = (): Budget => {
		let left = tests();
		return {more: () => left-- > 0};
	};
	const env: ScreenEnv = {
		view: model.view,
		texts,
		height: 20,
		width: 99,
		layout: open => layouter.layout(model.view, 99, open, testNow),
		matches: query => live.matches(model.view, query),
		countMatches: (query, budget) => live.count(model.view, query, budget),
		probeMatch: (query, start, wanted) => live.probe(model.view, query, start, wanted),
		stepMatch: (query, shown, step) => live.step(model.view, query, shown, step, slice()),
	};
	const press = (state: ScreenState, ...keys: string[]): ScreenState => {
		for (const key of keys)
			state = key === '\r' ? handleKey(state, '', {return: true}, env) : handleKey(state, key, {}, env);
		return state;
	};
	const focusedCall = (state: ScreenState): string | undefined => {
		const item = model.view.items.find(candidate => candidate.id === state.focus);
		return item?.kind === 'tool_call' ? item.callId : undefined;
	};
	return {env, press, focusedCall, reads};
}

test('n goes to the next match without counting every match first: only the texts up to it are read', () => {
	// One match of `out` in each output (n goes from match to match: here, from output to output).
	const {press, focusedCall, reads} = screen(
		200,
		n => `out ${n}\n${'filler line\n'.repeat(29)}`,
		() => Number.POSITIVE_INFINITY,
	);
	let state = press(initialScreen(), 'g', '/', 'o', 'u', 't', '\r');
	expect(focusedCall(state)).toBe('call-1');
	const before = reads();
	state = press(state, 'n');
	expect(focusedCall(state)).toBe('call-2');
	expect(state.search.pending).toBeUndefined();
	// The next output (and what the screen draws), not the 198 after it.
	expect(reads() - before).toBeLessThanOrEqual(10);
	state = press(state, 'n', 'n');
	expect(focusedCall(state)).toBe('call-4');
	expect(reads() - before).toBeLessThanOrEqual(20);
	// N from there: the one before, from what is known.
	state = press(state, 'N');
	expect(focusedCall(state)).toBe('call-3');
});

test('a match far ahead is looked for a slice at a time: keys are served before it is found, then it is shown', () => {
	let perSlice = Number.POSITIVE_INFINITY;
	const {env, press, focusedCall, reads} = screen(
		200,
		n => `${n === 3 || n === 180 ? `the marker ${n}\n` : ''}${`out ${n}\n`.repeat(30)}`,
		() => perSlice,
	);
	let state = press(initialScreen(), 'g', '/', 'm', 'a', 'r', 'k', 'e', 'r', '\r');
	expect(focusedCall(state)).toBe('call-3');
	// From now on a slice tests ten items at most.
	perSlice = 10;
	const before = reads();
	state = press(state, 'n');
	expect(state.search.pending).toBe(1);
	expect(state.message).toBe('looking for the next match of “marker”…');
	expect(reads() - before).toBeLessThanOrEqual(20);
	// Another key meanwhile is served (the cursor moves to the next pane), and the n waits on.
	const focus = state.focus;
	state = press(state, '}');
	expect(state.focus).not.toBe(focus);
	expect(state.search.pending).toBe(1);
	let slices = 0;
	while (state.search.pending !== undefined && slices < 100) {
		const read = reads();
		state = continueStep(state, env);
		// A slice that did not find it tested ten items at most (the last one draws the match's screen too).
		if (state.search.pending !== undefined) expect(reads() - read).toBeLessThanOrEqual(10);
		slices++;
	}
	expect(slices).toBeGreaterThan(5);
	expect(focusedCall(state)).toBe('call-180');
	// Past the last: round to the first, as far as the count knows it.
	perSlice = Number.POSITIVE_INFINITY;
	state = press(state, 'n');
	expect(focusedCall(state)).toBe('call-3');
	expect(state.message).toContain('search wrapped');
});

test('Enter with no match after the cursor goes round to the first match without counting every match first', () => {
	// A match of `out` in the first 150 outputs, none in the 50 after: the search from the end goes round to the top.
	const {press, focusedCall, reads} = screen(
		200,
		n => `${n <= 150 ? 'out' : 'end'} ${n}\n${'filler line\n'.repeat(29)}`,
		() => Number.POSITIVE_INFINITY,
	);
	let state = press(initialScreen(), 'G');
	const before = reads();
	state = press(state, '/', 'o', 'u', 't', '\r');
	expect(focusedCall(state)).toBe('call-1');
	// What is on screen and after it, and the first output (what the screen then draws too): not the 149 other outputs
	// that hold it (counting every one first reads each twice: 373).
	expect(reads() - before).toBeLessThanOrEqual(60);
	// The count goes on from there: n finds the next.
	state = press(state, 'n');
	expect(focusedCall(state)).toBe('call-2');
});
