/**
 * A row's segments as one string in a theme's palette, written without chalk: the first frame
 * (first-frame.ts) draws with it before Ink is loaded, and chalk decides its colour level once, as
 * it loads, from the environment (with CI set at all it draws nothing), which load-screen.ts
 * hides only while Ink loads. Each attribute is opened and closed as chalk does it, in the same
 * order (dim or colour, bold, italic, underline, inverse).
 */
import type {Palette, Sgr} from './palette.js';
import type {Segment} from './segments.js';

const bold: Sgr = {open: '1', close: '22'};
const italic: Sgr = {open: '3', close: '23'};
const underline: Sgr = {open: '4', close: '24'};
const inverse: Sgr = {open: '7', close: '27'};

/** `text` in an SGR look: its closing code inside the text opens the look again, as chalk does. */
export function wrapSgr(text: string, {open, close}: Sgr): string {
	const end = `\u001B[${close}m`;
	const start = `\u001B[${open}m`;
	return start + (text.includes(end) ? text.replaceAll(end, end + start) : text) + end;
}

/** The string of `segments` in `palette`: a colour is the palette's, dim text without one the palette's dim. */
export function paletteRow(segments: readonly Segment[], palette: Palette): string {
	let out = '';
	for (const segment of segments) out += paletteText(segment, palette);
	return out;
}

/** One segment's string in `palette` (paletteRow's part). */
export function paletteText(segment: Segment, palette: Palette): string {
	let text = segment.text;
	if (text.length === 0) return text;
	if (segment.color) text = wrapSgr(text, palette.sgr[segment.color]);
	else if (segment.dim) text = wrapSgr(text, palette.sgr.dim);
	if (segment.bold) text = wrapSgr(text, bold);
	if (segment.italic) text = wrapSgr(text, italic);
	if (segment.underline) text = wrapSgr(text, underline);
	if (segment.inverse) text = wrapSgr(text, inverse);
	return text;
}
