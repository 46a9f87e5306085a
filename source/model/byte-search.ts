/**
 * Search by bytes: which lines of a trace (or spans of the spill file) may hold a query,
 * found in their raw bytes without decoding, parsing or sanitizing them. A superset: every
 * held text whose searched text holds the query is among the candidates; each candidate is
 * then read back and tested by the usual rules (ui/search.ts's matcher), so results do not
 * change. Pure: it is handed bytes (io/held-scan.ts reads them).
 *
 * Why a superset. Take the anchor: the longest run of the query (lower-cased unless it has a
 * capital, as the matcher does) made of printable ASCII but `/`. When a text holds the
 * query after sanitizing, either sanitize changed the text (it holds a control, DEL, a C1 or
 * a bidi control: its JSON shows `\u`, `\b`, `\f`, a `\r` not before `\n`, a `\t` when the
 * anchor has a space, or those characters raw), or the text itself holds the anchor, up to
 * ASCII case; a letter of the lower-cased text comes from that letter in either case, but for
 * `i` (from İ) and `k` (from the Kelvin sign), looked for too. In JSON the anchor's
 * characters are written as they are, `"` and `\` escaped, or as `\u` escapes (a wildcard).
 */

/** How to look for a query in bytes; undefined when every held text must be read (no usable anchor). */
export type BytePlan = {
	/** The anchor as a trace line writes it (JSON-escaped). */
	json: string;
	/** The anchor as the spill file writes it (raw UTF-8). */
	raw: Buffer;
	/** Whether the query is matched whatever the case (no capital in it). */
	caseless: boolean;
	/** Lines matching this may hold the query whatever their text: what sanitize changes. */
	wildcards: RegExp;
	/** The anchor's own pattern over a line decoded byte for byte (JSON-escaped). */
	anchor: RegExp;
	/** Raw byte sequences that make a line a candidate (characters that lower-case to a letter of the anchor). */
	folds: Buffer[];
};

/** A byte of a non-ASCII character, as a decoded line shows it: as is, or with its high bit unset ('ascii' decoding does that in Node 20). */
function byte(b: number): string {
	const hex = (n: number): string => `\\x${n.toString(16).padStart(2, '0')}`;
	return `[${hex(b & 0x7f)}${hex(b)}]`;
}

function range(lead: number[], low: number, high: number): string {
	const hex = (n: number): string => `\\x${n.toString(16).padStart(2, '0')}`;
	return `${lead.map(byte).join('')}[${hex(low & 0x7f)}-${hex(high & 0x7f)}${hex(low)}-${hex(high)}]`;
}

// What sanitize changes (render/sanitize.ts's needsWork), as a JSON line may write it.
const changed = [
	String.raw`\\[ubf]`,
	String.raw`\\r(?!(?:\\r)*\\n)`,
	'\\x7f',
	range([0xc2], 0x80, 0x9f), // C1 controls
	`${byte(0xd8)}${byte(0x9c)}`, // U+061C
	range([0xe2, 0x80], 0x8e, 0x8f), // U+200E, U+200F
	range([0xe2, 0x80], 0xaa, 0xae), // U+202A–U+202E
	range([0xe2, 0x81], 0xa6, 0xa9), // U+2066–U+2069
];

/** The plan for `query`, by the matcher's rules (ui/search.ts). */
export function bytePlan(query: string): BytePlan | undefined {
	const caseless = !/\p{Lu}/u.test(query);
	const needle = caseless ? query.toLowerCase() : query;
	let anchor = '';
	for (const run of needle.split(/[^\x20-\x2e\x30-\x7e]+/)) if (run.length > anchor.length) anchor = run;
	if (anchor === '') return undefined;
	const json = JSON.stringify(anchor).slice(1, -1);
	const wildcards = new RegExp(anchor.includes(' ') ? [...changed, String.raw`\\t`].join('|') : changed.join('|'), 'g');
	const folds: Buffer[] = [];
	if (caseless && anchor.includes('i')) folds.push(Buffer.from('\u0130', 'utf8'));
	if (caseless && anchor.includes('k')) folds.push(Buffer.from('\u212a', 'utf8'));
	return {json, raw: Buffer.from(anchor, 'utf8'), caseless, wildcards, anchor: new RegExp(escapeRegExp(json), caseless ? 'gi' : 'g'), folds};
}

function escapeRegExp(text: string): string {
	return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * The starts (offsets into `bytes`) of the lines of `bytes` (whole lines, each ending in a
 * newline but perhaps the last) that may hold the plan's query, in order.
 */
export function candidateLines(bytes: Buffer, plan: BytePlan): number[] {
	// One byte a character: offsets in the string are offsets in the bytes.
	const text = bytes.toString('ascii');
	const starts: number[] = [];
	const mark = (at: number): number => {
		starts.push(bytes.lastIndexOf(10, at) + 1);
		const end = bytes.indexOf(10, at);
		return end === -1 ? bytes.length : end + 1;
	};
	for (const pattern of [plan.anchor, plan.wildcards]) {
		pattern.lastIndex = 0;
		for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) pattern.lastIndex = mark(found.index);
	}
	for (const fold of plan.folds) for (let at = bytes.indexOf(fold); at !== -1; at = bytes.indexOf(fold, mark(at)));
	return sortedUnique(starts);
}

/** Where in `bytes` (raw UTF-8 texts, one after another) the anchor begins, in order; `from` skips ahead after a hit (to the end of its text). */
export function rawHits(bytes: Buffer, plan: BytePlan, next: (at: number) => number): number[] {
	const hits: number[] = [];
	if (plan.caseless && /[a-z]/.test(plan.raw.toString('latin1'))) {
		const pattern = new RegExp(escapeRegExp(plan.raw.toString('latin1')), 'gi');
		const text = bytes.toString('ascii');
		for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
			hits.push(found.index);
			pattern.lastIndex = Math.max(found.index + 1, next(found.index));
		}
	} else {
		for (let at = bytes.indexOf(plan.raw); at !== -1; at = bytes.indexOf(plan.raw, Math.max(at + 1, next(at)))) hits.push(at);
	}
	return hits;
}

function sortedUnique(values: number[]): number[] {
	values.sort((a, b) => a - b);
	return values.filter((value, i) => i === 0 || value !== values[i - 1]);
}
