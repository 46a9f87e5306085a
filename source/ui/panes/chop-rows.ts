/**
 * Chop mode, as less -S: long rows are not wrapped but cut at the screen's edge with a marker,
 * and → ← shift every row's text by half a screen without laying anything out again. Panes
 * are laid out once at a width no row reaches (`chopWidth`); a pane's head (a call's row, a
 * thinking's) comes from the layout at the screen's width and stays in place, as the gutter,
 * the header and the footer do. Line numbers do not move: they never depended on the width.
 */
import type {Layout, Pane} from './layout.js';
import {segmentsWidth, truncateSegments, type Row} from './segments.js';
import {dropColumns, maxShift} from '../reading/sideways.js';

/** The width panes are laid out at in chop mode: a longer row still wraps, at this width. */
export const chopWidth = maxShift;

/** A head row that stays in place when the rows shift (a call's, a thinking's: not a message's first line). */
export type PinnedRow = Row & {pinned: true};

/** Whether a row stays put when the others shift. */
function pinned(row: Row): boolean {
	return (row as Partial<PinnedRow>).pinned === true;
}

/**
 * The layout for chop mode: `wide`'s panes (laid out at chopWidth), each with `narrow`'s head
 * row in place of its own where the head is not the first line of a message. `kept` keeps the
 * panes made, so that a frame makes a new one only for a pane that changed.
 */
export function choppedLayout(wide: Layout, narrow: Layout, kept: WeakMap<Pane, Pane>): Layout {
	return {
		width: narrow.width,
		count: wide.count,
		item: index => wide.item(index),
		depth: index => wide.depth(index),
		indexOf: (itemId, hint) => wide.indexOf(itemId, hint),
		pane(index) {
			const pane = wide.pane(index);
			const known = kept.get(pane);
			const head = narrow.pane(index).rows[0];
			if (known && known.rows[0]?.segments === head?.segments) return known;
			// A message's first row is its first line: it shifts with the rest.
			const text = pane.kind === 'user_text' || pane.kind === 'assistant_text';
			const rows = head && !text ? [{...head, pinned: true} as PinnedRow, ...pane.rows.slice(1)] : pane.rows;
			const made = rows === pane.rows ? pane : {...pane, rows};
			kept.set(pane, made);
			return made;
		},
	};
}

/**
 * The rows on screen in chop mode: each shifted `shift` columns left (a pinned head not), cut at `width` with a marker.
 */
export function choppedRows(rows: readonly Row[], shift: number, width: number): Row[] {
	return rows.map(row => {
		const segments = pinned(row) || shift <= 0 ? row.segments : dropColumns(row.segments, shift);
		return segmentsWidth(segments) <= width
			? segments === row.segments
				? row
				: {itemId: row.itemId, segments}
			: {itemId: row.itemId, segments: truncateSegments(segments, width)};
	});
}

/** The shift that shows the end of the longest row among `rows` (less's ESC-}), 0 when every row fits. */
export function endShift(rows: readonly Row[], width: number): number {
	let longest = 0;
	for (const row of rows) if (!pinned(row)) longest = Math.max(longest, segmentsWidth(row.segments));
	return Math.max(0, Math.min(maxShift, longest - width));
}
