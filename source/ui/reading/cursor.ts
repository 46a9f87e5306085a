/**
 * The cursor: one row of the document (document-index.ts), as in vim. j/k move it a row,
 * across pane boundaries, and the view scrolls just enough to keep it on screen; Ctrl+E/Ctrl+Y
 * and the page keys scroll the view and keep it on screen. What concerns a pane (open, copy,
 * the pager, acting) applies to the pane it is in. Kept as the focused item and the row in its
 * pane; with no focus it is the last row (following) or the last row on screen.
 */
import type {Layout} from '../panes/layout.js';
import {rowLine, rowOfLine} from '../panes/layout.js';
import type {Row} from '../panes/segments.js';
import type {ScreenState} from '../screen/screen-types.js';
import {
	backward,
	compare,
	distance,
	firstRow,
	forward,
	lastRow,
	nonEmpty,
	pause,
	reveal,
	scrollBy,
	scrollTo,
	topOf,
	visibleRows,
	type Position,
	type ViewportState,
} from './viewport.js';

/** The cursor's row, if the document has any. */
export function cursorOf(state: ScreenState, layout: Layout, height: number): Position | undefined {
	if (state.focus !== undefined) {
		const index = layout.indexOf(state.focus, state.cursorAt?.index);
		const rows = index === -1 ? 0 : layout.pane(index).rows.length;
		if (rows > 0) {
			const row = state.cursorAt?.itemId === state.focus ? state.cursorAt.row : 0;
			return {index, offset: Math.max(0, Math.min(rows - 1, row))};
		}
	}
	if (state.viewport.follow) return lastRow(layout);
	const top = topOf(layout, height, state.viewport);
	return top && forward(layout, top, Math.max(1, height) - 1);
}

/** The entry index of the pane the cursor is in, -1 when there is none: what y, v, x and Enter act on. */
export function cursorPane(state: ScreenState, layout: Layout, height: number): number {
	return cursorOf(state, layout, height)?.index ?? -1;
}

/** The state with the cursor on row `at`. */
export function withCursor(state: ScreenState, layout: Layout, at: Position): ScreenState {
	const itemId = layout.item(at.index).id;
	return {...state, focus: itemId, cursorAt: {itemId, row: at.offset, index: at.index}};
}

/** The cursor's row on the screen (0: the body's first), -1 when it is not on it. */
export function cursorScreenRow(state: ScreenState, layout: Layout, height: number): number {
	const cursor = cursorOf(state, layout, height);
	const top = topOf(layout, height, state.viewport);
	if (!cursor || !top || compare(cursor, top) < 0) return -1;
	const row = distance(layout, top, cursor, height);
	return row < height ? row : -1;
}

/** j/k: the cursor `delta` rows down (up), the view scrolled just enough to show it. A move up stops following. */
export function moveCursor(state: ScreenState, layout: Layout, height: number, delta: number): ScreenState {
	const from = cursorOf(state, layout, height);
	if (!from || delta === 0) return state;
	const to = delta > 0 ? forward(layout, from, delta) : backward(layout, from, -delta);
	if (compare(to, from) === 0 && state.focus !== undefined) return state;
	const viewport = delta < 0 ? pause(layout, height, state.viewport) : state.viewport;
	return withCursor({...state, viewport: reveal(layout, height, viewport, to.index, to.offset)}, layout, to);
}

/** Ctrl+E/Ctrl+Y, the page keys, the wheel: the view `delta` rows down (up), the cursor kept on screen. */
export function scrollView(state: ScreenState, layout: Layout, height: number, delta: number): ScreenState {
	const before = cursorOf(state, layout, height);
	const viewport = scrollBy(layout, height, delta < 0 ? pause(layout, height, state.viewport) : state.viewport, delta);
	const top = topOf(layout, height, viewport);
	if (!before || !top) return {...state, viewport};
	// Following still (a page down at the bottom): nothing moved.
	if (viewport.follow && state.focus === undefined) return {...state, viewport};
	const bottom = forward(layout, top, Math.max(1, height) - 1);
	const at = compare(before, top) < 0 ? top : compare(before, bottom) > 0 ? bottom : before;
	return withCursor({...state, viewport}, layout, at);
}

/** The rows of the pages a page key would show next, below the view and above it (to draw them ahead). */
export function pagesBeside(state: ScreenState, layout: Layout, height: number): Row[][] {
	const page = Math.max(1, height - 1);
	return [page, -page].map(
		delta => visibleRows(layout, height, scrollView(state, layout, height, delta).viewport).rows,
	);
}

/** g: the cursor on the document's first row, at the top. */
export function cursorToTop(state: ScreenState, layout: Layout, viewport: ViewportState): ScreenState {
	const first = firstRow(layout);
	return first ? withCursor({...state, viewport}, layout, first) : {...state, viewport, focus: undefined};
}

/** } and {: the cursor on the next (previous) pane's head; { first goes to the head of the pane it is in. */
export function paneHead(state: ScreenState, layout: Layout, height: number, step: 1 | -1): ScreenState {
	const from = cursorOf(state, layout, height);
	if (!from) return state;
	const index = step < 0 && from.offset > 0 ? from.index : nonEmpty(layout, from.index + step, step);
	if (index === -1) return {...state, message: step > 0 ? 'no pane after this one' : 'no pane before this one'};
	const viewport = step < 0 ? pause(layout, height, state.viewport) : state.viewport;
	return withCursor({...state, viewport: reveal(layout, height, viewport, index, 0)}, layout, {index, offset: 0});
}

/**
 * After the panes changed under the cursor (a fold opened or closed, x, t, o): the cursor on
 * the same line of its pane in `after`, on the same row of the screen as before, so that what
 * the reader looks at does not move.
 */
export function keepCursorRow(
	state: ScreenState,
	before: Layout,
	after: Layout,
	height: number,
	lineCount: (itemId: number) => number,
): ScreenState {
	const cursor = cursorOf(state, before, height);
	if (!cursor) return state;
	const screenRow = cursorScreenRow(state, before, height);
	const pane = before.pane(cursor.index);
	const itemId = pane.itemId;
	const index = after.indexOf(itemId, cursor.index);
	if (index === -1 || after.pane(index).rows.length === 0) return state;
	const count = lineCount(itemId);
	const line = rowLine(pane, cursor.offset, count);
	const to = {index, offset: rowOfLine(after.pane(index), line, count)};
	let viewport = pause(after, height, state.viewport);
	viewport =
		screenRow === -1
			? reveal(after, height, viewport, to.index, to.offset)
			: scrollTo(after, height, viewport, backward(after, to, screenRow));
	// Near the top, fewer rows may lie above it than before: it is then shown where it can be.
	viewport = reveal(after, height, viewport, to.index, to.offset);
	return withCursor({...state, viewport}, after, to);
}
