/**
 * Where an item is in reading order (a subagent's items after its pane), found by halving the
 * lists (each list's ids increase: view-model.ts) instead of numbering every item of the
 * session: on a 1 GB trace, a Map of its 240,000 items cost a search a few hundred ms.
 */
import type {Item, SessionView} from '../../model/view-model.js';

/**
 * An item's place: its index in the session's list, then in each subagent's below it. Compared with {@link
 * comparePlaces}.
 */
export type Place = readonly number[];

/** The place of item `id` in `view`, or undefined when it is in none of its lists. */
export function placeOf(view: SessionView, id: number): Place | undefined {
	const at = indexOfId(view.items, id);
	if (at !== -1) return [at];
	// In a subagent's session: there are few of them.
	for (let i = 0; i < view.items.length; i++) {
		const item = view.items[i]!;
		if (item.kind !== 'subagent' || !item.child) continue;
		const below = placeOf(item.child, id);
		if (below) return [i, ...below];
	}
	return undefined;
}

/**
 * Negative when `a` comes before `b` in reading order, 0 for the same place, positive after (a pane before what is in
 * it).
 */
export function comparePlaces(a: Place, b: Place): number {
	for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
	return a.length - b.length;
}

function indexOfId(items: readonly Item[], id: number): number {
	let low = 0;
	let high = items.length - 1;
	while (low <= high) {
		const middle = (low + high) >> 1;
		const at = items[middle]!.id;
		if (at === id) return middle;
		if (at < id) low = middle + 1;
		else high = middle - 1;
	}
	return -1;
}
