/**
 * Which held text of a trace line a byte lies in, found from the line's raw bytes without
 * parsing it: what lets the byte search (byte-search.ts) say a held text surely holds a query,
 * not only that it may. The line is walked as JSON structure, every string skipped whole by
 * looking for its closing quote (a quote after an even run of backslashes), so the walk costs
 * a few steps per string, not one per byte. Pure.
 */

import type {HeldField} from './held-text.js';

/** The payload fields a held text is read from (io/held-texts.ts's textIn), by code. */
export const heldFields: Readonly<Record<HeldField, number>> = {output: 1, text: 2, thinking: 3};

const quote = 0x22;
const backslash = 0x5c;
const colon = 0x3a;

/**
 * Where a held field's text is in a line: its code ({@link heldFields}) and its bytes [from, to) between the quotes.
 */
export type FieldSpan = {field: number; from: number; to: number};

/**
 * The payload's string fields a held text may be read from, in the line [start, end): for
 * each such key, the last one (JSON.parse keeps the last of a repeated key). Undefined when
 * the line is not plain enough to tell (not one payload, a string without its end).
 */
export function heldFieldSpans(bytes: Uint8Array, start: number, end: number): FieldSpan[] | undefined {
	let depth = 0;
	// Whether the object at depth 2 is the line's `payload`, and how many payloads it has.
	let inPayload = false;
	let payloads = 0;
	let key = '';
	const spans: FieldSpan[] = [];
	for (let i = start; i < end; ) {
		const open = indexOfByte(bytes, quote, i, end);
		for (let j = i; j < open; j++) {
			const b = bytes[j]!;
			if (b === 0x7b || b === 0x5b) depth++;
			else if (b === 0x7d || b === 0x5d) {
				depth--;
				if (depth === 1) inPayload = false;
			}
		}
		if (open === end) break;
		const close = stringEnd(bytes, open + 1, end);
		if (close === -1) return undefined;
		if (bytes[close + 1] === colon) {
			key = latin1(bytes, open + 1, close);
			if (depth === 1 && key === 'payload') {
				payloads++;
				inPayload = true;
			}
		} else {
			const field = depth === 2 && inPayload && bytes[open - 1] === colon ? fieldCode(key) : 0;
			if (field !== 0) {
				const kept = spans.findIndex(span => span.field === field);
				if (kept !== -1) spans.splice(kept, 1);
				spans.push({field, from: open + 1, to: close});
			}
			key = '';
		}
		i = close + 1;
	}
	return payloads === 1 ? spans : undefined;
}

/**
 * The code of the field of `spans` whose text holds the byte `at` at a character's start (not
 * inside an escape); 0 when none does. A `\u` escape would make the answer unreliable (its
 * hex digits are not characters): callers ask only of lines without one.
 */
export function fieldAt(bytes: Uint8Array, spans: readonly FieldSpan[], at: number): number {
	for (const span of spans)
		if (at >= span.from && at < span.to && evenBackslashes(bytes, span.from, at)) return span.field;
	return 0;
}

function fieldCode(key: string): number {
	return key === 'output' || key === 'text' || key === 'thinking' ? heldFields[key] : 0;
}

// Where the string that starts at `from` (past its opening quote) ends: its closing quote, or -1.
function stringEnd(bytes: Uint8Array, from: number, end: number): number {
	for (let at = indexOfByte(bytes, quote, from, end); at < end; at = indexOfByte(bytes, quote, at + 1, end)) {
		if (evenBackslashes(bytes, from, at)) return at;
	}
	return -1;
}

// Whether the run of backslashes right before `at` (not before `from`) is even: `at` starts a character.
function evenBackslashes(bytes: Uint8Array, from: number, at: number): boolean {
	let run = 0;
	for (let k = at - 1; k >= from && bytes[k] === backslash; k--) run++;
	return run % 2 === 0;
}

function indexOfByte(bytes: Uint8Array, value: number, from: number, end: number): number {
	const at = bytes.indexOf(value, from);
	return at === -1 || at >= end ? end : at;
}

function latin1(bytes: Uint8Array, from: number, to: number): string {
	// Keys are short: no decoder needed.
	let text = '';
	for (let i = from; i < to && i - from < 16; i++) text += String.fromCharCode(bytes[i]!);
	return to - from > 16 ? '' : text;
}

/**
 * A trace line as bytes, [start, end) of `bytes`. `nextHit`, when the line writes every character that may make a
 * search's anchor as the anchor's own bytes (no escape or change of sanitize's may make it: byte-search.ts's changed
 * lines), gives the next offset at or after its argument where those bytes are.
 */
export type LineBytes = {bytes: Buffer; start: number; end: number; nextHit?: (at: number) => number};

/** A line of a held field's text, as its bytes write it: its index in the text (0: the first), its bytes [from, to). */
export type HeldLine = {index: number; from: number; to: number};

/**
 * The lines of the JSON-escaped text in [from, to) that hold a hit `nextHit` gives (the next offset at or after its
 * argument where the anchor's bytes are; `to` or past it when none), in order. A line ends at a `\n` escape; the text
 * must not write a newline as a `\u` escape. A hit inside an escape gives the line after it: a line too many is
 * harmless, one missing is not.
 */
export function heldLinesHolding(
	bytes: Uint8Array,
	from: number,
	to: number,
	nextHit: (at: number) => number,
): HeldLine[] {
	const lines: HeldLine[] = [];
	let index = 0;
	let lineFrom = from;
	for (let hit = nextHit(from); hit < to; ) {
		// Newlines are looked for from a line's start only: a hit may start inside a run of backslashes.
		let end = newlineAt(bytes, lineFrom, to);
		while (end < hit) {
			index++;
			lineFrom = end + 2;
			end = newlineAt(bytes, lineFrom, to);
		}
		lines.push({index, from: lineFrom, to: end});
		if (end >= to) break;
		index++;
		lineFrom = end + 2;
		hit = nextHit(lineFrom);
	}
	return lines;
}

// The first `\n` escape at or after `at` (a character's start), or `to`.
function newlineAt(bytes: Uint8Array, at: number, to: number): number {
	for (let k = bytes.indexOf(backslash, at); k !== -1 && k < to - 1; k = bytes.indexOf(backslash, k)) {
		// A run of backslashes: pairs write a backslash each; an odd run's last one escapes the byte after it.
		let run = k;
		while (run < to && bytes[run] === backslash) run++;
		if ((run - k) % 2 === 1 && bytes[run] === 0x6e && run < to) return run - 1;
		k = run + 1;
	}
	return to;
}
