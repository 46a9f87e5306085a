/**
 * The literal every match of a regular expression holds, found from its source alone: what the byte searches look
 * for so that only the texts (search-match.ts) and lines (`--grep`, content-pattern.ts) that may match are read. Pure.
 */

const classEscapes = new Set('dDwWsSbBcxuUpPk0123456789'.split(''));
const controlEscapes: Readonly<Record<string, string>> = {n: '\n', r: '\r', t: '\t', f: '\f', v: '\v'};

/**
 * The longest run of characters that every match of the expression `source` holds, in order
 * ('' when none can be told): only what stands outside groups and classes, not under a
 * quantifier that allows none; nothing at all when the expression has an alternative (`|`) outside a group.
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
			if (n === undefined || classEscapes.has(n)) {
				// Not a character of its own: what the escape takes after it goes with it.
				i = escapeEnd(source, i);
				literal = undefined;
			} else literal = controlEscapes[n] ?? n;
		} else if (c === '[') {
			// A class: skip to its end (a `]` first in it is a member).
			i++;
			if (source[i] === '^') i++;
			if (source[i] === ']') i++;
			while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
			literal = undefined;
		} else if (c === '|') {
			// An alternative: of the whole, nothing is sure; inside a group, only the group is in doubt.
			if (depth === 0) return '';
			literal = undefined;
		} else if (c === '(') {
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

/**
 * Where an escape that is not a character of its own ends (`at`: its letter): `\x41`, `\u0041`, `\u{…}`, `\cA`,
 * `\p{…}`, `\k<…>`, a back-reference's digits. Taken generously: what is skipped is only not looked for.
 */
function escapeEnd(source: string, at: number): number {
	const letter = source[at]!;
	const next = source[at + 1] ?? '';
	const closing = (close: string): number => {
		const end = source.indexOf(close, at + 1);
		return end === -1 ? source.length - 1 : end;
	};
	const run = (pattern: RegExp, most: number): number => {
		let end = at;
		while (end - at < most && pattern.test(source[end + 1] ?? '')) end++;
		return end;
	};
	if (letter === 'x') return run(/[0-9a-fA-F]/, 2);
	if (letter === 'u') return next === '{' ? closing('}') : run(/[0-9a-fA-F]/, 4);
	if (letter === 'c') return run(/[A-Za-z]/, 1);
	if ((letter === 'p' || letter === 'P') && next === '{') return closing('}');
	if (letter === 'k' && next === '<') return closing('>');
	if (/[0-9]/.test(letter)) return run(/[0-9]/, Number.POSITIVE_INFINITY);
	return at;
}
