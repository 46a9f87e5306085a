/**
 * The pattern of a search across sessions (`--grep`, the picker's content filter): a JavaScript
 * regular expression, smart-case as the screen's search (search-match.ts), or a literal with
 * `fixed`; and the literal every match must hold, which the byte search (io/grep-scan.ts) looks
 * for so that only the lines that may match are parsed. Pure.
 */
import {requiredLiteral} from './required-literal.js';
import {searchPattern} from './search-match.js';
import {escapeRegExp} from '../../model/regexp-escape.js';

/** How the pattern is read: grep's `-i` and `--fixed-strings`. */
export type PatternOptions = {ignoreCase: boolean; fixed: boolean};

/** A compiled pattern: global, and the anchor to look for in bytes ('' when every line must be read). */
export type ContentPattern = {regex: RegExp; anchor: string; query: string};

/** The pattern, or one line saying why it does not compile. */
export function contentPattern(query: string, options: PatternOptions): ContentPattern | {problem: string} {
	if (query === '') return {problem: 'the pattern is empty: give a word or an expression to look for'};
	const source = options.fixed ? escapeRegExp(query) : query;
	const compiled = searchPattern(source);
	if ('problem' in compiled) return compiled;
	const regex = options.ignoreCase && !compiled.ignoreCase ? new RegExp(compiled.source, 'gi') : compiled;
	const literal = options.fixed ? query : requiredLiteral(query);
	// A quote or a backslash is written escaped once more inside a call's arguments: the anchor is what lies between.
	const anchor = literal.split(/["\\]/).reduce((a, b) => (b.length > a.length ? b : a), '');
	return {regex, anchor: regex.ignoreCase ? anchor.toLowerCase() : anchor, query};
}
