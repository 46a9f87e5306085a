// Print mode's kernel for a call's arguments (fastpath/args-block.wat): wherever it takes a JSON string of arguments as
// written in a trace line, it writes what the reference (JSON.parse, JSON.stringify(…, null, 2), the sanitizer, the
// block's indent) writes, and counts each string argument's lines as lineCount does; on random values, formatting,
// escapes (inner and outer), numbers, keys and nesting.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {argsBlockKernel} from '../../source/fastpath/wasm.js';
import {lineCount} from '../../source/render/format.js';
import {hasControlSequences, sanitize} from '../../source/render/sanitize.js';
import {parseArgs, prettyArgs} from '../../source/render/tool-summary.js';
import {reescaped} from '../support/json-escapes.js';

const kernel = argsBlockKernel();

/** What print mode writes under a call from its arguments' text, the usual way (render/plain.ts's block). */
function reference(text: string): string {
	const clean = sanitize(prettyArgs(text));
	return `  ${(clean.endsWith('\n') ? clean.slice(0, -1) : clean).replaceAll('\n', '\n  ')}`;
}

/**
 * The arguments' JSON string, as `outer` writes it, inside a line after other members; the kernel's block of it, with
 * its members.
 */
function viaKernel(
	args: string,
	outer: (text: string) => string = JSON.stringify,
): {block: string; bytes: Buffer; lines: Map<string, number>; read: number; written: number} | undefined {
	const head = '{"timestamp":"2026-12-02T10:00:00.000Z","payload":{"type":"tool_call","arguments":';
	const literal = outer(args);
	const line = Buffer.from(`${head}${literal},"tool_call_id":"c1"}}`);
	const start = Buffer.byteLength(head) + 1;
	const block = kernel.block(line, start);
	if (block === undefined) return undefined;
	const lines = new Map<string, number>();
	for (const member of block.members) {
		if (member.lines >= 0)
			lines.set(JSON.parse(block.bytes.toString('utf8', member.key, member.value - 2)) as string, member.lines);
	}
	return {
		block: `  ${block.bytes.toString('utf8')}`,
		bytes: Buffer.from(block.bytes),
		lines,
		read: block.read,
		written: Buffer.byteLength(literal) - 2,
	};
}

/** Checks what the kernel wrote for `args` (when it took them) against the reference. */
function checkTaken(args: string, outer?: (text: string) => string): boolean {
	const taken = viaKernel(args, outer);
	if (taken === undefined) return false;
	const parsed = parseArgs(args);
	expect(parsed).toBeDefined();
	expect(taken.block).toBe(reference(args));
	// Byte for byte: a character that is not UTF-8 would decode as the reference's U+FFFD.
	expect(Buffer.concat([Buffer.from('  '), taken.bytes]).equals(Buffer.from(reference(args)))).toBe(true);
	expect(taken.read).toBe(taken.written);
	// Every string member's line count, and no other member's.
	const strings = Object.entries(parsed!).filter(([, value]) => typeof value === 'string');
	expect(new Map(strings.map(([key, value]) => [key, lineCount(value as string)]))).toEqual(taken.lines);
	return true;
}

// Characters that tell the paths apart: escapes JSON.stringify writes and those it does not,
// what the sanitizer changes, lone surrogates, non-ASCII text, digits (index keys, numbers).
const unit = fc.oneof(
	{weight: 6, arbitrary: fc.string({unit: 'binary-ascii', minLength: 1, maxLength: 1})},
	{
		weight: 3,
		arbitrary: fc.constantFrom(
			'"',
			'\\',
			'/',
			'\n',
			'\t',
			'\r',
			'\b',
			'\f',
			'\u0000',
			'\u001b',
			'\u000b',
			'\u007f',
			'\u0085',
			'\u009b',
			'\u202e',
			'\u2066',
			'\u200f',
			'\u061c',
			'\u2028',
			'\u00a0',
		),
	},
	{
		weight: 2,
		arbitrary: fc.constantFrom('é', '日本', '🚀', '\ud800', '\udc00', '0', '7', '-', 'e', '\n\n', 'x'.repeat(20)),
	},
);
const text = fc.string({unit, maxLength: 14});
// Code as edits carry it (the kernel's commonest input): an escape every few bytes and in runs (`\n\t\t`, `"""`),
// runs of CJK characters, emoji, accented Latin, plain runs long enough for the sixteen-byte path; `dirtyCode`
// adds, rarely, what the sanitizer changes or UTF-8 cannot hold next to those runs.
const codeUnits = [
	'\n',
	'\t',
	'\t\t\t',
	'"',
	'\\',
	'\\n',
	'"""',
	'\r\n',
	'日本語のコメント',
	'参数',
	'処理',
	'café',
	'Überschrift',
	'🚀',
	'✓',
	'fmt.Printf("%d\\t%s\\n", i)',
	'return rows.map(row => row.text)',
	'    ',
	'x'.repeat(16),
	'x',
];
const codeText = fc.string({unit: fc.constantFrom(...codeUnits), maxLength: 40});
const dirtyCode = fc.string({
	unit: fc.oneof(
		{weight: 30, arbitrary: fc.constantFrom(...codeUnits)},
		fc.constantFrom('\u2066', '\u0085', '\u007f', '\ud800', '\u001b', '\u061c', '\u00ad', '\uffff', '\u{10ffff}'),
	),
	maxLength: 40,
});
const numbers = fc.oneof(
	fc.integer({min: -1e6, max: 1e6}),
	fc.double({noNaN: true, noDefaultInfinity: true}),
	fc.constantFrom(0, -0, 0.5, 1.25, 1e-6, 1.5e-6, 1e-7, 123456789012345, 1234567890123456, 1e21, 1e20, 0.1 + 0.2, -1.5),
);
const {value} = fc.letrec<{value: unknown}>(tie => ({
	value: fc.oneof(
		{depthSize: 'small', withCrossShrink: true},
		text,
		dirtyCode,
		numbers,
		fc.constantFrom(true, false, null),
		fc.array(tie('value'), {maxLength: 4}),
		fc.dictionary(fc.oneof(text, fc.constantFrom('0', '12', 'path', '__proto__')), tie('value'), {maxKeys: 4}),
	),
}));
const record = fc.dictionary(
	fc.oneof(text, fc.constantFrom('0', '12', 'file_path', 'content', 'old_string', '__proto__')),
	value,
	{maxKeys: 5},
);
// An object's text written by hand: keys repeated, array indexes after other keys, strings with their characters raw,
// numbers as JSON.stringify would not write them.
const raw = (chars: string): string => `"${chars.replace(/["\\]/g, '\\$&')}"`;
const oddNumber = fc.constantFrom(
	'1.0',
	'-0',
	'01',
	'1e5',
	'1E5',
	'0.10',
	'1.',
	'.5',
	'-',
	'0.0000001',
	'1234567890123456',
	'12345678901234567',
	'9007199254740993',
	'0.30000000000000001',
	'12345678901234.5',
	'0.000001',
	'-0.5',
	'10',
);
// Text the kernel takes: printable ASCII, code, non-ASCII letters.
const cleanText = fc.string({
	unit: fc.oneof(
		fc.string({unit: 'grapheme-ascii', minLength: 1, maxLength: 1}),
		fc.constantFrom('\n', '\t', 'é', '日本', '🚀', '\tfmt.Println("x")\n'),
	),
	maxLength: 12,
});
const cleanRecord = fc.dictionary(
	cleanText,
	fc.oneof(cleanText, codeText, fc.integer(), fc.boolean(), fc.array(cleanText, {maxLength: 3})),
	{minKeys: 1, maxKeys: 5},
);
const handWritten = fc
	.array(
		fc.tuple(
			fc.oneof(text, cleanText, fc.constantFrom('0', '12', 'a', 'path', '__proto__')),
			fc.oneof(
				text.map(raw),
				cleanText.map(raw),
				oddNumber,
				value.map(v => JSON.stringify(v) ?? 'null'),
			),
		),
		{maxLength: 6},
	)
	.map(entries => `{${entries.map(([key, json]) => `${raw(key)}:${json}`).join(',')}}`);
// An object's members in another order than V8 lists them (an array index after other keys).
const reordered = fc
	.tuple(cleanRecord, fc.constantFrom('0', '7', '12', '4294967294', '01'), fc.nat())
	.map(([args, index, at]) => {
		const members = Object.entries(args).map(([key, item]) => `${JSON.stringify(key)}:${JSON.stringify(item)}`);
		members.splice(1 + (at % members.length), 0, `${JSON.stringify(index)}:1`);
		return `{${members.join(',')}}`;
	});

// Controls escaped otherwise: a short escape as \u00XX, hex digits in upper case.
const controlsAsHex = (json: string, upper: boolean): string =>
	json.replace(
		/(?<!\\)((?:\\\\)*)\\(?:([bfnrt])|u00([0-9a-f]{2}))/g,
		(_match, run: string, letter: string | undefined, hex: string | undefined) => {
			const code =
				letter === undefined
					? hex!
					: ({b: '08', f: '0c', n: '0a', r: '0d', t: '09'} as Record<string, string>)[letter]!;
			return `${run}\\u00${upper ? code.toUpperCase() : code}`;
		},
	);
const whitespace = fc.string({unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3});

// The arguments' string written otherwise than JSON.stringify writes it, as another writer may:
// every non-ASCII character as a \u escape, `/` as `\/`, or a control as \u00XX.
const outers: Record<string, (text: string) => string> = {
	stringify: JSON.stringify,
	ascii: text =>
		JSON.stringify(text).replace(/[\u007f-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
	slashes: text => JSON.stringify(text).replaceAll('/', '\\/'),
	controls: text => JSON.stringify(text).replaceAll('\\n', '\\u000a').replaceAll('\\"', '\\u0022'),
};

describe('the arguments kernel', () => {
	test(
		'wherever it takes arguments, it writes what the reference writes ' +
			"and counts their strings' lines, whatever the formatting and escapes",
		() => {
			let taken = 0;
			fc.assert(
				fc.property(
					record,
					fc.oneof(fc.constant<string | number>(0), fc.integer({min: 1, max: 4}), whitespace),
					fc.integer({min: 1, max: 40}),
					fc.boolean(),
					whitespace,
					fc.constantFrom(...Object.keys(outers)),
					fc.constantFrom(0, 0, 1, 2),
					(args, space, every, upper, around, outer, hex) => {
						const written = reescaped(JSON.stringify(args, null, space), every, upper);
						const json = `${around}${hex === 0 ? written : controlsAsHex(written, hex === 2)}${around}`;
						if (checkTaken(json, outers[outer])) taken++;
					},
				),
				{numRuns: 3000},
			);
			// Not a property that holds for want of cases.
			expect(taken).toBeGreaterThan(300);
		},
	);

	test(
		'text that is not a JSON object, or that JSON.stringify would write otherwise, is ' +
			'never taken wrongly (repeated keys, index keys, raw characters, numbers, broken text)',
		() => {
			const mutated = fc
				.tuple(
					record,
					fc.nat(),
					fc.constantFrom('', ',', '}', ']', '{', '[', ':', '"', '\\', '1', '0', '.', 'e', '-', 'x', ' '),
					fc.integer({min: 0, max: 2}),
				)
				.map(([args, at, char, cut]) => {
					const json = JSON.stringify(args);
					const place = at % (json.length + 1);
					return json.slice(0, place) + char + json.slice(place + cut);
				});
			fc.assert(
				fc.property(
					fc.oneof(
						mutated,
						handWritten,
						reordered,
						fc.string({unit, maxLength: 20}),
						value.map(v => JSON.stringify(v) ?? ''),
					),
					fc.constantFrom(...Object.keys(outers)),
					(json, outer) => {
						checkTaken(json, outers[outer]);
					},
				),
				{numRuns: 4000},
			);
		},
	);

	test(
		'numbers are taken only as JSON.stringify writes them (no final zero after a ' +
			'point, no -0, no more digits than a number keeps, no exponent it would not write)',
		() => {
			const digits = (max: number) =>
				fc.string({unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength: max});
			const fraction = fc.tuple(fc.nat(8), digits(14)).map(([zeros, rest]) => `.${'0'.repeat(zeros)}${rest}`);
			const exponent = fc.integer({min: -30, max: 30}).map(e => `e${e}`);
			const number = fc
				.tuple(
					fc.constantFrom('', '-'),
					fc.oneof(
						fc.constant('0'),
						digits(18).map(d => `1${d}`),
					),
					fc.oneof(fc.constant(''), fraction),
					fc.oneof({weight: 4, arbitrary: fc.constant('')}, exponent),
				)
				.map(parts => parts.join(''));
			let taken = 0;
			fc.assert(
				fc.property(number, text => {
					if (checkTaken(`{"n":${text}}`)) taken++;
				}),
				{numRuns: 3000},
			);
			// Not a property that holds for want of cases (about 1,300 of 3,000 are taken).
			expect(taken).toBeGreaterThan(400);
			expect(taken).toBeGreaterThan(100);
		},
	);

	test(
		'arguments whose bytes are not UTF-8, or are UTF-8 of ' + 'what the sanitizer changes, are never taken wrongly',
		() => {
			const head = Buffer.from('{"payload":{"type":"tool_call","arguments":');
			const bad = fc.constantFrom(
				[0xed, 0xa0, 0x80],
				[0xed, 0xbf, 0xbf],
				[0xc0, 0x80],
				[0xc1, 0xbf],
				[0xe0, 0x80, 0x80],
				[0xf0, 0x80, 0x80, 0x80],
				[0xf4, 0x90, 0x80, 0x80],
				[0xf5, 0x80, 0x80, 0x80],
				[0xff],
				[0x80],
				[0xc2],
				[0xe2, 0x80],
				[0xc2, 0x85],
				[0xc2, 0x9b],
				[0xd8, 0x9c],
				[0xe2, 0x80, 0x8f],
				[0xe2, 0x80, 0xae],
				[0xe2, 0x81, 0xa8],
				[0x7f],
				[0xc2, 0xa0],
				[0xe2, 0x80, 0xa8],
				[0xf0, 0x9f, 0x9a, 0x80],
				[0xe6, 0x97],
				[0xe6, 0x41, 0x42],
				[0xef, 0xbf],
				[0xe6, 0x97, 0xa5],
			);
			fc.assert(
				fc.property(cleanRecord, fc.array(fc.tuple(fc.nat(), bad), {minLength: 1, maxLength: 2}), (args, inserts) => {
					let literal = Buffer.from(JSON.stringify(JSON.stringify(args)));
					for (const [at, bytes] of inserts) {
						// Inside the string, never in an escape (before a byte that is not part of one).
						const place = 1 + (at % (literal.length - 1));
						if (literal[place - 1] === 0x5c) continue;
						literal = Buffer.concat([literal.subarray(0, place), Buffer.from(bytes), literal.subarray(place)]);
					}
					const line = Buffer.concat([head, literal, Buffer.from('}}')]);
					const block = kernel.block(line, head.length + 1);
					if (block === undefined) return;
					const decoded = (JSON.parse(line.toString('utf8')) as {payload: {arguments: string}}).payload.arguments;
					expect(`  ${block.bytes.toString('utf8')}`).toBe(reference(decoded));
					expect(Buffer.concat([Buffer.from('  '), block.bytes]).equals(Buffer.from(reference(decoded)))).toBe(true);
				}),
				{numRuns: 3000},
			);
		},
	);

	test(
		'deep nesting, long text and many members are taken up to ' +
			"the kernel's bounds, and past them left to the usual way",
		() => {
			const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : {a: [nested(depth - 1)]});
			expect(checkTaken(JSON.stringify({n: nested(15)}))).toBe(true);
			expect(viaKernel(JSON.stringify({n: nested(20)}))).toBeUndefined();
			const members = (count: number): string =>
				JSON.stringify(Object.fromEntries(Array.from({length: count}, (_, i) => [`k${i}`, i])));
			expect(checkTaken(members(64))).toBe(true);
			expect(viaKernel(members(65))).toBeUndefined();
			expect(checkTaken(JSON.stringify({content: `${'line of code\\t"quoted"\n'.repeat(20_000)}日本 🚀`}))).toBe(true);
		},
	);

	test(
		'arguments as JSON.stringify writes them, compact or ' +
			'indented, are taken when nothing in them needs the sanitizer',
		() => {
			const clean = (v: unknown): boolean => {
				if (typeof v === 'string')
					return !hasControlSequences(v.replace(/[\t\n\r\b\f\u0000-\u001f]/g, '')) && !/[\ud800-\udfff]/u.test(v);
				if (typeof v === 'number')
					return Number.isInteger(v)
						? Math.abs(v) < 1e15 && !Object.is(v, -0)
						: String(v).replace(/[-.]|^0\.0*/g, '').length <= 15 && !String(v).includes('e');
				if (Array.isArray(v)) return v.every(clean);
				if (v !== null && typeof v === 'object')
					return Object.entries(v).every(([key, item]) => !/^\d+$/.test(key) && clean(key) && clean(item));
				return true;
			};
			fc.assert(
				fc.property(record, fc.constantFrom<string | number>(0, 2, '\t'), (args, space) => {
					fc.pre(clean(args));
					expect(checkTaken(JSON.stringify(args, null, space))).toBe(true);
				}),
				{numRuns: 1000},
			);
		},
	);

	test(
		'an edit of code is written as JSON.stringify writes it, the ' +
			"block indent after each newline, and its strings' lines counted",
		() => {
			const args = JSON.stringify({
				file_path: 'src/a.go',
				old_string: '\tfmt.Println("usage")\n}',
				new_string: '// 日本語 🚀\n',
				content: '',
				replace_all: false,
				n: [1, 2.5, {}],
				o: {},
			});
			const taken = viaKernel(args)!;
			expect(taken.block).toBe(
				'  {\n    "file_path": "src/a.go",\n    "old_string": "\\tfmt.Println(\\"usage\\")\\n}",\n    "new_string":' +
					' "// 日本語 🚀\\n",\n    "content": "",\n    "replace_all": false,\n    "n": [\n      1,\n      2.5,\n     ' +
					' {}\n    ],\n    "o": {}\n  }',
			);
			expect(Object.fromEntries(taken.lines)).toEqual({file_path: 1, old_string: 2, new_string: 1, content: 0});
		},
	);
});
