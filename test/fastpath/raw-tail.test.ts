// Print mode decodes the end of a coloured tool output only when it may end in `[exit code: N]`:
// the check on its raw JSON bytes never says no to one that does, however it was escaped.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {rawMayEndWithBracket} from '../../source/fastpath/json-block.js';
import {exitCodeOf} from '../../source/render/tool-summary.js';

/** JSON as Python writes it by default: every non-ASCII character as a \u escape, and `/` escaped too. */
function asciiJson(text: string): string {
	return JSON.stringify(text)
		.replace(/[\u007f-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
		.replaceAll('/', '\\/');
}

/** Every character escaped as \uXXXX: JSON allows it, and a `]` or a space may come so. */
function allEscaped(text: string): string {
	const escaped = (unit: string) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
	return `"${[...text].map(ch => [...ch].map(unit => escaped(unit)).join('')).join('')}"`;
}

/** The check on a text's JSON string (its bytes between the quotes). */
function may(text: string, encode: (text: string) => string): boolean {
	const json = Buffer.from(encode(text));
	// In a longer line, as print mode reads it: the text starts after the opening quote.
	const line = Buffer.concat([Buffer.from('{"output":"'), json.subarray(1, -1), Buffer.from('","x":1}')]);
	return rawMayEndWithBracket(line, 11, json.length - 2);
}

const pieces = [
	'x',
	'n',
	't',
	'r',
	'f',
	'u',
	'\\',
	'"',
	'/',
	']',
	'[',
	' ',
	'\n',
	'\t',
	'\r',
	'\f',
	'\v',
	'\b',
	'\u0085',
	'\u00a0',
	'\u2028',
	'\u3000',
	'\ufeff',
	'é',
	'日本',
	'🐧',
	'\u001b[0m',
	'\u001b[32m✓\u001b[39m',
	'[exit code: 2]',
	'[exit code: -1]',
	'\\n',
	'\\]',
];

test('the check never says no to a text that ends in an exit code (or a `]` and white space), however escaped', () => {
	const text = fc.string({unit: fc.constantFrom(...pieces), maxLength: 40});
	for (const encode of [JSON.stringify, asciiJson, allEscaped]) {
		fc.assert(
			fc.property(text, body => {
				if (/\]\s*$/.test(body)) expect(may(body, encode)).toBe(true);
				if (!may(body, encode)) expect(exitCodeOf(body)).toBeUndefined();
			}),
			{numRuns: 1500},
		);
	}
});

test('outputs that end in a word or a colour are told apart without decoding them', () => {
	for (const body of [
		'PASS src/a.test.ts\u001b[0m\n',
		'Finished `release` profile\n\n',
		'ok\r\n',
		'line\\n',
		'✓ done\u001b[39m \t ',
	]) {
		expect(may(body, JSON.stringify)).toBe(false);
	}
	for (const body of [
		'\u001b[31mFAIL\u001b[0m\n[exit code: 1]\n',
		'x]',
		'x] \n\t',
		'ends in a space\u00a0',
		'x\u2028',
	]) {
		expect(may(body, JSON.stringify)).toBe(true);
	}
});
