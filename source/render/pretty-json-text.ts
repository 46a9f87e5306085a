/**
 * A JSON object's text pretty-printed as `JSON.stringify(JSON.parse(text), null, 2)` would
 * write it, made from the text itself: print mode writes every call's arguments so, and on
 * arguments carrying code (an edit, a written file) writing them out again from their parsed
 * value, sanitizing that and copying it to indent it cost more than parsing them. Here every
 * string is a slice of the text, encoded straight into the output. Only text that already
 * reads as JSON.stringify writes it (its escapes, its numbers, its keys' order) and that the
 * sanitizer would leave as it is is taken this way; anything else is left to the reference
 * path (undefined).
 */

// In a string: what the sanitizer would change (C0 but LF: invalid raw in JSON anyway, DEL,
// C1, bidi controls).
// eslint-disable-next-line no-control-regex
const unsafe = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
// An escape (a backslash after an even run of them) JSON.stringify would not write: anything
// but \" \\ \b \f \n \r \t and the \u00XX of a control without a short form, lower case.
// (The escape's character is tested first and the run behind it only then: most backslashes
// start a good escape, and a pattern that starts with one is found the fast way.)
const oddEscape = /\\(?:[^"\\bfnrtu]|u(?!00(?:0[0-7bef]|1[0-9a-f])))(?<=(?:^|[^\\])(?:\\\\)*\\[\s\S])/;

// A key V8 would list before the others (an array index): its place in the output is not its place in the text.
const indexKey = /^\d+$/;
// Keys of one object compared with each other, at most: an object with more is left to the reference.
const maxKeys = 256;
// A piece shorter than this is joined to the short ones before it.
const minPiece = 256;
const numberChar = /[-+.eE\d]/;

/** Where the string starting (at its opening quote) at `open` ends (its closing quote), or -1. */
function closingQuote(text: string, open: number): number {
	let quote = text.indexOf('"', open + 1);
	while (quote !== -1) {
		let slashes = 0;
		while (text.charCodeAt(quote - 1 - slashes) === 0x5c) slashes++;
		if (slashes % 2 === 0) return quote;
		quote = text.indexOf('"', quote + 1);
	}
	return -1;
}

function skipSpace(text: string, at: number): number {
	for (;;) {
		const code = text.charCodeAt(at);
		if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return at;
		at++;
	}
}

/**
 * The pieces that, one after the other, read as `JSON.stringify(JSON.parse(text), null, 2)`
 * with `indent` after each newline, when `text` is a JSON object whose strings and numbers
 * read as JSON.stringify writes them and hold nothing the sanitizer would change; else
 * undefined. Whitespace between tokens may be any.
 */
export function prettyJsonPieces(text: string, indent: string): string[] | undefined {
	let at = skipSpace(text, 0);
	if (text.charCodeAt(at) !== 0x7b) return undefined;
	// The text tested whole, once: outside strings a backslash or a lone surrogate is no JSON, so
	// what is found is in a string. (isWellFormed: Node 20, not yet in the ES2023 lib.) Only the
	// sanitizer's test needs each string's text when the whole has a match (a newline between tokens).
	if (oddEscape.test(text) || !(text as unknown as {isWellFormed(): boolean}).isWellFormed()) return undefined;
	const eachString = unsafe.test(text);
	const pieces: string[] = [];
	// Short pieces are joined (each piece is one call to encode it); a long string is a piece of its own.
	let short = '';
	const add = (piece: string): void => {
		if (piece.length < minPiece) short += piece;
		else {
			if (short !== '') pieces.push(short);
			pieces.push(piece);
			short = '';
		}
	};
	const breaks: string[] = [];
	const lineBreak = (depth: number): string => (breaks[depth] ??= `\n${indent}${'  '.repeat(depth)}`);
	// Each open container: whether it is an object, and its keys so far (a repeated key is left to the reference).
	const open: {object: boolean; keys: string[]}[] = [];
	// What the scanner expects next.
	let expect: 'value' | 'key' | 'first key' | 'first value' | 'after' = 'value';
	for (;;) {
		at = skipSpace(text, at);
		const code = text.charCodeAt(at);
		if (expect === 'after') {
			const top = open[open.length - 1];
			if (top === undefined) {
				if (skipSpace(text, at) !== text.length) return undefined;
				if (short !== '') pieces.push(short);
				return pieces;
			}
			if (code === 0x2c) {
				add(',');
				add(lineBreak(open.length));
				expect = top.object ? 'key' : 'value';
				at++;
				continue;
			}
			if (code === (top.object ? 0x7d : 0x5d)) {
				open.pop();
				add(lineBreak(open.length));
				add(top.object ? '}' : ']');
				at++;
				continue;
			}
			return undefined;
		}
		if (expect === 'key' || expect === 'first key') {
			if (code === 0x7d && expect === 'first key') {
				open.pop();
				add('{}');
				expect = 'after';
				at++;
				continue;
			}
			if (code !== 0x22) return undefined;
			const close = closingQuote(text, at);
			if (close === -1) return undefined;
			const key = text.slice(at, close + 1);
			const keys = open[open.length - 1]!.keys;
			if (
				(eachString && unsafe.test(key)) ||
				indexKey.test(key.slice(1, -1)) ||
				keys.includes(key) ||
				keys.length === maxKeys
			)
				return undefined;
			keys.push(key);
			at = skipSpace(text, close + 1);
			if (text.charCodeAt(at) !== 0x3a) return undefined;
			if (expect === 'first key') add(`{${lineBreak(open.length)}`);
			add(key);
			add(': ');
			at++;
			expect = 'value';
			continue;
		}
		if (code === 0x5d && expect === 'first value') {
			open.pop();
			add('[]');
			expect = 'after';
			at++;
			continue;
		}
		if (expect === 'first value') add(`[${lineBreak(open.length)}`);
		expect = 'after';
		if (code === 0x22) {
			const close = closingQuote(text, at);
			if (close === -1) return undefined;
			const value = text.slice(at, close + 1);
			if (eachString && unsafe.test(value)) return undefined;
			add(value);
			at = close + 1;
		} else if (code === 0x7b || code === 0x5b) {
			open.push({object: code === 0x7b, keys: []});
			expect = code === 0x7b ? 'first key' : 'first value';
			at++;
		} else if (text.startsWith('true', at) || text.startsWith('null', at)) {
			add(text.slice(at, at + 4));
			at += 4;
		} else if (text.startsWith('false', at)) {
			add('false');
			at += 5;
		} else {
			let end = at;
			while (end < text.length && numberChar.test(text[end]!)) end++;
			const number = text.slice(at, end);
			// Written as JSON.stringify writes it (no exponent it would not write, no leading zero, no -0).
			if (number === '' || String(Number(number)) !== number) return undefined;
			add(number);
			at = end;
		}
	}
}
