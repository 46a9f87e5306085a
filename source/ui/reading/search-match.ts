/**
 * Search by match, as less and vim search: the query is a JavaScript regular expression,
 * smart-case (a capital makes it exact), and every match counts as a global search finds them,
 * left to right and not overlapping (`aba` in `ababa` is one). Matches are looked for in each
 * pane's lines (document-index.ts), so that a match has a line to go to; the same function
 * finds them for the count and for the highlight, so what is marked is what is counted.
 */
import {
	isHeld,
	shown,
	type HeldField,
	type HeldText,
	type HeldVerdict,
	type TextReader,
} from '../../model/held-text.js';
import type {Item} from '../../model/view-model.js';
import {itemText} from '../../render/item-kinds.js';
import {sanitize} from '../../render/sanitize.js';
import {requiredLiteral} from './required-literal.js';
import {escapeRegExp} from '../../model/regexp-escape.js';

/** A match: the pane line it is on (0: the pane's first) and where in that line's text. */
export type Occurrence = {line: number; start: number; end: number};

/** Characters that make a query more than a literal string. */
const special = /[\\^$.|?*+()[\]{}]/;

/** Whether the query is a plain string: the byte search (io/held-scan.ts) can then skip what cannot hold it. */
export function isLiteral(query: string): boolean {
	return !special.test(query);
}

/** The query as a global expression, smart-case; a one-line problem when it does not compile. */
export function searchPattern(query: string): RegExp | {problem: string} {
	const flags = /\p{Lu}/u.test(query) ? 'g' : 'gi';
	try {
		return new RegExp(query, flags);
	} catch (error) {
		const why =
			error instanceof Error
				? error.message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '')
				: 'not an expression';
		return {problem: `/${query}: ${why} (a JavaScript regular expression: \\ before a special character to find it)`};
	}
}

/** Where `pattern` matches in `text`, left to right, not overlapping; empty matches are not matches. */
export function matchRanges(text: string, pattern: RegExp): Array<[number, number]> {
	const ranges: Array<[number, number]> = [];
	pattern.lastIndex = 0;
	for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
		const end = found.index + found[0].length;
		if (end === found.index) {
			// An empty match would find itself again: on one character.
			pattern.lastIndex = found.index + 1;
			if (pattern.lastIndex > text.length) break;
			continue;
		}
		ranges.push([found.index, end]);
	}
	pattern.lastIndex = 0;
	return ranges;
}

/** How many times `pattern` matches in `text` (as matchRanges finds them), nothing kept. */
function countIn(text: string, pattern: RegExp): number {
	let count = 0;
	pattern.lastIndex = 0;
	for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
		if (found[0].length === 0) {
			pattern.lastIndex = found.index + 1;
			if (pattern.lastIndex > text.length) break;
			continue;
		}
		count++;
	}
	pattern.lastIndex = 0;
	return count;
}

// What sanitize changes but colours (SGR, removed whole), tabs (made spaces), line ends and carriage returns before
// them (nothing); and the two characters that lower-case into ASCII (İ, the Kelvin sign).
const changedButColours = new RegExp(
	'[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001a\\u001c-\\u001f\\u007f-\\u009f' +
		'\\u200e\\u200f\\u061c\\u202a-\\u202e\\u2066-\\u2069\\u0130\\u212a]' +
		'|\\u001b(?!\\[[0-9;:]*m)|\\r(?![\\r\\n]|$)',
);
const colour = '(?:\\u001b\\[[0-9;:]*m)*';
// A run of the query's spaces, which tabs (made as many spaces as reach the next stop) may make too.
const spaces = '(?:[ \\t]|\\u001b\\[[0-9;:]*m)+';

/**
 * Whether a text as the trace holds it may hold the plain string `query` once sanitized, told without sanitizing it
 * (which costs most of a search through texts with colours): a text whose only changes are colours, tabs and CRLF line
 * ends holds it only with colours between its characters (and tabs for its spaces); any other change cannot be told,
 * and says it may. The same rule as the byte search's (model/byte-search.ts's changedCandidates), on text.
 */
export function rawTextCheck(query: string): (text: string) => boolean {
	const joined = joinedQuery(query, '');
	return text => joined.test(text) || changedButColours.test(text);
}

/** The query with colours between its characters and tabs for its spaces, as an expression with `flags`. */
function joinedQuery(query: string, flags: string): RegExp {
	const caseless = !/\p{Lu}/u.test(query);
	const runs = query.split(/ +/).map(run => [...run].map(escapeRegExp).join(colour));
	return new RegExp(runs.join(`${colour}${spaces}${colour}`), caseless ? `${flags}i` : flags);
}

/** A line of a text: its index (0: the first) and its text. */
export type TextLine = {index: number; text: string};

/**
 * The lines of a text (cut at `\n`) that {@link rawTextCheck} does not rule out, found by looking through the whole
 * text once rather than line by line (neither expression matches across a line's end).
 */
export function rawTextLines(query: string): (text: string) => TextLine[] {
	const joined = joinedQuery(query, 'g');
	const changed = new RegExp(changedButColours.source, 'g');
	return text => {
		const spots = mergeSpots(spotsOf(joined, text), spotsOf(changed, text));
		const lines: TextLine[] = [];
		let index = 0;
		let from = 0;
		let end = lineEndIn(text, 0);
		for (const spot of spots) {
			while (end < spot) {
				index++;
				from = end + 1;
				end = lineEndIn(text, from);
			}
			if (lines.at(-1)?.index !== index) lines.push({index, text: text.slice(from, end)});
		}
		return lines;
	};
}

// Where `pattern` (global) matches in `text`, in order.
function spotsOf(pattern: RegExp, text: string): number[] {
	const spots: number[] = [];
	pattern.lastIndex = 0;
	for (let found = pattern.exec(text); found !== null; found = pattern.exec(text)) {
		spots.push(found.index);
		if (found[0].length === 0) pattern.lastIndex = found.index + 1;
	}
	return spots;
}

// Two ascending lists as one ascending list.
function mergeSpots(a: number[], b: number[]): number[] {
	if (b.length === 0) return a;
	if (a.length === 0) return b;
	return [...a, ...b].sort((x, y) => x - y);
}

// The end of the line starting at `from`: its newline, or the text's end.
function lineEndIn(text: string, from: number): number {
	const end = text.indexOf('\n', from);
	return end === -1 ? text.length : end;
}

/**
 * The body text of an item's pane, whole (sanitized), for counting a plain string: it cannot
 * run across a line's end, so its matches in the whole are those in the lines. The head line
 * apart (a call's name and arguments, a thinking's label). A text `mayHold` says cannot hold
 * the string is not sanitized: it counts as empty.
 */
function wholeBody(
	item: Item,
	texts: TextReader | undefined,
	skipHeld: boolean,
	mayHold: (text: string) => boolean,
): {head?: string; body: string} {
	const clean = (text: string): string => (mayHold(text) ? sanitize(text) : '');
	switch (item.kind) {
		case 'tool_call': {
			const head = sanitize(`${item.name} ${item.args}`.replace(/\n/g, ' '));
			if (item.output === undefined || (skipHeld && isHeld(item.output))) return {head, body: ''};
			return {head, body: clean(shown(item, texts).output!)};
		}
		case 'user_text':
		case 'assistant_text':
			if (skipHeld && isHeld(item.text)) return {body: ''};
			return {
				head: item.kind === 'user_text' && item.marker ? item.marker : undefined,
				body: clean(shown(item, texts).text),
			};
		case 'thinking':
			if (item.inline || item.encrypted || (skipHeld && isHeld(item.text))) return {head: 'thinking', body: ''};
			return {head: 'thinking', body: clean(shown(item, texts).text)};
		default:
			return {body: sanitize(itemText(shown(item, texts)).replace(/\n/g, ' '))};
	}
}

/** A text's lines, as the document counts them (a trailing newline ends the last line; nothing: no line). */
function linesOf(text: string): string[] {
	if (text === '') return [];
	const lines = text.split('\n');
	if (lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/**
 * The text of each line of an item's pane, sanitized (line-numbering.ts counts the same lines):
 * a call's first line is its name and arguments, then its output's lines; a message's lines are
 * its text's; thinking's first line is its head; anything else is one line of its words.
 */
export function paneLineTexts(
	item: Item,
	texts?: TextReader,
	skipHeld = false,
	mayHold: (text: string) => boolean = () => true,
): string[] {
	// A body `mayHold` rules out has no lines to look in (for counting only: its line numbers do not matter then).
	const bodyLines = (text: string): string[] => (mayHold(text) ? linesOf(text).map(line => sanitize(line)) : []);
	switch (item.kind) {
		case 'tool_call': {
			const head = sanitize(`${item.name} ${item.args}`.replace(/\n/g, ' '));
			if (item.output === undefined) return [head];
			if (skipHeld && isHeld(item.output)) return [head];
			return [head, ...bodyLines(shown(item, texts).output!)];
		}
		case 'user_text':
		case 'assistant_text': {
			if (skipHeld && isHeld(item.text)) return [];
			const lines = bodyLines(shown(item, texts).text);
			const body = lines.length === 0 ? [''] : lines;
			return item.kind === 'user_text' && item.marker ? [item.marker, ...lines] : body;
		}
		case 'thinking':
			if (item.inline || item.encrypted) return ['thinking'];
			if (skipHeld && isHeld(item.text)) return ['thinking'];
			return ['thinking', ...bodyLines(shown(item, texts).text)];
		default:
			return [sanitize(itemText(shown(item, texts)).replace(/\n/g, ' '))];
	}
}

/** Every match of `pattern` in an item's pane lines, in order. */
export function occurrencesOf(item: Item, pattern: RegExp, texts?: TextReader, skipHeld = false): Occurrence[] {
	const found: Occurrence[] = [];
	paneLineTexts(item, texts, skipHeld).forEach((text, line) => {
		for (const [start, end] of matchRanges(text, pattern)) found.push({line, start, end});
	});
	return found;
}

/** The held text of an item, and which payload field it is. */
function heldIn(item: Item): {text: HeldText; field: HeldField} | undefined {
	if (item.kind === 'tool_call') return isHeld(item.output) ? {text: item.output, field: 'output'} : undefined;
	if (item.kind === 'user_text' || item.kind === 'assistant_text')
		return isHeld(item.text) ? {text: item.text, field: 'text'} : undefined;
	if (item.kind === 'thinking') return isHeld(item.text) ? {text: item.text, field: 'thinking'} : undefined;
	return undefined;
}

/**
 * How many matches of `query` an item holds (0 for a query that does not compile). For a plain
 * string, a held text is read back only where the byte search can neither say it holds none nor count its matches.
 */
export function matchCounter(query: string, texts?: TextReader): (item: Item) => number {
	const pattern = searchPattern(query);
	if (!(pattern instanceof RegExp) || query === '') return () => 0;
	const literal = isLiteral(query);
	// What every match holds: the whole of a plain string, the literal run an expression always matches.
	const anchor = literal ? query : requiredLiteral(query);
	const verdict: ((held: HeldText, field: HeldField) => HeldVerdict) | undefined =
		anchor === '' ? texts?.patternCandidates?.(pattern) : texts?.candidates?.(anchor);
	const inBytes = literal ? texts?.counts?.(query) : undefined;
	const mayHold = anchor === '' ? () => true : rawTextCheck(anchor);
	return item => {
		const held = verdict && heldIn(item);
		const said = held ? verdict(held.text, held.field) : undefined;
		// A plain string is counted in the whole text at once: no line is cut out, nothing kept per match.
		if (literal) {
			// Counted in the file's bytes where they tell: the text is not read back.
			const counted = held && said === 'yes' ? inBytes?.(held.text, held.field) : undefined;
			const {head, body} = wholeBody(item, texts, said === 'no' || counted !== undefined, mayHold);
			return (head === undefined ? 0 : countIn(head, pattern)) + (counted ?? countIn(body, pattern));
		}
		let count = 0;
		for (const text of paneLineTexts(item, texts, said === 'no', mayHold)) count += countIn(text, pattern);
		return count;
	};
}
