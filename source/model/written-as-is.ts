/**
 * Whether a search pattern with no literal can be looked for in a trace line's bytes as they are written. Say every
 * character a match of the pattern can hold is one JSON writes as itself (printable ASCII but `"`, `\` and `/`, which
 * may be escaped), what the pattern matches depends on the matched text alone (no anchor, word boundary or lookaround),
 * and it never matches nothing. Then a text that holds a match once decoded holds the same characters, in a row, in its
 * line's bytes; unless sanitize changed the line (colours, tabs made spaces, control characters) or the text is made
 * rather than written (a call's arguments as `key: value` lines). io/grep-scan.ts reads those lines whole, and skips a
 * line whose bytes the pattern does not match: it cannot match once decoded. Pure; the pattern is read with regexpp.
 */
import {type AST, parseRegExpLiteral} from '@eslint-community/regexpp';
import {changedLines, mergeSorted, noFolds, type ScanKernel} from './byte-search.js';

/** A pattern a line's bytes can be tested with. */
export type AsIsPattern = {
	/** The pattern, global: run over a chunk's bytes read as latin1 (one character a byte). */
	regex: RegExp;
	/** Whether a match may hold a space, which a tab (`\t` in the bytes) makes once sanitized. */
	space: boolean;
	/**
	 * Whether a match may hold a character that a call's arguments, made into `key: value` lines, may put next to
	 * another without it in the bytes: `: ` between a key and its value, the punctuation of a value that is not a string
	 * (written again without its spaces).
	 */
	joins: boolean;
	/** Whether a match may hold a character of a number, which a value that is not a string may write otherwise. */
	numeric: boolean;
};

// A character JSON writes as itself, whoever writes it.
const asIs = (code: number): boolean => code >= 0x20 && code <= 0x7e && code !== 0x22 && code !== 0x2f && code !== 0x5c;

// The widest range of characters looked at one by one; a wider one holds one not written as itself anyway.
const widest = 0x5f;

/** The pattern as an {@link AsIsPattern}, or undefined when its matches may be written otherwise in the bytes. */
export function writtenAsIs(regex: RegExp): AsIsPattern | undefined {
	// Unicode modes fold case beyond ASCII (ſ matches s) and read classes otherwise; sticky matches at one place.
	if (/[uvy]/.test(regex.flags)) return undefined;
	let pattern: AST.Pattern;
	try {
		pattern = parseRegExpLiteral(regex).pattern;
	} catch {
		return undefined;
	}
	const chars = new Set<string>();
	if (!alternativesAsIs(pattern.alternatives, chars) || shortest(pattern.alternatives) === 0) return undefined;
	if (regex.ignoreCase) for (const char of [...chars]) chars.add(char.toLowerCase()).add(char.toUpperCase());
	const any = (of: string): boolean => [...of].some(char => chars.has(char));
	return {
		regex: new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`),
		space: chars.has(' '),
		joins: any(' :,[]{}'),
		numeric: any('0123456789eE+-.'),
	};
}

function alternativesAsIs(alternatives: readonly AST.Alternative[], chars: Set<string>): boolean {
	return alternatives.every(alternative => alternative.elements.every(element => elementAsIs(element, chars)));
}

function elementAsIs(element: AST.Element, chars: Set<string>): boolean {
	switch (element.type) {
		case 'Character':
			return rangeAsIs(element.value, element.value, chars);
		case 'CharacterSet':
			return setAsIs(element, chars);
		case 'CharacterClass':
			return (
				!element.negate &&
				!element.unicodeSets &&
				element.elements.every(part => {
					if (part.type === 'Character') return rangeAsIs(part.value, part.value, chars);
					if (part.type === 'CharacterClassRange') return rangeAsIs(part.min.value, part.max.value, chars);
					if (part.type === 'CharacterSet') return setAsIs(part, chars);
					return false;
				})
			);
		case 'Group':
			return element.modifiers === null && alternativesAsIs(element.alternatives, chars);
		case 'CapturingGroup':
			return alternativesAsIs(element.alternatives, chars);
		case 'Quantifier':
			return elementAsIs(element.element, chars);
		case 'Backreference':
			// It matches what its group matched: characters looked at there.
			return true;
		default:
			// Anchors, word boundaries and lookarounds depend on what is around a match, which the bytes write otherwise.
			return false;
	}
}

function setAsIs(set: AST.CharacterSet, chars: Set<string>): boolean {
	// Any character, white space (a tab, a line end), a Unicode property: not all written as they are.
	if ((set.kind !== 'digit' && set.kind !== 'word') || set.negate) return false;
	if (set.kind === 'digit') return rangeAsIs(0x30, 0x39, chars);
	return (
		rangeAsIs(0x30, 0x39, chars) &&
		rangeAsIs(0x41, 0x5a, chars) &&
		rangeAsIs(0x61, 0x7a, chars) &&
		rangeAsIs(0x5f, 0x5f, chars)
	);
}

function rangeAsIs(min: number, max: number, chars: Set<string>): boolean {
	if (max - min > widest) return false;
	for (let code = min; code <= max; code++) {
		if (!asIs(code)) return false;
		chars.add(String.fromCharCode(code));
	}
	return true;
}

// The fewest characters a match of the alternatives holds.
function shortest(alternatives: readonly AST.Alternative[]): number {
	let fewest = Number.POSITIVE_INFINITY;
	for (const alternative of alternatives) {
		let sum = 0;
		for (const element of alternative.elements) sum += elementShortest(element);
		fewest = Math.min(fewest, sum);
	}
	return fewest;
}

function elementShortest(element: AST.Element): number {
	switch (element.type) {
		case 'Character':
		case 'CharacterSet':
		case 'CharacterClass':
			return 1;
		case 'Group':
		case 'CapturingGroup':
			return shortest(element.alternatives);
		case 'Quantifier':
			return element.min === 0 ? 0 : element.min * elementShortest(element.element);
		default:
			return 0;
	}
}

// A call's arguments key, as only a line's own JSON writes it (a text writes its quotes escaped).
const argumentsKey = Buffer.from('"arguments"', 'latin1');
// A tab, escaped (or a backslash before a `t`: a line read for nothing).
const tabEscape = Buffer.from('\\t', 'latin1');
// A number in a call's arguments JSON.stringify may write otherwise: with an exponent, of 16 digits or more (the
// point between them or not), or below 1e-6. Only where a value begins: after `:`, `,` or `[` and white space.
const rewrittenNumber = /[:,[](?: |\\[nrt])*-?(?:[0-9]+(?:\.[0-9]*)?[eE]|[0-9.]{16}|0\.0{6})/;

/**
 * The starts of the lines of `bytes` (whole lines, a chunk of a trace) that may hold a match of `pattern` once read,
 * in order: those whose bytes it matches once their colours are taken out; those where sanitize may make a match (the
 * kernel's `changes` says 1); a tool call's where its arguments, made into lines, may (in a colour, or with a join or
 * a number the pattern may match); with a space in the pattern, those holding a tab. Undefined when the pattern
 * matches most lines' bytes: every line is read.
 */
export function asIsCandidates(bytes: Buffer, pattern: AsIsPattern, kernel: ScanKernel): number[] | undefined {
	const {starts: matched, lines} = linesWhere(
		withoutPictures(kernel.withoutColours(bytes), kernel),
		pattern.regex,
		bytes,
	);
	if (matched.length * 2 > lines) return undefined;
	const calls = linesHolding(bytes, kernel.finder(bytes, argumentsKey, false));
	const changed: number[] = [];
	let call = 0;
	for (const start of changedLines(bytes, noFolds, kernel)) {
		while (call < calls.length && calls[call]! < start) call++;
		const found = kernel.changes(bytes, start, bytes.indexOf(10, start));
		// Within a call's arguments a colour is escaped twice: taken out only by reading them.
		if (found === 1 || (found === 2 && calls[call] === start)) changed.push(start);
	}
	const made = pattern.joins
		? calls
		: pattern.numeric
			? calls.filter(start => rewrittenNumber.test(bytes.toString('latin1', start, bytes.indexOf(10, start))))
			: [];
	const tabbed = pattern.space ? linesHolding(bytes, kernel.finder(bytes, tabEscape, false)) : [];
	return mergeSorted(mergeSorted(matched, changed), mergeSorted(made, tabbed));
}

// The keys whose values are pictures (base64), never searched: a tool output's `images`, an `image_url` payload's
// and an `inline_data` payload's `data`. Written by the line's own JSON, their quotes are not escaped.
// Looked for without their opening quote, which is on every other byte of JSON (the kernel tests a needle's first and
// last bytes first).
const pictureKeys = ['images"', 'image_url"', 'data"'].map(key => Buffer.from(key, 'latin1'));

/**
 * `kept` with the strings of the picture keys' values overwritten with quotes, in place: a run of base64 is not looked
 * through (an expression may take the square of its length there) and cannot match (a quote is not in a match).
 */
function withoutPictures(kept: Buffer, kernel: ScanKernel): Buffer {
	for (const key of pictureKeys) {
		const next = kernel.finder(kept, key, false);
		for (let at = next(0); at < kept.length; at = next(at + 1)) {
			if (kept[at - 1] !== 0x22) continue;
			let q = spaceAfter(kept, at + key.length);
			if (kept[q] !== 0x3a) continue; // a key is followed by `:`
			q = spaceAfter(kept, q + 1);
			const list = kept[q] === 0x5b;
			if (list) q = spaceAfter(kept, q + 1);
			while (kept[q] === 0x22) {
				const end = stringEnd(kept, q + 1);
				kept.fill(0x22, q + 1, end);
				q = spaceAfter(kept, end + 1);
				if (!list || kept[q] !== 0x2c) break;
				q = spaceAfter(kept, q + 1);
			}
		}
	}
	return kept;
}

// The first offset from `at` that is not a space.
function spaceAfter(bytes: Buffer, at: number): number {
	while (bytes[at] === 0x20) at++;
	return at;
}

// Where the JSON string whose text begins at `at` ends: its closing quote (one after an even run of backslashes), or
// the line's end if that comes first.
function stringEnd(bytes: Buffer, at: number): number {
	const lineEnd = bytes.indexOf(0x0a, at);
	const end = lineEnd === -1 ? bytes.length : lineEnd;
	for (let q = bytes.indexOf(0x22, at); q !== -1 && q < end; q = bytes.indexOf(0x22, q + 1)) {
		let run = 0;
		while (bytes[q - 1 - run] === 0x5c) run++;
		if (run % 2 === 0) return q;
	}
	return end;
}

// Bytes read as text at a time: a string under V8's large-object size stays in the young generation, which is
// cheap to collect; larger ones would pile up until a full collection.
const pieceBytes = 64 * 1024;

// The starts of the lines of `bytes` where `regex` (global) matches `kept` (the same lines, one for one, without
// colours) read as latin1, in order. A match holds no line end. `kept` is read a piece of whole lines at a time.
function linesWhere(kept: Buffer, regex: RegExp, bytes: Buffer): {starts: number[]; lines: number} {
	const starts: number[] = [];
	let lines = 0;
	let start = 0; // the start in `bytes` of the line at `from` in `kept`
	for (let from = 0; from < kept.length; ) {
		const cut = kept.indexOf(10, Math.min(from + pieceBytes, kept.length) - 1);
		const to = cut === -1 ? kept.length : cut + 1;
		const text = kept.toString('latin1', from, to);
		let line = 0; // where the line `start` is begins in `text`
		regex.lastIndex = 0;
		for (let found = regex.exec(text); found !== null; found = regex.exec(text)) {
			for (let end = text.indexOf('\n', line); end !== -1 && end < found.index; end = text.indexOf('\n', line)) {
				line = end + 1;
				start = bytes.indexOf(10, start) + 1;
				lines++;
			}
			starts.push(start);
			const end = text.indexOf('\n', found.index + found[0].length);
			if (end === -1) break;
			line = end + 1;
			start = bytes.indexOf(10, start) + 1;
			lines++;
			regex.lastIndex = line;
		}
		// On to the next piece: the lines left in this one.
		for (let end = text.indexOf('\n', line); end !== -1; end = text.indexOf('\n', end + 1)) {
			start = bytes.indexOf(10, start) + 1;
			lines++;
		}
		from = to;
	}
	regex.lastIndex = 0;
	return {starts, lines};
}

// The starts of the lines `next` (a kernel's finder) finds its needle in, in order.
function linesHolding(bytes: Buffer, next: (from: number) => number): number[] {
	const starts: number[] = [];
	for (let at = next(0); at < bytes.length; ) {
		starts.push(bytes.lastIndexOf(10, at) + 1);
		const end = bytes.indexOf(10, at);
		if (end === -1) break;
		at = next(end + 1);
	}
	return starts;
}
