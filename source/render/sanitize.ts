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
import {Renderer} from './terminal-line.js';

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
			return escapeAt(text, at + 1, renderer);
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
function escapeAt(text: string, at: number, renderer: Renderer): number {
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
