// A subagent's block in print mode when its run_subagent call is answered `aborted` before the child's own end came
// (a server that stopped mid-run: the child's last lines come with the history after the restart): the parent's
// answer waits for the child's abort, as the trace files order them, or for the parent's next turn.
import {expect, it} from 'vitest';
import type {FinalizedEntry} from '../../source/model/session/core.js';
import type {Item, SessionView} from '../../source/model/view-model.js';
import {NestedBlocks} from '../../source/output/nested-blocks.js';

const view = (sessionId: string): SessionView => ({header: {sessionId}, items: []}) as unknown as SessionView;
const parent = view('parent');
const entry = (depth: number, session: SessionView, item: Partial<Item>, what: FinalizedEntry['what'] = 'item') =>
	({depth, session, item: item as Item, what}) as FinalizedEntry;
const childText = entry(1, view('child'), {kind: 'user_text'});
const answer = entry(
	0,
	parent,
	{kind: 'tool_call', childSessionId: 'child', outputStopReason: 'aborted'} as Partial<Item>,
	'output',
);
const parentAbort = entry(0, parent, {kind: 'abort'});

function written(entries: FinalizedEntry[]): FinalizedEntry[] {
	const blocks = new NestedBlocks();
	const out: FinalizedEntry[] = [];
	for (const one of entries) blocks.accept(one, e => out.push(e));
	out.push(...blocks.flush());
	return out;
}

it("holds the parent's aborted answer until the child's own abort (its view made afresh by a resync)", () => {
	const childAbort = entry(1, view('child'), {kind: 'abort'});
	expect(written([childText, answer, parentAbort, childAbort])).toEqual([childText, childAbort, answer, parentAbort]);
});

it("writes the answer at once when the child's abort came first, as a trace file gives them", () => {
	const childAbort = entry(1, view('child'), {kind: 'abort'});
	expect(written([childText, childAbort, answer, parentAbort])).toEqual([childText, childAbort, answer, parentAbort]);
});

it("waits no longer than the parent's next request", () => {
	const next = entry(0, parent, {kind: 'request'});
	expect(written([childText, answer, parentAbort, next])).toEqual([childText, answer, parentAbort, next]);
});
