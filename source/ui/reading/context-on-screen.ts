/**
 * Which model context (shard) the screen shows: the context of the focused pane, or of the
 * pane at the top of the view, so that after `g` the header names context 1 and its shard
 * file, not the newest.
 * A context starts at its shard item (`═══ context 2`); the first has none.
 */
import type {Item, SessionView} from '../../model/view-model.js';
import type {Layout} from '../panes/layout.js';

/** The shard items of a session, found by scanning only what was added since last time. */
type ShardStarts = {scanned: number; ids: number[]; indexes: number[]};

const known = new WeakMap<SessionView, ShardStarts>();

function shardStarts(view: SessionView): ShardStarts {
	let starts = known.get(view);
	if (!starts || starts.scanned > view.items.length) {
		starts = {scanned: 0, ids: [], indexes: []};
		known.set(view, starts);
	}
	const items: readonly Item[] = view.items;
	for (let i = starts.scanned; i < items.length; i++) {
		const item = items[i]!;
		if (item.kind === 'shard') {
			starts.ids.push(item.id);
			starts.indexes.push(item.index);
		}
	}
	starts.scanned = items.length;
	return starts;
}

/**
 * The context of the session's item `itemId`: that of the last shard item at or before it (ids grow in reading order).
 */
export function contextOfItem(view: SessionView, itemId: number): number {
	const {ids, indexes} = shardStarts(view);
	let low = 0;
	let high = ids.length - 1;
	let found = -1;
	while (low <= high) {
		const middle = (low + high) >>> 1;
		if (ids[middle]! <= itemId) {
			found = middle;
			low = middle + 1;
		} else high = middle - 1;
	}
	return found === -1 ? 1 : indexes[found]!;
}

/**
 * The context shown: the newest while following (the bottom is where the session is now);
 * else that of the focused pane when it is on screen (`focus`, an entry index, or -1), else
 * that of the entry at the top of the view (`first`). A subagent's entry counts as the pane
 * it is nested in.
 */
export function contextOnScreen(
	view: SessionView,
	layout: Layout,
	on: {focus: number; first: number; follow: boolean},
): number {
	if (layout.count === 0 || on.follow) return view.shard;
	let index = Math.min(Math.max(0, on.focus === -1 ? on.first : on.focus), layout.count - 1);
	while (index > 0 && layout.depth(index) > 0) index--;
	return contextOfItem(view, layout.item(index).id);
}
