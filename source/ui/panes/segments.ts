/**
 * Styled text as layout produces it: a row is a list of segments, each with its own style.
 * Widths are terminal columns (string-width's, see render/width.ts), never string lengths.
 */
import {graphemeWidth, graphemes, measureWidth} from '../../render/width.js';

/** The colours the screen uses (Ink colour names). */
export type Color = 'red' | 'green' | 'yellow' | 'blue' | 'magenta' | 'cyan' | 'gray' | 'white';

/** How a piece of text is drawn. */
export type Style = {
	color?: Color;
	dim?: boolean;
	bold?: boolean;
	italic?: boolean;
	underline?: boolean;
	inverse?: boolean;
};

/**
 * A run of text in one style; `link`, where the text names a file (an absolute path) or a web
 * address: drawn as an OSC 8 link where the screen draws links (LinkContext).
 */
export type Segment = Style & {text: string; link?: string; image?: ImageCells};

/**
 * Placeholder cells of an image drawn inline (render/inline-images.ts): its id (drawn as the foreground colour), and on
 * its first row what sends it to the terminal before it is drawn.
 */
export type ImageCells = {id: number; send?: () => void};

/** One terminal row of a pane, tagged with the item it belongs to. */
export type Row = {itemId: number; segments: Segment[]};

/**
 * Text of which every UTF-16 unit is one character one column wide: ASCII, Latin letters,
 * punctuation, arrows, box drawing, shapes, braille, the screen's own marks (✓ ✗ ⟳ ⚠).
 * Measured by its length, the quickest test there is for the text most rows hold.
 * test/perf/narrow-text.test.ts checks every code point against it.
 */
export const narrowText = new RegExp(
	String.raw`^[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2139\u2190-\u21ff\u2298` +
		String.raw`\u23f8\u2400-\u2426\u2500-\u25fc\u26a0\u2713\u2717\u27e6-\u27ed\u27f0-\u27ff\u2800-\u28ff]*$`,
);

/** Columns a text takes; a fast path for plain ASCII, which is most of what traces hold. */
export function textWidth(text: string): number {
	if (narrowText.test(text)) return text.length;
	return measureWidth(text);
}

/** Columns a list of segments takes. */
export function segmentsWidth(segments: readonly Segment[]): number {
	let width = 0;
	for (const segment of segments) width += textWidth(segment.text);
	return width;
}

/** A segment; drops undefined style keys so that tests can compare segments plainly. */
export function seg(text: string, style: Style = {}): Segment {
	// A row is one terminal line: a line feed from trace text (a tool name, a description)
	// would make Ink draw two and push the frame past the terminal's height.
	const out: Segment = {text: text.includes('\n') ? text.replace(/\r?\n/g, ' ') : text};
	for (const [key, value] of Object.entries(style)) {
		if (value !== undefined && value !== false) (out as Record<string, unknown>)[key] = value;
	}
	return out;
}

/** The plain text of a row. */
export function rowText(segments: readonly Segment[]): string {
	let text = '';
	for (const segment of segments) text += segment.text;
	return text;
}

/** The longest head of `text` that fits in `width` columns, and its width. */
export function fitText(text: string, width: number): {text: string; width: number} {
	if (width <= 0) return {text: '', width: 0};
	if (narrowText.test(text)) {
		const head = text.length > width ? text.slice(0, width) : text;
		return {text: head, width: head.length};
	}
	let used = 0;
	let end = 0;
	for (const grapheme of graphemes(text)) {
		const w = Math.min(2, graphemeWidth(grapheme));
		if (used + w > width) break;
		used += w;
		end += grapheme.length;
	}
	return {text: text.slice(0, end), width: used};
}

/** The longest tail of `text` that fits in `width` columns. */
export function fitTail(text: string, width: number): string {
	if (width <= 0) return '';
	if (narrowText.test(text)) return text.length > width ? text.slice(text.length - width) : text;
	const parts = [...graphemes(text)];
	let used = 0;
	let start = parts.length;
	while (start > 0) {
		const w = Math.min(2, graphemeWidth(parts[start - 1]!));
		if (used + w > width) break;
		used += w;
		start--;
	}
	return parts.slice(start).join('');
}

/**
 * `text` in `width` columns, its middle left out (`…`) when it does not fit: a command's start
 * (the program) and its end (what tells one call from the next) both read.
 */
export function fitMiddle(text: string, width: number): string {
	if (textWidth(text) <= width) return text;
	if (width <= 1) return width === 1 ? '…' : '';
	const room = width - 1;
	const head = fitText(text, Math.ceil(room * 0.4));
	// Never inside a number: `seq 1 4…` would read as another command.
	let start = head.text;
	if (/\d$/.test(start) && /^\d/.test(text.slice(start.length))) start = start.replace(/\d+$/, '');
	let end = fitTail(text, room - textWidth(start));
	if (/^\d/.test(end) && /\d$/.test(text.slice(0, text.length - end.length))) end = end.replace(/^\d+/, '');
	return `${start}…${end}`;
}

/** Segments cut to `width` columns, ending with `…` when something was cut. */
export function truncateSegments(segments: readonly Segment[], width: number): Segment[] {
	if (segmentsWidth(segments) <= width) return [...segments];
	const out: Segment[] = [];
	let room = Math.max(0, width - 1);
	for (const segment of segments) {
		if (room <= 0) break;
		const {text, width: used} = fitText(segment.text, room);
		if (text) out.push({...segment, text});
		room -= used;
		if (text.length < segment.text.length) break;
	}
	if (width >= 1) {
		const last = out[out.length - 1];
		out.push(last ? {...last, text: '…'} : {text: '…'});
	}
	return out;
}

/** A row that puts `right` at the right edge, cutting `left` (never `right`) when both do not fit. */
export function spread(left: readonly Segment[], right: readonly Segment[], width: number): Segment[] {
	const rightWidth = segmentsWidth(right);
	if (rightWidth === 0) return truncateSegments(left, width);
	const room = width - rightWidth - 1;
	if (room < 8) return truncateSegments([...left, {text: ' '}, ...right], width);
	const cut = truncateSegments(left, room);
	const gap = width - segmentsWidth(cut) - rightWidth;
	return [...cut, {text: ' '.repeat(Math.max(1, gap))}, ...right];
}

/**
 * A rule: `label` and `status` inside a line of `char` across `width` columns, as
 * `─── label ─────── status ──`. When the row is short the dashes go first (down to one
 * on each side, `─ label ─ status ─`), the spaces around the labels never; then the label is
 * cut; the status is cut only when no room is left for a label at all.
 */
export function rule(
	char: string,
	width: number,
	left: readonly Segment[] = [],
	right: readonly Segment[] = [],
	style: Style = {dim: true},
): Segment[] {
	if (left.length === 0 && right.length === 0) return [seg(char.repeat(Math.max(0, width)), style)];
	const leftWidth = segmentsWidth(left);
	const rightWidth = segmentsWidth(right);
	const room = ruleLabelRoom(width, right);
	if (leftWidth > room) {
		// Even the shortest dashes leave no room for the whole label: cut it, keep the status.
		if (room >= 6) return rule(char, width, truncateSegments(left, room), right, style);
		return truncateSegments([seg(char + ' ', style), ...left, seg(' ', style), ...right], width);
	}
	// What is left after the labels and a space either side of each: the dashes.
	const dashes = width - leftWidth - rightWidth - (left.length > 0 ? 2 : 0) - (right.length > 0 ? 2 : 0);
	const short = left.length > 0 && right.length > 0 ? 3 : 2;
	if (dashes < short) return truncateSegments([seg(char + ' ', style), ...left, seg(' ', style), ...right], width);
	let lead = left.length > 0 ? 1 : 0;
	let tail = right.length > 0 ? 1 : 0;
	// Spare dashes go to the lead (up to 3) and the tail (up to 2) first, the rest between.
	let spare = dashes - short;
	const more = (want: number): number => {
		const taken = Math.max(0, Math.min(want, spare));
		spare -= taken;
		return taken;
	};
	lead += left.length > 0 ? more(2) : 0;
	tail += right.length > 0 ? more(1) : 0;
	const fill = 1 + spare;
	const out: Segment[] = [];
	if (left.length > 0) out.push(seg(char.repeat(lead) + ' ', style), ...left, seg(' ', style));
	out.push(seg(char.repeat(fill), style));
	if (right.length > 0) out.push(seg(' ', style), ...right, seg(' ' + char.repeat(tail), style));
	return out;
}

/** The widest left label a rule of `width` columns with `right` can hold whole: the dashes at their shortest. */
export function ruleLabelRoom(width: number, right: readonly Segment[] = []): number {
	const rightWidth = segmentsWidth(right);
	// `─ label ─ status ─`: a dash and a space either side of each label, one dash between.
	return right.length > 0 ? width - rightWidth - 7 : width - 4;
}
