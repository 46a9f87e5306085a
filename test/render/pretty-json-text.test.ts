// A call's arguments pretty-printed straight from their JSON text: wherever it is taken, it prints what the reference
// (JSON.parse, JSON.stringify(…, null, 2), the sanitizer, the block's indent) prints, on random values, formatting and
// escapes.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {prettyJsonPieces} from '../../source/render/pretty-json-text.js';
import {hasControlSequences, sanitize} from '../../source/render/sanitize.js';
import {parseArgs, prettyArgs} from '../../source/render/tool-summary.js';
import {reescaped} from '../support/json-escapes.js';

/** What print mode writes under a call from its arguments' text, the usual way (render/plain.ts's block). */
function reference(text: string): string {
	const clean = sanitize(prettyArgs(text));
	return `  ${(clean.endsWith('\n') ? clean.slice(0, -1) : clean).replaceAll('\n', '\n  ')}`;
}

// Characters that tell the paths apart: escapes JSON.stringify writes and those it does not,
// what the sanitizer changes, lone surrogates, non-ASCII text, digits (index keys).
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
			'\u2028',
			'\u00a0',
		),
	},
	{weight: 2, arbitrary: fc.constantFrom('é', '日本', '🚀', '\ud800', '\udc00', '0', '7', '-', 'e')},
);
const text = fc.string({unit, maxLength: 12});
const {value} = fc.letrec<{value: unknown}>(tie => ({
	value: fc.oneof(
		{depthSize: 'small', withCrossShrink: true},
		text,
		fc.integer({min: -1e6, max: 1e6}),
		fc.double({noNaN: true, noDefaultInfinity: true}),
		fc.constantFrom(true, false, null),
		fc.array(tie('value'), {maxLength: 4}),
		fc.dictionary(fc.oneof(text, fc.constantFrom('0', '12', 'path', '__proto__')), tie('value'), {maxKeys: 4}),
	),
}));
const record = fc.dictionary(fc.oneof(text, fc.constantFrom('0', '12', 'path', 'content', '__proto__')), value, {
	maxKeys: 5,
});
// An object's text written by hand: keys repeated, array indexes after other keys, strings with their characters raw (a
// lone surrogate, a control).
const raw = (chars: string): string => `"${chars.replace(/["\\]/g, '\\$&')}"`;
const handWritten = fc
	.array(
		fc.tuple(
			fc.oneof(text, fc.constantFrom('0', '12', 'a', 'path', '__proto__')),
			fc.oneof(
				text.map(raw),
				value.map(v => JSON.stringify(v) ?? 'null'),
			),
		),
		{maxLength: 6},
	)
	.map(entries => `{${entries.map(([key, json]) => `${raw(key)}:${json}`).join(',')}}`);

const whitespace = fc.string({unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3});

describe('prettyJsonPieces', () => {
	test('wherever it is taken, what it writes is what the reference writes, whatever the formatting and escapes', () => {
		fc.assert(
			fc.property(
				record,
				fc.oneof(fc.constant<string | number>(0), fc.integer({min: 1, max: 4}), whitespace),
				fc.integer({min: 1, max: 40}),
				fc.boolean(),
				whitespace,
				(args, space, every, upper, around) => {
					const json = `${around}${reescaped(JSON.stringify(args, null, space), every, upper)}${around}`;
					const pieces = prettyJsonPieces(json, '  ');
					if (pieces !== undefined) expect(`  ${pieces.join('')}`).toBe(reference(json));
				},
			),
			{numRuns: 2000},
		);
	});

	test(
		'text that is not a JSON object, or that JSON.stringify would write otherwise, is never taken wrongly ' +
			'(repeated keys, index keys, raw characters)',
		() => {
			const mutated = fc
				.tuple(
					record,
					fc.nat(),
					fc.constantFrom('', ',', '}', ']', '{', '[', ':', '"', '\\', '1', 'x'),
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
						fc.string({unit, maxLength: 20}),
						value.map(v => JSON.stringify(v) ?? ''),
					),
					json => {
						const pieces = prettyJsonPieces(json, '  ');
						if (pieces === undefined) return;
						expect(parseArgs(json)).toBeDefined();
						expect(`  ${pieces.join('')}`).toBe(reference(json));
					},
				),
				{numRuns: 3000},
			);
		},
	);

	test(
		'arguments as JSON.stringify writes them, compact or indented, are taken when nothing in them needs ' +
			'the sanitizer',
		() => {
			const clean = (v: unknown): boolean => {
				if (typeof v === 'string') return !hasControlSequences(v) && !/[\ud800-\udfff]/u.test(v);
				if (Array.isArray(v)) return v.every(clean);
				if (v !== null && typeof v === 'object')
					return Object.entries(v).every(([key, item]) => !/^\d+$/.test(key) && clean(key) && clean(item));
				return true;
			};
			fc.assert(
				fc.property(record, fc.constantFrom<string | number>(0, 2, '\t'), (args, space) => {
					fc.pre(clean(args));
					const json = JSON.stringify(args, null, space);
					const pieces = prettyJsonPieces(json, '  ');
					expect(pieces).toBeDefined();
					expect(`  ${pieces!.join('')}`).toBe(reference(json));
				}),
				{numRuns: 1000},
			);
		},
	);

	test('an edit of code reads as JSON.stringify writes it, the block indent after each newline', () => {
		const args = JSON.stringify({
			path: 'src/a.go',
			old_string: '\tfmt.Println("usage")\n}',
			new_string: '// 日本語 🚀\n',
			replace_all: false,
			n: [1, 2.5, {}],
			o: {},
		});
		expect(prettyJsonPieces(args, '  ')!.join('')).toBe(
			'{\n    "path": "src/a.go",\n    "old_string": "\\tfmt.Println(\\"usage\\")\\n}",\n' +
				'    "new_string": "// 日本語 🚀\\n",\n    "replace_all": false,\n' +
				'    "n": [\n      1,\n      2.5,\n      {}\n    ],\n    "o": {}\n  }',
		);
	});
});
