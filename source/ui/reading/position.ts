/**
 * Where the view is, for the footer: `pane 32 of 300 · 10 %`. Counted in layout entries (an
 * O(1) look, whatever the session's length); the pane is the focused one, else the last on
 * screen (as less counts its bottom line).
 */
import type {Segment} from '../panes/segments.js';
import {seg} from '../panes/segments.js';

/** The footer's position words for entry `index` of `count`; none for an empty session. */
export function positionText(index: number, count: number): string | undefined {
	if (count <= 0 || index < 0) return undefined;
	const at = Math.min(index, count - 1) + 1;
	return `pane ${at} of ${count} · ${Math.floor((at * 100) / count)} %`;
}

/** The position as the footer draws it. */
export function positionSegments(text: string | undefined): Segment[] {
	return text === undefined ? [] : [seg(` ${text} `, {dim: true})];
}
