/**
 * Sessions read from disk hung under the `subagent` items that point to them (--stats,
 * --export, the session list): changes to items the model built, so made here, each a new
 * revision of the item.
 */
import {setId, touched} from './session/core.js';
import type {SessionView, SubagentItem} from './view-model.js';

/** The child's session, read from its own trace, is the item's. */
export function attachChild(item: SubagentItem, child: SessionView): void {
	const draft = touched(item);
	draft.child = child;
	draft.missing = undefined;
}

/** The child could not be read: `why` says so where it would be. */
export function childMissing(item: SubagentItem, why: string): void {
	touched(item).missing = why;
}

/**
 * Numbers the items of `view` (and of its subagents, down to `maxDepth`) from `next` on: a
 * fresh model numbers its items from 1, and the screen keys open panes by id. Returns the
 * next free id.
 */
export function renumberItems(view: SessionView, next: number, maxDepth: number, depth = 0): number {
	let id = next;
	for (const item of view.items) {
		setId(item, id++);
		if (item.kind === 'subagent' && item.child && depth < maxDepth)
			id = renumberItems(item.child, id, maxDepth, depth + 1);
	}
	return id;
}
