/**
 * The pattern of a search across sessions (`--grep`, the picker's content filter): a JavaScript
 * regular expression, smart-case as the screen's search (search-match.ts), or a literal with
 * `fixed`; and the literal every match must hold, which the byte search (io/grep-scan.ts) looks
 * for so that only the lines that may match are parsed. Pure.
 */
import {searchPattern} from './search-match.js';

/** How the pattern is read: grep's `-i` and `--fixed-strings`. */
export type PatternOptions = {ignoreCase: boolean; fixed: boolean};

/** A compiled pattern: global, and the anchor to look for in bytes ('' when every line must be read). */
export type ContentPattern = {regex: RegExp; anchor: string; query: string};

/** The pattern, or one line saying why it does not compile. */
export function contentPattern(query: string, options: PatternOptions): ContentPattern | {problem: string} {
	if (query === '') return {problem: 'the pattern is empty: give a word or an expression to look for'};
	const source = options.fixed ? query.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&') : query;
	const compiled = searchPattern(source);
	if ('problem' in compiled) return compiled;
	const regex = options.ignoreCase && !compiled.ignoreCase ? new RegExp(compiled.source, 'gi') : compiled;
	const literal = options.fixed ? query : requiredLiteral(query);
	// A quote or a backslash is written escaped once more inside a call's arguments: the anchor is what lies between.
	const anchor = literal.split(/["\\]/).reduce((a, b) => (b.length > a.length ? b : a), '');
	return {regex, anchor: regex.ignoreCase ? anchor.toLowerCase() : anchor, query};
}

const classEscapes = new Set('dDwWsSbBcxuUpPk0123456789'.split(''));
const controlEscapes: Readonly<Record<string, string>> = {n: '\n', r: '\r', t: '\t', f: '\f', v: '\v'};

/**
 * The longest run of characters that every match of the expression `source` holds, in order
 * ('' when none can be told): only what stands outside groups and classes, not under a
 * quantifier that allows none; nothing at all when the expression has an alternative (`|`).
 */
export function requiredLiteral(source: string): string {
	let best = '';
	let run = '';
	let depth = 0;
	const cut = (): void => {
		if (run.length > best.length) best = run;
		run = '';
	};
	for (let i = 0; i < source.length; i++) {
		const c = source[i]!;
		let literal: string | undefined;
		if (c === '\\') {
			const n = source[++i];
			if (n === undefined || classEscapes.has(n)) literal = undefined;
			else literal = controlEscapes[n] ?? n;
		} else if (c === '[') {
			// A class: skip to its end (a `]` first in it is a member).
			i++;
			if (source[i] === '^') i++;
			if (source[i] === ']') i++;
			while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
			literal = undefined;
		} else if (c === '|') return '';
		else if (c === '(') {
			depth++;
			literal = undefined;
		} else if (c === ')') {
			depth = Math.max(0, depth - 1);
			literal = undefined;
		} else if ('.^$'.includes(c)) literal = undefined;
		else if ('?*+{'.includes(c)) {
			// A quantifier: what it applies to may be absent (?, *, {0,…}) or repeated (+, {n,…}).
			if (c !== '+') run = run.slice(0, -1);
			if (c === '{') i = Math.max(i, source.indexOf('}', i));
			cut();
			continue;
		} else literal = c;
		if (literal === undefined || depth > 0) cut();
		else {
			// A character followed by a quantifier is handled when the quantifier comes.
			run += literal;
		}
	}
	cut();
	return best;
}
