/** The footer's key hints for each mode, and the filter's prompt. */
import {sanitize} from '../../render/sanitize.js';
import {seg, type Row} from '../panes/segments.js';

export const noticeHints = 'notice log · j/k scroll · q, Esc or M back';
export const pickerHints = 'j/k choose · / filter · Enter open · Esc close';
export const besideHints = 'j/k choose · / filter · Enter open on the right · Tab or Esc the session';
/** While a filter is typed in the picker (beside the session or not). */
export const pickerFilterHints = 'type to filter · ↑/↓ choose · Enter open · Esc done';
export const timelineHints = 'j/k move · Enter show in session · e next problem · F follow · q or T back';

/** The filter's prompt in the footer, with what ↑ brings back when a filter is on. */
export function filterHint(draft: string, current: string | undefined): string {
	const recall = current === undefined || draft === current ? '' : ` · ↑ “${sanitize(current)}”`;
	return `&${sanitize(draft)}▌   Enter filter${recall} · ! problems · tool:NAME · -thinking · Esc cancel`;
}

/** The body when a filter keeps no pane. */
export function noPaneMatches(filter: string): Row[] {
	return [
		{
			itemId: -1,
			segments: [seg(` no pane matches “${sanitize(filter)}” · & then Enter shows every pane`, {dim: true})],
		},
	];
}
