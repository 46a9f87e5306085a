/**
 * The viewport: which rows of a layout are on screen. Pinned to the bottom while
 * following; once the reader moves up it stays anchored to the pane at its top (so rows
 * arriving below, or panes above changing height, do not move it), and counts the panes
 * that arrived since.
 *
 * Places are (entry index, row within its pane), never absolute row numbers: the viewport
 * walks from where it is and asks the lazy layout only for the panes it passes, so every
 * function here costs about a screenful of panes, however long the session.
 */
import type {Layout} from '../panes/layout.js';
import {requestVisible} from '../panes/pane-kinds.js';
import type {Row} from '../panes/segments.js';

/** A row of the session: the entry's index and the row within its pane. */
export type Position = {index: number; offset: number};

export type ViewportState = {
	follow: boolean;
	/** While paused: the item whose pane is at the top, where it was, and the row within it. */
	anchor?: {itemId: number; index: number; offset: number};
	/** While paused: the largest item id when following stopped; larger ones are new. */
	baseline: number;
};

/** Following: the bottom of the session in view. */
export const following: ViewportState = {follow: true, baseline: 0};

const rowsAt = (layout: Layout, index: number): number => layout.pane(index).rows.length;

/** Which of two positions comes first (negative: `a`). */
export function compare(a: Position, b: Position): number {
	return a.index - b.index || a.offset - b.offset;
}

/** The first entry at or after `index` (or before, with step -1) that has rows; -1 if none. */
export function nonEmpty(layout: Layout, index: number, step: 1 | -1): number {
	for (let i = index; i >= 0 && i < layout.count; i += step) if (rowsAt(layout, i) > 0) return i;
	return -1;
}

/** The first row of the session, if any. */
export function firstRow(layout: Layout): Position | undefined {
	const index = nonEmpty(layout, 0, 1);
	return index === -1 ? undefined : {index, offset: 0};
}

/** The last row of the session, if any. */
export function lastRow(layout: Layout): Position | undefined {
	const index = nonEmpty(layout, layout.count - 1, -1);
	return index === -1 ? undefined : {index, offset: rowsAt(layout, index) - 1};
}

/** `n` rows further down, stopping at the last row. */
export function forward(layout: Layout, from: Position, n: number): Position {
	let {index, offset} = from;
	let left = n;
	while (left > 0) {
		const rows = rowsAt(layout, index);
		if (offset + left < rows) return {index, offset: offset + left};
		const next = nonEmpty(layout, index + 1, 1);
		if (next === -1) return {index, offset: rows - 1};
		left -= rows - offset;
		index = next;
		offset = 0;
	}
	return {index, offset};
}

/** `n` rows further up, stopping at the first row. */
export function backward(layout: Layout, from: Position, n: number): Position {
	let {index, offset} = from;
	let left = n;
	while (left > 0) {
		if (offset - left >= 0) return {index, offset: offset - left};
		const previous = nonEmpty(layout, index - 1, -1);
		if (previous === -1) return {index, offset: 0};
		left -= offset + 1;
		index = previous;
		offset = rowsAt(layout, previous) - 1;
	}
	return {index, offset};
}

/** Rows from `a` down to `b` (`b` must have rows), or `limit` when there are at least that many. */
export function distance(layout: Layout, a: Position, b: Position, limit: number): number {
	let count = 0;
	let {index, offset} = a;
	while (index < b.index) {
		count += rowsAt(layout, index) - offset;
		if (count >= limit) return limit;
		index++;
		offset = 0;
	}
	return Math.min(limit, count + b.offset - offset);
}

/** The top row that shows the last rows (the first row when all of them fit). */
export function bottomTop(layout: Layout, height: number): Position | undefined {
	const last = lastRow(layout);
	return last && backward(layout, last, Math.max(1, height) - 1);
}

/** The top row now. */
export function topOf(layout: Layout, height: number, vp: ViewportState): Position | undefined {
	const bottom = bottomTop(layout, height);
	if (vp.follow || !vp.anchor || !bottom) return bottom;
	let index = layout.indexOf(vp.anchor.itemId, vp.anchor.index);
	if (index === -1) index = Math.min(vp.anchor.index, layout.count - 1);
	const found = nonEmpty(layout, index, 1);
	const top =
		found === -1
			? bottom
			: {index: found, offset: found === index ? Math.min(vp.anchor.offset, rowsAt(layout, found) - 1) : 0};
	// Never further down than the bottom: a pane that closed must not leave the screen half empty.
	return compare(top, bottom) > 0 ? bottom : top;
}

/** The viewport with `top` at the top; following stops unless it stays at the bottom. */
export function scrollTo(layout: Layout, height: number, vp: ViewportState, top: Position): ViewportState {
	const bottom = bottomTop(layout, height);
	if (!bottom) return vp;
	let at = top;
	if (compare(at, bottom) >= 0) {
		if (vp.follow) return vp;
		at = bottom;
	}
	return {
		follow: false,
		anchor: {itemId: layout.item(at.index).id, index: at.index, offset: at.offset},
		baseline: vp.follow ? maxId(layout) : vp.baseline,
	};
}

/** Scrolled by `delta` rows (negative: up). */
export function scrollBy(layout: Layout, height: number, vp: ViewportState, delta: number): ViewportState {
	const top = topOf(layout, height, vp);
	if (!top || delta === 0) return vp;
	return scrollTo(layout, height, vp, delta > 0 ? forward(layout, top, delta) : backward(layout, top, -delta));
}

/** At the very top. */
export function scrollToTop(layout: Layout, height: number, vp: ViewportState): ViewportState {
	const first = firstRow(layout);
	return first ? scrollTo(layout, height, vp, first) : vp;
}

/** Following stopped where the view is. */
export function pause(layout: Layout, height: number, vp: ViewportState): ViewportState {
	if (!vp.follow) return vp;
	const top = topOf(layout, height, vp);
	if (!top) return vp;
	return {
		follow: false,
		anchor: {itemId: layout.item(top.index).id, index: top.index, offset: top.offset},
		baseline: maxId(layout),
	};
}

/** Following again. */
export function resume(): ViewportState {
	return following;
}

/**
 * Scrolled just enough to show the pane at entry `index`: its first rows and as much of the
 * rest as fits; with `rowOffset`, that row of it.
 */
export function reveal(
	layout: Layout,
	height: number,
	vp: ViewportState,
	index: number,
	rowOffset?: number,
): ViewportState {
	const rows = index >= 0 && index < layout.count ? rowsAt(layout, index) : 0;
	const top = topOf(layout, height, vp);
	if (rows === 0 || !top) return vp;
	const h = Math.max(1, height);
	const start = {index, offset: 0};
	const end = {index, offset: rows - 1};
	if (rowOffset !== undefined) {
		const target = {index, offset: Math.min(Math.max(0, rowOffset), rows - 1)};
		if (compare(target, top) < 0) return scrollTo(layout, height, vp, target);
		if (distance(layout, top, target, h) < h) return vp;
		return scrollTo(layout, height, vp, backward(layout, target, h - 1));
	}
	if (compare(start, top) < 0) return scrollTo(layout, height, vp, start);
	if (distance(layout, top, end, h) < h) return vp;
	// Its end at the bottom, unless that hides its start.
	const endAtBottom = backward(layout, end, h - 1);
	return scrollTo(layout, height, vp, compare(endAtBottom, start) > 0 ? start : endAtBottom);
}

/** The rows on screen, and the entries they belong to. */
export function visibleRows(
	layout: Layout,
	height: number,
	vp: ViewportState,
): {rows: Row[]; first: number; last: number} {
	const top = topOf(layout, height, vp);
	const rows: Row[] = [];
	if (!top) return {rows, first: 0, last: -1};
	let index = top.index;
	let offset = top.offset;
	let last = index;
	while (rows.length < height && index < layout.count) {
		const pane = layout.pane(index);
		if (pane.rows.length > 0) last = index;
		for (let i = offset; i < pane.rows.length && rows.length < height; i++) rows.push(pane.rows[i]!);
		index++;
		offset = 0;
	}
	return {rows, first: top.index, last};
}

/**
 * Panes that arrived below since following stopped (0 while following). Walks back from the
 * end and stops at the first old item of the main session: everything before it is old.
 */
export function newCount(layout: Layout, vp: ViewportState): number {
	if (vp.follow) return 0;
	let count = 0;
	for (let i = layout.count - 1; i >= 0; i--) {
		const item = layout.item(i);
		if (item.id <= vp.baseline) {
			if (layout.depth(i) === 0) break;
			continue;
		}
		if (item.kind !== 'request' || requestVisible(item)) count++;
	}
	return count;
}

/** The largest item id in the layout. */
function maxId(layout: Layout): number {
	let max = 0;
	for (let i = 0; i < layout.count; i++) max = Math.max(max, layout.item(i).id);
	return max;
}
