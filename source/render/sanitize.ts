/**
 * The one sanitizer for trace content on its way to a terminal (the Ink screen and the plain
 * print mode). Traces are untrusted: model text and tool output may carry escape sequences
 * that move the cursor, clear the screen, retitle the window, write the clipboard or reorder
 * text. Everything but plain colours (when asked for) is removed; carriage returns,
 * backspaces and erase-line sequences are applied, so a line shows what a terminal would have
 * left on it; tabs become spaces; bidi controls become visible marks.
 *
 * One linear pass, no backtracking, no recursion; it never throws.
 */
import {measureWidth, segmentGraphemes, widthsAreExact} from './width.js';

/** Options for {@link sanitize}. */
export type SanitizeOptions = {
	/** Keep colours and text attributes (plain SGR only), closed at every line end. */
	keepColor?: boolean;
};

// Anything sanitize would change: C0 controls but LF (TAB included: it is expanded), DEL,
// C1 controls, bidi controls. Kept as a one-shot test for the clean-text fast path.
// eslint-disable-next-line no-control-regex
const needsWork = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

// Where the next non-text character is (LF and TAB included).
// eslint-disable-next-line no-control-regex
const special = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

// What can end an OSC/DCS/APC/PM/SOS string: BEL, ESC (ST or an abort), 8-bit ST, LF
// (an unterminated string is dropped to the end of its line), CAN and SUB (abort).
// eslint-disable-next-line no-control-regex
const stringEnd = /[\u0007\u001b\u009c\n\u0018\u001a]/g;

const plainParams = /^[0-9;:]*$/;
const printableAscii = /^[\u0020-\u007e]*$/;

const bidiMarks: Readonly<Record<string, string>> = {
	'\u061c': '⟪ALM⟫',
	'\u200e': '⟪LRM⟫',
	'\u200f': '⟪RLM⟫',
	'\u202a': '⟪LRE⟫',
	'\u202b': '⟪RLE⟫',
	'\u202c': '⟪PDF⟫',
	'\u202d': '⟪LRO⟫',
	'\u202e': '⟪RLO⟫',
	'\u2066': '⟪LRI⟫',
	'\u2067': '⟪RLI⟫',
	'\u2068': '⟪FSI⟫',
	'\u2069': '⟪PDI⟫',
};

const tabSize = 8;

/** Whether `text` holds anything {@link sanitize} would change (controls, TAB, bidi controls). */
export function hasControlSequences(text: string): boolean {
	return needsWork.test(text);
}

/** `text` made safe to write to a terminal; colours kept only with `keepColor`. */
export function sanitize(text: string, options?: SanitizeOptions): string {
	if (typeof text !== 'string') {
		text = String(text ?? '');
	}
	if (!needsWork.test(text)) {
		return text;
	}
	try {
		return render(text, options?.keepColor === true);
	} catch {
		// Not expected; if it happens, fall back to something crude but safe.
		return text.replace(new RegExp(special.source, 'g'), '');
	}
}

/** `text` sanitized without colours: the plain visible text, for width math. */
export function stripAnsi(text: string): string {
	return sanitize(text);
}

// ---------------------------------------------------------------------------------------
// Colours: SGR parameters are folded into a small attribute state, which is written back out
// in one canonical form. That keeps only attributes we know, makes the output idempotent and
// lets every line open and close its own colours.

type Style = {
	bold: boolean;
	dim: boolean;
	italic: boolean;
	/** '' (none), '4', '21' (double) or '4:n' (styled). */
	underline: string;
	inverse: boolean;
	strike: boolean;
	overline: boolean;
	/** '' (default) or the parameters that select it, e.g. '31', '38;5;208', '38;2;1;2;3'. */
	fg: string;
	bg: string;
	/** Underline colour, colon form: '58:5:n' or '58:2::r:g:b'. */
	ul: string;
};

function plainStyle(): Style {
	return {
		bold: false,
		dim: false,
		italic: false,
		underline: '',
		inverse: false,
		strike: false,
		overline: false,
		fg: '',
		bg: '',
		ul: '',
	};
}

function styleKey(style: Style): string {
	const parts: string[] = [];
	if (style.bold) parts.push('1');
	if (style.dim) parts.push('2');
	if (style.italic) parts.push('3');
	if (style.underline !== '') parts.push(style.underline);
	if (style.inverse) parts.push('7');
	if (style.strike) parts.push('9');
	if (style.overline) parts.push('53');
	if (style.fg !== '') parts.push(style.fg);
	if (style.bg !== '') parts.push(style.bg);
	if (style.ul !== '') parts.push(style.ul);
	return parts.join(';');
}

// A colour component 0–255 in canonical form; an empty parameter counts as 0.
function byte(value: string | undefined): string | undefined {
	if (value === undefined) return undefined;
	if (value === '') return '0';
	if (value.length > 3 || !/^\d+$/.test(value)) return undefined;
	const n = Number(value);
	return n <= 255 ? String(n) : undefined;
}

function setExtended(style: Style, which: number, mode: '5' | '2', values: (string | undefined)[]): void {
	if (values.some(value => value === undefined)) return;
	if (which === 58) {
		style.ul = mode === '5' ? `58:5:${values[0]}` : `58:2::${values.join(':')}`;
		return;
	}
	const value = `${which};${mode};${values.join(';')}`;
	if (which === 38) style.fg = value;
	else style.bg = value;
}

// One parameter with colon sub-parameters: extended colours and underline styles.
function applyColonParam(style: Style, param: string): void {
	const parts = param.split(':');
	const head = Number(parts[0]);
	if (head === 4) {
		const kind = parts[1] === '' ? 0 : Number(parts[1]);
		if (kind === 0) style.underline = '';
		else if (kind === 1) style.underline = '4';
		else if (kind >= 2 && kind <= 5) style.underline = `4:${kind}`;
		return;
	}
	if (head !== 38 && head !== 48 && head !== 58) return;
	if (parts[1] === '5' && parts.length === 3) {
		setExtended(style, head, '5', [byte(parts[2])]);
	} else if (parts[1] === '2' && (parts.length === 5 || parts.length === 6)) {
		// With six parts the third is a colour-space id, which nobody uses; skip it.
		const rgb = parts.slice(parts.length - 3);
		setExtended(style, head, '2', rgb.map(byte));
	}
}

function applySgr(style: Style, params: string): void {
	const list = params.split(';');
	for (let i = 0; i < list.length; i++) {
		const param = list[i];
		if (param.includes(':')) {
			applyColonParam(style, param);
			continue;
		}
		const n = param === '' ? 0 : Number(param);
		if (n === 0) Object.assign(style, plainStyle());
		else if (n === 1) style.bold = true;
		else if (n === 2) style.dim = true;
		else if (n === 3) style.italic = true;
		else if (n === 4) style.underline = '4';
		else if (n === 7) style.inverse = true;
		else if (n === 9) style.strike = true;
		else if (n === 21) style.underline = '21';
		else if (n === 22) style.bold = style.dim = false;
		else if (n === 23) style.italic = false;
		else if (n === 24) style.underline = '';
		else if (n === 27) style.inverse = false;
		else if (n === 29) style.strike = false;
		else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) style.fg = String(n);
		else if (n === 39) style.fg = '';
		else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) style.bg = String(n);
		else if (n === 49) style.bg = '';
		else if (n === 53) style.overline = true;
		else if (n === 55) style.overline = false;
		else if (n === 59) style.ul = '';
		else if (n === 38 || n === 48 || n === 58) {
			// Semicolon form: the next parameters belong to this one.
			const mode = list[i + 1];
			if (mode === '5') {
				setExtended(style, n, '5', [byte(list[i + 2])]);
				i += 2;
			} else if (mode === '2') {
				setExtended(style, n, '2', [byte(list[i + 2]), byte(list[i + 3]), byte(list[i + 4])]);
				i += 4;
			} else if (mode !== undefined) {
				i += 1;
			}
		}
		// Anything else (blink, conceal, fonts, …) is dropped: concealed text would hide
		// content from the reader, and the rest is noise in a viewer.
	}
}

// ---------------------------------------------------------------------------------------
// Widths. Intl.Segmenter (and string-width, which uses it) is quadratic on long strings in
// Node 20, so text is split into graphemes a window at a time, and widths of single
// graphemes are cached (string-width costs microseconds a call).

const segmentWindow = 256;

// Text in which every code point is a grapheme of its own: nothing that joins its
// neighbours (marks, joiners, variation selectors, emoji modifiers, regional indicators,
// Hangul jamo, tags, prepended concatenation marks, a few spacing marks that are letters).
const joinsNothing =
	/^[^\p{M}\u200c\u200d\ufe00-\ufe0f\uff9e\uff9f\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}\u{e0000}-\u{e0fff}\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]*$/u;

const widthCache = new Map<string, number>();
const widthCacheLimit = 8192;

function graphemeWidth(grapheme: string): number {
	if (grapheme.length === 1) {
		const code = grapheme.charCodeAt(0);
		if (code >= 0x20 && code < 0x7f) return 1;
	}
	let width = widthCache.get(grapheme);
	if (width === undefined) {
		width = Math.min(2, measureWidth(grapheme));
		if (!widthsAreExact()) return width;
		if (widthCache.size >= widthCacheLimit) widthCache.clear();
		widthCache.set(grapheme, width);
	}
	return width;
}

// The graphemes of `text`, segmented a bounded window at a time.
function* clusters(text: string): Generator<string> {
	if (joinsNothing.test(text)) {
		yield* text;
		return;
	}
	let start = 0;
	while (start < text.length) {
		const end = Math.min(text.length, start + segmentWindow);
		let last = '';
		let lastIndex = 0;
		for (const {segment, index} of segmentGraphemes(text.slice(start, end))) {
			if (index > 0) yield last;
			last = segment;
			lastIndex = index;
		}
		if (end === text.length || lastIndex === 0) {
			// All done, or one grapheme fills the window: take it as it is.
			yield last;
			start = end;
		} else {
			// The window may have cut the last grapheme: segment it again with what follows.
			start += lastIndex;
		}
	}
}

function textWidth(text: string): number {
	if (printableAscii.test(text)) return text.length;
	let width = 0;
	for (const grapheme of clusters(text)) width += graphemeWidth(grapheme);
	return width;
}

// ---------------------------------------------------------------------------------------
// Lines. A line is a list of styled segments while text is only appended to it (the common
// case). Once something moves the cursor back into it (CR, BS, cursor left, tab), it becomes
// one cell per column, like a terminal's line, and later text overwrites cells.

type Segment = {style: string; text: string};

/** One column; `width` 0 marks the right half of the wide glyph to its left. */
type Cell = {text: string; width: number; style: string};

function blank(style: string): Cell {
	return {text: ' ', width: 1, style};
}

class Renderer {
	private readonly out: string[] = [];
	private readonly style: Style = plainStyle();
	private key = '';
	// What the output has open right now (per line: every line opens and closes its own).
	private emitted = '';

	private segments: Segment[] = [];
	// Width of the segment text before `unmeasured`, worked out only when a tab needs it.
	private measured = 0;
	private unmeasured: string[] = [];

	private cells: Cell[] | undefined;
	private cursor = 0;

	constructor(private readonly keepColor: boolean) {}

	text(text: string): void {
		if (this.cells === undefined) {
			this.appendSegment(text, this.key);
		} else {
			this.writeCells(text, this.key);
		}
	}

	sgr(params: string): void {
		if (!this.keepColor) return;
		applySgr(this.style, params);
		this.key = styleKey(this.style);
	}

	carriageReturn(): void {
		if (this.cells === undefined && this.segments.length === 0) return;
		this.toCells();
		this.cursor = 0;
	}

	backspace(): void {
		if (this.cells === undefined && this.segments.length === 0) return;
		this.toCells();
		this.cursor = Math.max(0, this.cursor - 1);
	}

	tab(): void {
		if (this.cells === undefined) {
			// Still append-only: pad from the line's width; tab-skipped cells are unpainted.
			const width = this.width();
			this.appendSegment(' '.repeat(tabSize - (width % tabSize)), '');
			return;
		}
		const cells = this.cells;
		const target = (Math.floor(this.cursor / tabSize) + 1) * tabSize;
		while (cells.length < target) cells.push(blank(''));
		this.cursor = target;
	}

	/** CSI n K: 0 erases to the end of the line, 2 the whole line (1 is ignored). */
	eraseLine(mode: number): void {
		if (mode === 2) {
			// Unlike a terminal the cursor goes home too, so later text never gets padded
			// out to where it was (that padding could blow up the output).
			this.resetLine();
			return;
		}
		if (mode !== 0 || this.cells === undefined) return;
		const cells = this.cells;
		if (this.cursor >= cells.length) return;
		if (cells[this.cursor].width === 0 && this.cursor > 0) {
			cells[this.cursor - 1] = blank(cells[this.cursor - 1].style);
		}
		cells.length = this.cursor;
	}

	/** Cursor to column `column` (0-based), never past the end of the line's text. */
	moveTo(column: number): void {
		this.toCells();
		this.cursor = Math.max(0, Math.min(column, this.cells!.length));
	}

	/** Cursor left (negative) or right, never past either end of the line's text. */
	moveBy(delta: number): void {
		if (delta > 0 && this.cells === undefined) return; // already at the end
		this.toCells();
		this.moveTo(this.cursor + delta);
	}

	newline(): void {
		this.flushLine();
		this.out.push('\n');
	}

	finish(): string {
		this.flushLine();
		return this.out.join('');
	}

	private appendSegment(text: string, style: string): void {
		const last = this.segments[this.segments.length - 1];
		if (last !== undefined && last.style === style) last.text += text;
		else this.segments.push({style, text});
		this.unmeasured.push(text);
	}

	private width(): number {
		if (this.unmeasured.length > 0) {
			this.measured += textWidth(this.unmeasured.join(''));
			this.unmeasured = [];
		}
		return this.measured;
	}

	private toCells(): void {
		if (this.cells !== undefined) return;
		this.cells = [];
		this.cursor = 0;
		for (const segment of this.segments) this.writeCells(segment.text, segment.style);
		this.segments = [];
		this.unmeasured = [];
		this.measured = 0;
	}

	private writeCells(text: string, style: string): void {
		if (printableAscii.test(text)) {
			for (let i = 0; i < text.length; i++) this.put(text[i], 1, style);
			return;
		}
		for (const grapheme of clusters(text)) this.put(grapheme, graphemeWidth(grapheme), style);
	}

	private put(glyph: string, width: number, style: string): void {
		const cells = this.cells!;
		const at = this.cursor;
		if (width === 0) {
			// Combining marks and the like join the glyph left of the cursor.
			let left = at - 1;
			if (left >= 0 && cells[left].width === 0) left--;
			if (left >= 0) cells[left] = {...cells[left], text: cells[left].text + glyph};
			return;
		}
		while (cells.length < at) cells.push(blank(''));
		// Overwriting half of a wide glyph blanks its other half, as terminals do.
		if (at < cells.length && cells[at].width === 0 && at > 0) {
			cells[at - 1] = blank(cells[at - 1].style);
		}
		const end = at + width;
		if (end - 1 < cells.length && cells[end - 1].width === 2 && end < cells.length) {
			cells[end] = blank(cells[end].style);
		}
		cells[at] = {text: glyph, width, style};
		if (width === 2) cells[at + 1] = {text: '', width: 0, style};
		this.cursor = end;
	}

	private emit(style: string, text: string): void {
		if (style !== this.emitted) {
			if (style === '') this.out.push('\u001b[0m');
			else if (this.emitted === '') this.out.push(`\u001b[${style}m`);
			else this.out.push(`\u001b[0;${style}m`);
			this.emitted = style;
		}
		this.out.push(text);
	}

	private flushLine(): void {
		if (this.cells === undefined) {
			for (const segment of this.segments) this.emit(segment.style, segment.text);
		} else {
			for (const cell of this.cells) {
				if (cell.width !== 0) this.emit(cell.style, cell.text);
			}
		}
		if (this.emitted !== '') {
			this.out.push('\u001b[0m');
			this.emitted = '';
		}
		this.resetLine();
	}

	private resetLine(): void {
		this.segments = [];
		this.unmeasured = [];
		this.measured = 0;
		this.cells = undefined;
		this.cursor = 0;
	}
}

// ---------------------------------------------------------------------------------------
// The scanner. Each handler returns the index to go on from, always past where it started.

function render(text: string, keepColor: boolean): string {
	const renderer = new Renderer(keepColor);
	const length = text.length;
	let i = 0;
	while (i < length) {
		special.lastIndex = i;
		const match = special.exec(text);
		const at = match === null ? length : match.index;
		if (at > i) renderer.text(text.slice(i, at));
		if (match === null) break;
		i = control(text, at, renderer);
	}
	return renderer.finish();
}

function control(text: string, at: number, renderer: Renderer): number {
	const code = text.charCodeAt(at);
	switch (code) {
		case 0x0a:
			renderer.newline();
			return at + 1;
		case 0x0d: {
			// A CR right before LF (or the end) changes nothing: CRLF is just a line ending.
			let next = at + 1;
			while (text.charCodeAt(next) === 0x0d) next++;
			if (next < text.length && text.charCodeAt(next) !== 0x0a) renderer.carriageReturn();
			return next;
		}
		case 0x09:
			renderer.tab();
			return at + 1;
		case 0x08:
			renderer.backspace();
			return at + 1;
		case 0x1b:
			return escape(text, at + 1, renderer);
		case 0x9b: // 8-bit CSI
			return csi(text, at + 1, renderer);
		case 0x90: // 8-bit DCS, SOS, OSC, PM, APC
		case 0x98:
		case 0x9d:
		case 0x9e:
		case 0x9f:
			return skipString(text, at + 1);
		default: {
			const mark = bidiMarks[text[at]];
			if (mark !== undefined) renderer.text(mark);
			// Every other C0/C1 control (and DEL) is dropped.
			return at + 1;
		}
	}
}

// After an ESC at `at - 1`.
function escape(text: string, at: number, renderer: Renderer): number {
	if (at >= text.length) return at; // a truncated ESC at the end
	const code = text.charCodeAt(at);
	switch (code) {
		case 0x5b: // [
			return csi(text, at + 1, renderer);
		case 0x5d: // ] OSC
		case 0x50: // P DCS
		case 0x58: // X SOS
		case 0x5e: // ^ PM
		case 0x5f: // _ APC
			return skipString(text, at + 1);
	}
	if (code >= 0x20 && code <= 0x2f) {
		// ESC, intermediates, a final: charset selection (ESC ( B), DEC tests (ESC # 8), …
		let next = at + 1;
		while (next < text.length && isBetween(text.charCodeAt(next), 0x20, 0x2f)) next++;
		return next < text.length && isBetween(text.charCodeAt(next), 0x30, 0x7e) ? next + 1 : next;
	}
	if (code >= 0x30 && code <= 0x7e) return at + 1; // ESC 7, ESC 8, ESC c, ESC =, ESC >, …
	// ESC before a control, another ESC or a non-ASCII character: drop the ESC alone.
	return at;
}

// After CSI (ESC [ or U+009B) at `at - 1`.
function csi(text: string, at: number, renderer: Renderer): number {
	let next = at;
	// Parameter (0x30–0x3f) and intermediate (0x20–0x2f) bytes.
	while (next < text.length && isBetween(text.charCodeAt(next), 0x20, 0x3f)) next++;
	if (next >= text.length) return next; // truncated: dropped
	const final = text.charCodeAt(next);
	if (!isBetween(final, 0x40, 0x7e)) {
		// Broken by a control or a non-ASCII character: drop what was read, go on from there.
		return next;
	}
	const params = text.slice(at, next);
	// Private markers (? > < =) and intermediates make it something else entirely.
	if (plainParams.test(params)) {
		switch (final) {
			case 0x6d: // m: SGR
				renderer.sgr(params);
				break;
			case 0x4b: // K: erase in line
				renderer.eraseLine(firstParam(params, 0));
				break;
			case 0x47: // G: cursor to column
				renderer.moveTo(firstParam(params, 1) - 1);
				break;
			case 0x44: // D: cursor left
				renderer.moveBy(-Math.max(1, firstParam(params, 1)));
				break;
			case 0x43: // C: cursor right
				renderer.moveBy(Math.max(1, firstParam(params, 1)));
				break;
		}
	}
	return next + 1;
}

// An OSC/DCS/SOS/PM/APC body starting at `at`: dropped up to and including its terminator.
function skipString(text: string, at: number): number {
	stringEnd.lastIndex = at;
	const match = stringEnd.exec(text);
	if (match === null) return text.length;
	const end = match.index;
	const code = text.charCodeAt(end);
	if (code === 0x0a) return end; // unterminated: the line end stays
	if (code === 0x1b) return text.charCodeAt(end + 1) === 0x5c ? end + 2 : end; // ST, or an abort
	return end + 1;
}

function firstParam(params: string, fallback: number): number {
	const semicolon = params.indexOf(';');
	const first = (semicolon === -1 ? params : params.slice(0, semicolon)).split(':')[0];
	if (first === '') return fallback;
	const n = Number(first);
	return Number.isFinite(n) ? n : fallback;
}

function isBetween(code: number, low: number, high: number): boolean {
	return code >= low && code <= high;
}
