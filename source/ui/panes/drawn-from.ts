/**
 * What a frame drew from the store, to tell whether a change since needs another. While the
 * reader has scrolled up and an answer streams below, out of view, every change only appends
 * to that answer, and the screen would be drawn the same ~22 times a second, for nothing (the
 * layout, React's render, Ink's output, all to find the frame unchanged). The frame notes the
 * items it drew and their revisions; a change that only appended text (the model counts those:
 * `SessionView.appends`) and touched none of them draws nothing. Anything else draws as
 * before: a new item (the footer counts it), a status, a change in a subagent, a drawn item.
 * Only noted where the frame reads nothing else of the session's texts: not with a search, a
 * filter or the timeline. `PENGUIN_VIEW_QUIET_OFFSCREEN=0` draws every change (App's `switches`).
 */
import type {SourceStatus} from '../../model/session-store.js';
import type {Item, SessionView} from '../../model/view-model.js';
import type {Layout} from './layout.js';

export type DrawnFrom = {
	view: SessionView;
	status: SourceStatus;
	rev: number;
	appends: number;
	count: number;
	/** The items of the entries on screen, and their revisions then. */
	items: Item[];
	revs: number[];
};

/** What a frame showing entries `first` to `last` of `layout` drew from the store. */
export function drawnFrom(
	view: SessionView,
	status: SourceStatus,
	layout: Layout,
	first: number,
	last: number,
): DrawnFrom {
	const items: Item[] = [];
	const revs: number[] = [];
	for (let i = first; i <= last && i < layout.count; i++) {
		const item = layout.item(i);
		items.push(item);
		revs.push(item.rev);
	}
	return {view, status, rev: view.rev, appends: view.appends, count: view.items.length, items, revs};
}

/** Whether the store now may draw differently from the frame that noted `drawn` (always, with nothing noted). */
export function changedSince(drawn: DrawnFrom | undefined, view: SessionView, status: SourceStatus): boolean {
	if (!drawn || view !== drawn.view || status !== drawn.status || view.items.length !== drawn.count) return true;
	if (view.rev - drawn.rev !== view.appends - drawn.appends) return true;
	for (let i = 0; i < drawn.items.length; i++) if (drawn.items[i]!.rev !== drawn.revs[i]) return true;
	return false;
}
