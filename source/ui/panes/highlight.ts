/** Search matches marked in a row's segments (on visible rows only, at draw time). */
import {matchRanges} from '../reading/search-match.js';
import {rowText, type Segment} from './segments.js';

/** The segments with every match of `pattern` (search-match.ts: what the count counts) split out and drawn inverse. */
export function highlight(segments: readonly Segment[], pattern: RegExp | undefined): readonly Segment[] {
	if (!pattern) return segments;
	const spans = matchRanges(rowText(segments), pattern);
	if (spans.length === 0) return segments;
	const out: Segment[] = [];
	let at = 0;
	for (const segment of segments) {
		const start = at;
		const end = at + segment.text.length;
		at = end;
		let cursor = start;
		for (const [from, to] of spans) {
			if (to <= cursor || from >= end) continue;
			const a = Math.max(from, cursor);
			const b = Math.min(to, end);
			if (a > cursor) out.push({...segment, text: segment.text.slice(cursor - start, a - start)});
			out.push({...segment, text: segment.text.slice(a - start, b - start), inverse: true, color: 'yellow'});
			cursor = b;
		}
		if (cursor < end) out.push({...segment, text: segment.text.slice(cursor - start)});
	}
	return out;
}
