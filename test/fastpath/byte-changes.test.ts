// The search kernel's `changes` (byte-scan.wat, and its JavaScript twin in byte-kernel.ts): what sanitize changes in a
// line of JSON, as the byte search's rule says it as regular expressions (the reference here): 1 where a change may
// make a query's anchor, else 2 where a colour may split one, else 0.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {byteKernel, jsKernel} from '../../source/fastpath/byte-kernel.js';

// The rule as regular expressions over the line read as latin1: a `\u` escape of a control but a colour, of a bidi
// control, İ or the Kelvin sign; `\b`, `\f`, `\r` but before `\n` after an even run of backslashes; DEL, C1, bidi
// controls, İ and the Kelvin sign as UTF-8.
const mayMake = new RegExp(
	'\\\\u(?:(?!001[bB]\\[[0-9;:]*m)00[0-9][0-9a-fA-F]|200[eEfF]|202[a-eA-E]|206[6-9]|061[cC]|0130|212[aA])' +
		'|(?<!\\\\)(?:\\\\\\\\)*\\\\(?:[bf]|r(?!\\\\n))' +
		'|\\x7f|\\xc2[\\x80-\\x9f]|\\xd8\\x9c|\\xe2\\x80[\\x8e\\x8f\\xaa-\\xae]|\\xe2\\x81[\\xa6-\\xa9]' +
		'|\\xc4\\xb0|\\xe2\\x84\\xaa',
);
const colour = /\\u001[bB]\[[0-9;:]*m/;
const reference = (line: string): number => (mayMake.test(line) ? 1 : colour.test(line) ? 2 : 0);

// Pieces of a line of JSON as latin1 (a character is a byte): escapes, colours, runs of backslashes, raw UTF-8.
const pieces = [
	'\\u001b[31m',
	'\\u001B[0;1m',
	'\\u001b[38:2::1:2:3m',
	'\\u001b[2K',
	'\\u001b',
	'\\u00e9',
	'\\u0041',
	'\\u009F',
	'\\u00a0',
	'\\u200e',
	'\\u200f',
	'\\u2010',
	'\\u2029',
	'\\u202A',
	'\\u202e',
	'\\u202F',
	'\\u2065',
	'\\u2066',
	'\\u2069',
	'\\u206a',
	'\\u061c',
	'\\u061d',
	'\\u0130',
	'\\u0131',
	'\\u212a',
	'\\u212b',
	'\\u4e2d',
	'\\u12',
	'\\b',
	'\\f',
	'\\r',
	'\\r\\n',
	'\\n',
	'\\t',
	'\\\\',
	'\\',
	'\\"',
	'a',
	'u',
	'0',
	'b',
	'r',
	'n',
	'[',
	'm',
	';',
	'\x7f',
	'\xc2\x80',
	'\xc2\x9f',
	'\xc2\xa0',
	'\xd8\x9c',
	'\xd8\x9d',
	'\xe2\x80\x8d',
	'\xe2\x80\x8e',
	'\xe2\x80\x8f',
	'\xe2\x80\x90',
	'\xe2\x80\xa9',
	'\xe2\x80\xaa',
	'\xe2\x80\xae',
	'\xe2\x80\xaf',
	'\xe2\x81\xa5',
	'\xe2\x81\xa6',
	'\xe2\x81\xa9',
	'\xe2\x81\xaa',
	'\xe2\x84\xaa',
	'\xe2\x84\xab',
	'\xc4\xb0',
	'\xc4\xb1',
];
const line = fc.array(fc.constantFrom(...pieces), {maxLength: 12}).map(parts => parts.join(''));

test('the kernel says of each line what the rule says, in WebAssembly and in JavaScript', () => {
	const wasm = byteKernel();
	const js = jsKernel();
	fc.assert(
		fc.property(line, fc.nat(8), (text, before) => {
			// The line somewhere in a chunk: bytes before it (a line end) and after it (its newline).
			const bytes = Buffer.from(`${'x'.repeat(before)}\n${text}\nz`, 'latin1');
			const chunk = wasm.chunk(bytes.length);
			bytes.copy(chunk);
			const from = before + 1;
			const to = from + text.length;
			const expected = reference(text);
			expect({text, found: wasm.changes(chunk, from, to)}).toEqual({text, found: expected});
			expect({text, found: js.changes(bytes, from, to)}).toEqual({text, found: expected});
		}),
		{numRuns: 3000},
	);
});

test('what each says of a few lines', () => {
	const js = jsKernel();
	const of = (text: string): number => js.changes(Buffer.from(text, 'latin1'), 0, text.length);
	expect(of('caf\\u00e9 \\u4e2d\\u6587 ok')).toBe(0);
	expect(of('\\u001b[32mPASS\\u001b[0m')).toBe(2);
	expect(of('\\u001b[32mPASS\\u001b[2K')).toBe(1);
	expect(of('fetching 10%\\rfetching 20%')).toBe(1);
	expect(of('line\\r\\nnext')).toBe(0);
	expect(of('C:\\\\bin')).toBe(0);
	expect(of('x\\bz')).toBe(1);
	expect(of('\\u0071uagga')).toBe(1);
});
