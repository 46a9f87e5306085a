/**
 * Where the cursor is, for the footer: `line 1,204 of 5,880 · 20 %`, in document lines
 * (document-index.ts: every pane's lines, open or folded), the percentage that `:50%` goes to.
 * A short form stands in on a narrow row; the position is never left out.
 */
import {sanitize} from '../../render/sanitize.js';
import type {Segment} from '../panes/segments.js';
import {seg} from '../panes/segments.js';

/** The footer's position for document line `line` (0-based) of `total`, and its short form (`1,204/5,880 20%`). */
export function lineText(line: number, total: number): {long: string; short: string} {
	const at = Math.max(1, Math.min(total, line + 1));
	const percent = total === 0 ? 0 : Math.floor((at * 100) / total);
	const number = (n: number): string => n.toLocaleString('en-US');
	return {
		long: `line ${number(at)} of ${number(total)} · ${percent} %`,
		short: `${number(at)}/${number(total)} ${percent}%`,
	};
}

/** The position as the footer draws it. */
export function positionSegments(text: string | undefined): Segment[] {
	return text === undefined ? [] : [seg(` ${text} `, {dim: true})];
}

/**
 * The footer's position with what else says where the view is: the sideways shift in chop mode and the `&` filter
 * (`no pane` when the filter leaves none). Undefined when there is nothing to say.
 */
export function positionWith(
	place: {long: string; short: string} | undefined,
	shift: number,
	filter: string | undefined,
): {long?: string; short?: string} {
	const extra = [
		shift > 0 ? `→ ${shift}` : undefined,
		filter === undefined ? undefined : `filter “${sanitize(filter)}”`,
	];
	const joined = (text: string | undefined): string | undefined =>
		[text ?? (filter === undefined ? undefined : 'no pane'), ...extra].filter(part => part !== undefined).join(' · ') ||
		undefined;
	return {long: joined(place?.long), short: joined(place?.short)};
}
