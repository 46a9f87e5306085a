/**
 * Search by bytes: which lines of a trace (or spans of the spill file) may hold a query,
 * found in their raw bytes without decoding, parsing or sanitizing them. A superset: every
 * held text whose searched text holds the query is among the candidates; each candidate is
 * then read back and tested by the usual rules (ui/reading/search.ts's matcher), so results do not
 * change. Pure: it is handed bytes (io/held-scan.ts reads them).
 *
 * Why a superset. Take the anchor: the longest run of the query (lower-cased unless it has a
 * capital, as the matcher does) made of printable ASCII but `/`. When a text holds the
 * query after sanitizing, either sanitize changed the text (it holds a control, DEL, a C1 or
 * a bidi control: its JSON shows `\u`, `\b`, `\f`, a `\r` not before `\n`, or those
 * characters raw), or the text itself holds the anchor, up to ASCII case, or its tabs (`\t`,
 * made spaces by sanitize) made the anchor's spaces: then it holds the anchor's longest run
 * without a space. A letter of the lower-cased text comes from that letter in either case,
 * but for `i` (from İ) and `k` (from the Kelvin sign), looked for too. In JSON the anchor's
 * characters are written as they are, `"` and `\` escaped, or as `\u` escapes (a wildcard).
 * A line sanitize changes is a candidate without the anchor only where its changes may make
 * the anchor ({@link changedCandidates}): a colour that splits nothing, or `é` written `\u00e9`,
 * cannot; what is left is read back (the screen's search and `--grep` alike).
 */

import {heldFieldSpans} from './held-field.js';
import {escapeRegExp} from './regexp-escape.js';

/** How to look for a query in bytes; undefined when every held text must be read (no usable anchor). */
export type BytePlan = {
	/** The anchor as a trace line writes it (JSON-escaped). */
	json: Buffer;
	/** The anchor as the spill file writes it (raw UTF-8). */
	raw: Buffer;
	/**
	 * Whether the anchor is the whole query (lower-cased unless it has a capital): a hit then confirms a match by itself
	 * where nothing around it changes.
	 */
	exact: boolean;
	/** Whether to look in the bytes lower-cased (no capital in the query, a letter in the anchor). */
	lower: boolean;
	/**
	 * For an anchor with a space, its longest run without one (as `json` writes it): a tab
	 * becomes spaces when sanitized, so a line whose tabs make the query may hold this run alone.
	 */
	solid?: Buffer;
	/** U+0130 (İ) lower-cases to an `i` of the anchor, the Kelvin sign to a `k`. */
	foldI: boolean;
	foldK: boolean;
};

/** What the scan needs done fast (fastpath/byte-kernel.ts: WebAssembly). */
export type ScanKernel = {
	/** `bytes` with ASCII letters lower-cased. */
	lower(bytes: Buffer): Buffer;
	/**
	 * The first offset from `from` where a byte {@link isChanged} looks at may be (flag 2: U+0130 too); the length when
	 * none.
	 */
	special(bytes: Buffer, from: number, flags: number): number;
	/**
	 * A search of `bytes` for `needle` (`fold`: the bytes' ASCII letters lower-cased, the needle
	 * being lower-case): where it first is from `from` on, the length of `bytes` when nowhere.
	 * `bytes` must not change while it is used.
	 */
	finder(bytes: Buffer, needle: Buffer, fold: boolean): (from: number) => number;
	/**
	 * How many times `needle` is in `bytes` [from, to) at a character's start of JSON text (not
	 * right after an odd run of backslashes: inside an escape), not overlapping (`fold` as for `finder`).
	 */
	count(bytes: Buffer, needle: Buffer, fold: boolean, from: number, to: number): number;
	/**
	 * What sanitize changes in the line [from, to) of JSON: 1 when it may make an anchor (a `\u` escape of a control but
	 * a colour, of a bidi control, İ or the Kelvin sign, any backslashes before it, as a call's arguments escape it
	 * again; `\b`, `\f`, `\r` but before `\n`, after an even run of backslashes; DEL, C1 and bidi controls, İ and the
	 * Kelvin sign as UTF-8); else 2 when it holds a colour, which may split one; else 0. An escape of a character beyond
	 * ASCII stands for one the anchor (ASCII) cannot hold; a backspace, carriage return or tab escaped once more inside
	 * a call's arguments is not looked at.
	 */
	changes(bytes: Buffer, from: number, to: number): number;
	/**
	 * `bytes` (whole lines) without the colours sanitize removes: `\u001b[`, digits, `:` and `;`, then `m`, escaped once
	 * (after an even run of backslashes, each pair a backslash written). The same lines, one for one. Valid until the
	 * kernel is next used.
	 */
	withoutColours(bytes: Buffer): Buffer;
};

/** The plan for `query`, by the matcher's rules (ui/reading/search.ts). */
export function bytePlan(query: string): BytePlan | undefined {
	const caseless = !/\p{Lu}/u.test(query);
	const needle = caseless ? query.toLowerCase() : query;
	let anchor = '';
	for (const run of needle.split(/[^\x20-\x2e\x30-\x7e]+/)) if (run.length > anchor.length) anchor = run;
	if (anchor === '') return undefined;
	return {
		json: Buffer.from(JSON.stringify(anchor).slice(1, -1), 'latin1'),
		raw: Buffer.from(anchor, 'latin1'),
		exact: anchor === needle,
		lower: caseless && /[a-z]/.test(anchor),
		solid: anchor.includes(' ')
			? Buffer.from(
					JSON.stringify(anchor.split(' ').reduce((a, b) => (b.length > a.length ? b : a), '')).slice(1, -1),
					'latin1',
				)
			: undefined,
		foldI: caseless && anchor.includes('i'),
		foldK: caseless && anchor.includes('k'),
	};
}

/**
 * Whether the bytes at `at` (where the kernel stopped) write a character sanitize changes, or one lower-casing into the
 * anchor.
 */
export function isChanged(bytes: Buffer, at: number, plan: Pick<BytePlan, 'foldI' | 'foldK'>): boolean {
	const b = bytes[at];
	const n = bytes[at + 1];
	const m = bytes[at + 2];
	switch (b) {
		case 0x5c: {
			if (n === 0x75 || n === 0x62 || n === 0x66) return true; // \u, \b, \f
			if (n !== 0x72) return false;
			// \r changes nothing right before \n (CRLF line ends).
			let j = at;
			while (bytes[j] === 0x5c && bytes[j + 1] === 0x72) j += 2;
			return !(bytes[j] === 0x5c && bytes[j + 1] === 0x6e);
		}
		case 0x7f:
			return true;
		case 0xc2: // C1 controls
			return n !== undefined && n >= 0x80 && n <= 0x9f;
		case 0xd8: // U+061C
			return n === 0x9c;
		case 0xc4: // U+0130
			return plan.foldI && n === 0xb0;
		case 0xe2:
			if (m === undefined) return false;
			if (n === 0x80) return m === 0x8e || m === 0x8f || (m >= 0xaa && m <= 0xae); // U+200E, U+200F, U+202A–U+202E
			if (n === 0x81) return m >= 0xa6 && m <= 0xa9; // U+2066–U+2069
			return plan.foldK && n === 0x84 && m === 0xaa; // U+212A
		default:
			return false;
	}
}

/**
 * The lines of `bytes` (whole lines) that hold the plan's anchor as JSON writes it (their
 * starts, in order), and of those, the ones where a hit surely makes the held text it is in
 * hold the query (held-field.ts): the plan is exact and the line is not among `changed` (the
 * starts of the lines {@link changedLines} gives, in order), so sanitize and lower-casing
 * leave the hit as it is. Those are given as `start * 4 + field` (held-field.ts's code), with
 * how many matches the field's text holds (`counts`, one for each; 0 where the bytes cannot tell).
 */
export function anchorScan(
	bytes: Buffer,
	plan: BytePlan,
	kernel: ScanKernel,
	changed: readonly number[],
): {lines: number[]; sure: number[]; counts: number[]} {
	const lines: number[] = [];
	const sure: number[] = [];
	const counts: number[] = [];
	// With a space in the anchor, the lines are those of its longest run without one (every
	// anchor holds it): each is looked at for the anchor, else for a tab.
	const find = kernel.finder(bytes, plan.solid ?? plan.json, plan.lower);
	let next = 0;
	for (let at = find(0); at < bytes.length; ) {
		const start = bytes.lastIndexOf(10, at) + 1;
		const end = lineEnd(bytes, at);
		// The anchor's hits in this line, from `from` on (`end` or past it when none).
		let anchor = find;
		if (plan.solid) {
			const inLine = kernel.finder(bytes.subarray(start, end), plan.json, plan.lower);
			anchor = from => start + inLine(from - start);
		}
		const first = plan.solid ? anchor(start) : at;
		at = end >= bytes.length ? bytes.length : find(end + 1);
		if (first >= end) {
			// No anchor: a candidate still when its tabs (`\t`, or a backslash before a t) may make the anchor's spaces.
			if (bytes.subarray(start, end).includes('\\t', 0, 'latin1')) lines.push(start);
			continue;
		}
		lines.push(start);
		while (next < changed.length && changed[next]! < start) next++;
		if (plan.exact && changed[next] !== start) {
			// Each held field's matches, counted in its bytes (in the order of the fields' codes, as `sure` is kept).
			const spans = (heldFieldSpans(bytes, start, end) ?? []).sort((a, b) => a.field - b.field);
			for (const span of spans) {
				const count = kernel.count(bytes, plan.json, plan.lower, span.from, span.to);
				if (count === 0) continue;
				sure.push(start * 4 + span.field);
				// A tab, made spaces by sanitize, may make more matches of a query with a space than the bytes show.
				const tabbed = plan.solid !== undefined && bytes.subarray(span.from, span.to).includes('\\t', 0, 'latin1');
				counts.push(tabbed ? 0 : count);
			}
		}
	}
	return {lines, sure, counts};
}

/**
 * The starts of the lines of `bytes` holding a character sanitize changes (or one lower-casing
 * into the anchor), in order. It depends on the plan's flags only (see {@link changeKey}): what
 * one query found serves every other with the same flags.
 */
export function changedLines(bytes: Buffer, plan: Pick<BytePlan, 'foldI' | 'foldK'>, kernel: ScanKernel): number[] {
	const starts: number[] = [];
	const flags = plan.foldI ? 2 : 0;
	for (let at = kernel.special(bytes, 0, flags); at < bytes.length; ) {
		if (isChanged(bytes, at, plan)) {
			starts.push(bytes.lastIndexOf(10, at) + 1);
			at = kernel.special(bytes, lineAfter(bytes, at), flags);
		} else at = kernel.special(bytes, at + 1, flags);
	}
	return starts;
}

/** What {@link changedLines} depends on, as a key. */
export function changeKey(plan: Pick<BytePlan, 'foldI' | 'foldK'>): number {
	return (plan.foldI ? 2 : 0) | (plan.foldK ? 4 : 0);
}

// Where the line `at` is in ends (its newline, or the end of `bytes`).
function lineEnd(bytes: Buffer, at: number): number {
	const end = bytes.indexOf(10, at);
	return end === -1 ? bytes.length : end;
}

// Where the line `at` is in ends (past its newline).
function lineAfter(bytes: Buffer, at: number): number {
	const end = bytes.indexOf(10, at);
	return end === -1 ? bytes.length : end + 1;
}

/** No letter lower-cased into another: the flags of a search with no anchor (a pattern's, model/written-as-is.ts). */
export const noFolds: Pick<BytePlan, 'foldI' | 'foldK'> = {foldI: false, foldK: false};

/** The start of every line of `bytes` (whole lines), in order. */
export function lineStarts(bytes: Buffer): number[] {
	const starts: number[] = [];
	for (let start = 0; start < bytes.length; start = bytes.indexOf(10, start) + 1) starts.push(start);
	return starts;
}

/** Two ascending lists as one, without repeats. */
export function mergeSorted(a: readonly number[], b: readonly number[]): number[] {
	const merged: number[] = [];
	let i = 0;
	let j = 0;
	while (i < a.length || j < b.length) {
		const next = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
		if (merged.length === 0 || merged[merged.length - 1] !== next) merged.push(next);
	}
	return merged;
}

/**
 * Where in `bytes` (raw UTF-8 texts, one after another) the anchor begins, in order; `next` says where to go on after a
 * hit (the end of its text).
 */
export function rawHits(bytes: Buffer, plan: BytePlan, kernel: ScanKernel, next: (at: number) => number): number[] {
	const hits: number[] = [];
	const haystack = plan.lower ? kernel.lower(bytes) : bytes;
	for (let at = haystack.indexOf(plan.raw); at !== -1; at = haystack.indexOf(plan.raw, Math.max(at + 1, next(at))))
		hits.push(at);
	return hits;
}

// A colour (SGR), which sanitize removes whole: it may join the anchor's halves.
const colour = '(?:\\\\{1,2}u001[bB]\\[[0-9;:]*m)*';
// A run of an anchor's spaces, which tabs (made spaces by sanitize, as many as reach the next stop) may make too.
const spaces = '(?: |\\\\{1,2}t|\\\\{1,2}u001[bB]\\[[0-9;:]*m)+';

/**
 * The plan's anchor as a line of JSON may hold it with colours between its characters (and tabs for its spaces), the
 * line read as latin1: what a line whose only changes are colours must hold to hold the anchor once sanitized.
 */
export function colourJoined(plan: BytePlan): RegExp {
	const runs = plan.json.toString('latin1').split(/ +/);
	const chars = runs.map(run => [...run].map(escapeRegExp).join(colour));
	return new RegExp(chars.join(`${colour}${spaces}${colour}`), plan.lower ? 'i' : '');
}

/**
 * Of the changed lines of `bytes` (`changed`, their starts in order), those not among `anchored` (the lines holding the
 * anchor as written, or its solid run and a tab, in order) that may hold it once sanitized: a line where sanitize
 * changes more than colours, tabs and escapes of characters beyond ASCII (the kernel's `changes` says which), or one
 * whose colours may join it (`joined`, {@link colourJoined}). What the bytes cannot rule out.
 */
export function changedCandidates(
	bytes: Buffer,
	changed: readonly number[],
	anchored: readonly number[],
	kernel: ScanKernel,
	joined: RegExp,
): number[] {
	const kept: number[] = [];
	let next = 0;
	for (const start of changed) {
		while (next < anchored.length && anchored[next]! < start) next++;
		if (anchored[next] === start) continue;
		const end = lineEnd(bytes, start);
		const found = kernel.changes(bytes, start, end);
		if (found === 1 || (found === 2 && joined.test(bytes.toString('latin1', start, end)))) kept.push(start);
	}
	return kept;
}
