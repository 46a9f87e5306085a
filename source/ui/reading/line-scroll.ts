/**
 * Reading one long pane line by line, as in less: j/k scroll the focused pane a row at a time
 * while it continues past the screen, its first row (the call, the speaker) pinned at the top
 * of the body, and the footer says which of its lines is at the bottom.
 */
import type {Layout} from '../panes/layout.js';
import type {Row} from '../panes/segments.js';
import {forward, topOf, type Position, type ViewportState} from './viewport.js';

/** The row at the bottom of the screen (the top `height - 1` rows further on). */
function bottomOf(layout: Layout, height: number, top: Position): Position {
	return forward(layout, top, Math.max(1, height) - 1);
}

/**
 * How many rows j (1) or k (-1) scrolls inside the focused pane at entry `index`: 1 while the
 * pane goes on below the screen (j) or its first rows are above it (k); 0 when the pane is
 * read to its end (or start), and j/k move to the next (previous) pane as before.
 */
export function lineStep(layout: Layout, height: number, viewport: ViewportState, index: number, step: 1 | -1): number {
	const top = topOf(layout, height, viewport);
	if (!top || index < 0) return 0;
	if (step < 0) return top.index === index && top.offset > 0 ? 1 : 0;
	const bottom = bottomOf(layout, height, top);
	const rows = layout.pane(index).rows.length;
	// The pane is on screen and its last row is not.
	return top.index <= index && bottom.index === index && bottom.offset < rows - 1 ? 1 : 0;
}

/**
 * The rows on screen with the focused pane's first row pinned at the top while the pane is
 * scrolled under it (its first rows above the screen). The row it covers is the one that
 * would be at the top: the rest stay where they are, so the bottom of the session still shows.
 */
export function withPinnedHead(
	rows: readonly Row[],
	layout: Layout,
	height: number,
	viewport: ViewportState,
	focusIndex: number,
): readonly Row[] {
	if (focusIndex < 0 || rows.length === 0) return rows;
	const top = topOf(layout, height, viewport);
	if (!top || top.index !== focusIndex || top.offset === 0) return rows;
	const head = layout.pane(focusIndex).rows[0];
	return head ? [head, ...rows.slice(1)] : rows;
}

/**
 * `line 40 of 300`: the focused pane's row at the bottom of the screen, when the pane is too
 * long to be seen whole; undefined otherwise (the pane count says enough).
 */
export function paneLineText(
	layout: Layout,
	height: number,
	viewport: ViewportState,
	focusIndex: number,
): string | undefined {
	if (focusIndex < 0) return undefined;
	const rows = layout.pane(focusIndex).rows.length;
	if (rows <= height) return undefined;
	const top = topOf(layout, height, viewport);
	if (!top || top.index > focusIndex) return undefined;
	const bottom = bottomOf(layout, height, top);
	if (bottom.index < focusIndex) return undefined;
	const line = bottom.index === focusIndex ? bottom.offset + 1 : rows;
	return `line ${line} of ${rows}`;
}
