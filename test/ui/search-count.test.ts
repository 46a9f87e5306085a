// The search's matches kept counted as the session grows: the same as a search afresh, a subagent's included, and each
// item's text read again only when the item changed (a long output may be read back from disk).
import {describe, expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import type {Item} from '../../source/model/view-model.js';
import {LiveMatches} from '../../source/ui/search-count.js';
import {findMatches} from '../../source/ui/search.js';
import {childInputs, msg, testNow, traceInputs} from './helpers.js';

const call = (n: number, command: string) => [
	msg({type: 'tool_call', role: 'assistant', name: 'exec_command', arguments: JSON.stringify({cmd: command}), tool_call_id: `call-${n}`}),
	msg({type: 'tool_call_output', role: 'user', output: `out ${n}`, tool_call_id: `call-${n}`}),
];

/** Counts the reads of a tool call's output, as a held output's getter would be read. */
function countReads(item: Item): () => number {
	let reads = 0;
	const output = (item as {output?: string}).output;
	Object.defineProperty(item, 'output', {
		configurable: true,
		get() {
			reads++;
			return output;
		},
	});
	return () => reads;
}

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
			for (const query of ['hello', 'workspace', 'subagent']) expect(live.matches(model.view, query)).toEqual(findMatches(model.view, query));
		}
		expect(live.matches(model.view, 'hello').length).toBeGreaterThanOrEqual(3);
	});

	test('reads an item\'s text again only when the item changed', () => {
		const model = new SessionModel();
		model.applyAll(call(1, 'echo one'), testNow);
		const first = model.view.items.find(item => item.kind === 'tool_call')!;
		const reads = countReads(first);
		const live = new LiveMatches();
		expect(live.matches(model.view, 'echo')).toHaveLength(1);
		expect(reads()).toBe(1);
		for (let n = 2; n < 6; n++) {
			model.applyAll(call(n, `echo ${n}`), testNow);
			expect(live.matches(model.view, 'echo')).toHaveLength(n);
		}
		// Four more frames with new calls: the first call's output was not read again.
		expect(reads()).toBe(1);
		// The same session, nothing new: the same list, nothing read.
		const same = live.matches(model.view, 'echo');
		expect(live.matches(model.view, 'echo')).toBe(same);
		// Another query reads it once more.
		expect(live.matches(model.view, 'out 1')).toHaveLength(1);
		expect(reads()).toBe(2);
	});
});
