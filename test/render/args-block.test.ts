// Print mode's kernel for a call's arguments (render/args-block.wat): wherever it takes a JSON string of arguments as written in a trace line, it writes what the reference (JSON.parse, JSON.stringify(…, null, 2), the sanitizer, the block's indent) writes, and counts each string argument's lines as lineCount does; on random values, formatting, escapes (inner and outer), numbers, keys and nesting.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {argsBlockKernel} from '../../source/io/wasm.js';
import {lineCount} from '../../source/render/format.js';
import {hasControlSequences, sanitize} from '../../source/render/sanitize.js';
import {parseArgs, prettyArgs} from '../../source/render/tool-summary.js';

const kernel = argsBlockKernel();

/** What print mode writes under a call from its arguments' text, the usual way (render/plain.ts's block). */
function reference(text: string): string {
	const clean = sanitize(prettyArgs(text));
	return `  ${(clean.endsWith('\n') ? clean.slice(0, -1) : clean).replaceAll('\n', '\n  ')}`;
}

/** The arguments' JSON string, as `outer` writes it, inside a line after other members; the kernel's block of it, with its members. */
function viaKernel(args: string, outer: (text: string) => string = JSON.stringify): {block: string; lines: Map<string, number>; read: number; written: number} | undefined {
	const head = '{"timestamp":"2026-12-02T10:00:00.000Z","payload":{"type":"tool_call","arguments":';
	const literal = outer(args);
	const line = Buffer.from(`${head}${literal},"tool_call_id":"c1"}}`);
	const start = Buffer.byteLength(head) + 1;
	const block = kernel.block(line, start);
	if (block === undefined) return undefined;
	const lines = new Map<string, number>();
	for (const member of block.members) {
		if (member.lines >= 0) lines.set(JSON.parse(block.bytes.toString('utf8', member.key, member.value - 2)) as string, member.lines);
	}
	return {block: `  ${block.bytes.toString('utf8')}`, lines, read: block.read, written: Buffer.byteLength(literal) - 2};
}

/** Checks what the kernel wrote for `args` (when it took them) against the reference. */
function checkTaken(args: string, outer?: (text: string) => string): boolean {
	const taken = viaKernel(args, outer);
	if (taken === undefined) return false;
	const parsed = parseArgs(args);
	expect(parsed).toBeDefined();
	expect(taken.block).toBe(reference(args));
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
	{weight: 3, arbitrary: fc.constantFrom('"', '\\', '/', '\n', '\t', '\r', '\b', '\f', '\u0000', '\u001b', '\u000b', '\u007f', '\u0085', '\u009b', '\u202e', '\u2066', '\u200f', '\u061c', '\u2028', '\u00a0')},
	{weight: 2, arbitrary: fc.constantFrom('é', '日本', '🚀', '\ud800', '\udc00', '0', '7', '-', 'e', '\n\n', 'x'.repeat(20))},
);
const text = fc.string({unit, maxLength: 14});
const numbers = fc.oneof(
	fc.integer({min: -1e6, max: 1e6}),
	fc.double({noNaN: true, noDefaultInfinity: true}),
	fc.constantFrom(0, -0, 0.5, 1.25, 1e-6, 1.5e-6, 1e-7, 123456789012345, 1234567890123456, 1e21, 1e20, 0.1 + 0.2, -1.5),
);
const {value} = fc.letrec<{value: unknown}>(tie => ({
	value: fc.oneof(
		{depthSize: 'small', withCrossShrink: true},
		text,
		numbers,
		fc.constantFrom(true, false, null),
		fc.array(tie('value'), {maxLength: 4}),
		fc.dictionary(fc.oneof(text, fc.constantFrom('0', '12', 'path', '__proto__')), tie('value'), {maxKeys: 4}),
	),
}));
const record = fc.dictionary(fc.oneof(text, fc.constantFrom('0', '12', 'file_path', 'content', 'old_string', '__proto__')), value, {maxKeys: 5});
// An object's text written by hand: keys repeated, array indexes after other keys, strings with their characters raw, numbers as JSON.stringify would not write them.
const raw = (chars: string): string => `"${chars.replace(/["\\]/g, '\\$&')}"`;
const oddNumber = fc.constantFrom('1.0', '-0', '01', '1e5', '1E5', '0.10', '1.', '.5', '-', '0.0000001', '1234567890123456', '12345678901234.5', '0.000001', '-0.5', '10');
const handWritten = fc
	.array(fc.tuple(fc.oneof(text, fc.constantFrom('0', '12', 'a', 'path', '__proto__')), fc.oneof(text.map(raw), oddNumber, value.map(v => JSON.stringify(v) ?? 'null'))), {maxLength: 6})
	.map(entries => `{${entries.map(([key, json]) => `${raw(key)}:${json}`).join(',')}}`);

// Text JSON.stringify would write otherwise: a character as a \u escape (upper or lower case), `/` as `\/`.
const reescaped = (json: string, every: number, upper: boolean): string => {
	let n = 0;
	return json.replace(/[a-z/é]/g, char => {
		if (++n % every !== 0) return char;
		if (char === '/') return '\\/';
		const hex = char.charCodeAt(0).toString(16).padStart(4, '0');
		return `\\u${upper ? hex.toUpperCase() : hex}`;
	});
};
const whitespace = fc.string({unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3});

// The arguments' string written otherwise than JSON.stringify writes it, as another writer may:
// every non-ASCII character as a \u escape, `/` as `\/`, or a control as \u00XX.
const outers: Record<string, (text: string) => string> = {
	stringify: JSON.stringify,
	ascii: text => JSON.stringify(text).replace(/[\u007f-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`),
	slashes: text => JSON.stringify(text).replaceAll('/', '\\/'),
	controls: text => JSON.stringify(text).replaceAll('\\n', '\\u000a').replaceAll('\\"', '\\u0022'),
};

describe('the arguments kernel', () => {
	test('wherever it takes arguments, it writes what the reference writes and counts their strings\' lines, whatever the formatting and escapes', () => {
		let taken = 0;
		fc.assert(
			fc.property(record, fc.oneof(fc.constant<string | number>(0), fc.integer({min: 1, max: 4}), whitespace), fc.integer({min: 1, max: 40}), fc.boolean(), whitespace, fc.constantFrom(...Object.keys(outers)), (args, space, every, upper, around, outer) => {
				const json = `${around}${reescaped(JSON.stringify(args, null, space), every, upper)}${around}`;
				if (checkTaken(json, outers[outer])) taken++;
			}),
			{numRuns: 3000},
		);
		// Not a property that holds for want of cases.
		expect(taken).toBeGreaterThan(300);
	});

	test('text that is not a JSON object, or that JSON.stringify would write otherwise, is never taken wrongly (repeated keys, index keys, raw characters, numbers, broken text)', () => {
		const mutated = fc.tuple(record, fc.nat(), fc.constantFrom('', ',', '}', ']', '{', '[', ':', '"', '\\', '1', '0', '.', 'e', '-', 'x', ' '), fc.integer({min: 0, max: 2})).map(([args, at, char, cut]) => {
			const json = JSON.stringify(args);
			const place = at % (json.length + 1);
			return json.slice(0, place) + char + json.slice(place + cut);
		});
		fc.assert(
			fc.property(fc.oneof(mutated, handWritten, fc.string({unit, maxLength: 20}), value.map(v => JSON.stringify(v) ?? '')), fc.constantFrom(...Object.keys(outers)), (json, outer) => {
				checkTaken(json, outers[outer]);
			}),
			{numRuns: 4000},
		);
	});

	test('deep nesting, long text and many members are taken up to the kernel\'s bounds, and past them left to the usual way', () => {
		const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : {a: [nested(depth - 1)]});
		expect(checkTaken(JSON.stringify({n: nested(15)}))).toBe(true);
		expect(viaKernel(JSON.stringify({n: nested(20)}))).toBeUndefined();
		const members = (count: number): string => JSON.stringify(Object.fromEntries(Array.from({length: count}, (_, i) => [`k${i}`, i])));
		expect(checkTaken(members(64))).toBe(true);
		expect(viaKernel(members(65))).toBeUndefined();
		expect(checkTaken(JSON.stringify({content: `${'line of code\\t"quoted"\n'.repeat(20_000)}日本 🚀`}))).toBe(true);
	});

	test('arguments as JSON.stringify writes them, compact or indented, are taken when nothing in them needs the sanitizer', () => {
		const clean = (v: unknown): boolean => {
			if (typeof v === 'string') return !hasControlSequences(v.replace(/[\t\n\r\b\f\u0000-\u001f]/g, '')) && !/[\ud800-\udfff]/u.test(v);
			if (typeof v === 'number') return Number.isInteger(v) ? Math.abs(v) < 1e15 && !Object.is(v, -0) : String(v).replace(/[-.]|^0\.0*/g, '').length <= 15 && !String(v).includes('e');
			if (Array.isArray(v)) return v.every(clean);
			if (v !== null && typeof v === 'object') return Object.entries(v).every(([key, item]) => !/^\d+$/.test(key) && clean(key) && clean(item));
			return true;
		};
		fc.assert(
			fc.property(record, fc.constantFrom<string | number>(0, 2, '\t'), (args, space) => {
				fc.pre(clean(args));
				expect(checkTaken(JSON.stringify(args, null, space))).toBe(true);
			}),
			{numRuns: 1000},
		);
	});

	test('an edit of code is written as JSON.stringify writes it, the block indent after each newline, and its strings\' lines counted', () => {
		const args = JSON.stringify({file_path: 'src/a.go', old_string: '\tfmt.Println("usage")\n}', new_string: '// 日本語 🚀\n', content: '', replace_all: false, n: [1, 2.5, {}], o: {}});
		const taken = viaKernel(args)!;
		expect(taken.block).toBe(
			'  {\n    "file_path": "src/a.go",\n    "old_string": "\\tfmt.Println(\\"usage\\")\\n}",\n    "new_string": "// 日本語 🚀\\n",\n    "content": "",\n    "replace_all": false,\n    "n": [\n      1,\n      2.5,\n      {}\n    ],\n    "o": {}\n  }',
		);
		expect(Object.fromEntries(taken.lines)).toEqual({file_path: 1, old_string: 2, new_string: 1, content: 0});
	});
});
