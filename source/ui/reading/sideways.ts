/**
 * Sideways scrolling, as less -S: in chop mode (chop-rows.ts) each row is drawn from column
 * `shift` on, so the part of a row cut at the screen's edge can be read.
 */
import {graphemeWidth, graphemes} from '../../render/width.js';
import {narrowText, type Segment} from '../panes/segments.js';

/** The furthest the body moves right: enough for any row a pane lays out, never a runaway width. */
export const maxShift = 4000;

/** The next shift after → (1) or ← (-1): half a screen each, never left of the edge. */
export function nextShift(shift: number, width: number, step: 1 | -1): number {
	const half = Math.max(1, Math.floor(width / 2));
	return Math.max(0, Math.min(maxShift, shift + step * half));
}

/** Segments without their first `columns` columns; a wide character cut in half leaves a space. */
export function dropColumns(segments: readonly Segment[], columns: number): Segment[] {
	if (columns <= 0) return [...segments];
	const out: Segment[] = [];
	let left = columns;
	for (const segment of segments) {
		if (left <= 0) {
			out.push(segment);
			continue;
		}
		if (narrowText.test(segment.text)) {
			if (segment.text.length > left) out.push({...segment, text: segment.text.slice(left)});
			left -= Math.min(left, segment.text.length);
			continue;
		}
		let text = '';
		for (const grapheme of graphemes(segment.text)) {
			if (left <= 0) {
				text += grapheme;
				continue;
			}
			const width = Math.min(2, graphemeWidth(grapheme));
			if (width > left) text += ' '.repeat(width - left);
			left -= Math.min(left, width);
		}
		if (text !== '') out.push({...segment, text});
	}
	return out;
}
