// Ink's frames, drawn a row at a time with rows remembered between frames (ink-output.ts, used
// by Ink's Output in the bundle), are the very strings Ink's own Output draws, frame after
// frame, for any writes: styles, wide characters, clips, transformers, writes past the edges.
import {styledCharsFromTokens, styledCharsToString, tokenize} from '@alcalzone/ansi-tokenize';
import fc from 'fast-check';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
// Ink's own, unbundled and unchanged.
import Output from '../../node_modules/ink/build/output.js';
import {inkRowsFor, warmInkRows, type InkOutputParts} from '../../source/ui/components/ink-output.js';
import inkStringWidth from '../../source/ui/components/ink-width.js';

const parts = {
	tokenize,
	styledCharsFromTokens,
	styledCharsToString,
	sliceAnsi,
	stringWidth,
} as unknown as InkOutputParts;

const styles = [
	'\u001b[31m',
	'\u001b[39m',
	'\u001b[1m',
	'\u001b[22m',
	'\u001b[2m',
	'\u001b[7m',
	'\u001b[27m',
	'\u001b[36m',
	'\u001b[0m',
];
const piece = fc.oneof(
	fc.constantFrom(...styles),
	fc.constantFrom('a', 'word', ' ', '漢', '字', '👍', 'é', '▌', '│ ', '\n'),
	fc.string({maxLength: 4}),
);
const text = fc.array(piece, {maxLength: 20}).map(list => list.join(''));
const upper = (line: string): string => line.toUpperCase();
const marked = (line: string, index: number): string => `${index}>${line}`;
const op = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			type: fc.constant('write' as const),
			x: fc.integer({min: -2, max: 14}),
			y: fc.integer({min: -2, max: 8}),
			text,
			transformers: fc.subarray([upper, marked]),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			type: fc.constant('clip' as const),
			clip: fc.record({
				x1: fc.option(fc.integer({min: 0, max: 6}), {nil: undefined}),
				x2: fc.option(fc.integer({min: 4, max: 14}), {nil: undefined}),
				y1: fc.option(fc.integer({min: 0, max: 3}), {nil: undefined}),
				y2: fc.option(fc.integer({min: 2, max: 8}), {nil: undefined}),
			}),
		}),
	},
	{weight: 1, arbitrary: fc.constant({type: 'unclip' as const})},
);
type Op =
	| {type: 'write'; x: number; y: number; text: string; transformers: Array<(line: string, index: number) => string>}
	| {type: 'clip'; clip: Record<string, number | undefined>}
	| {type: 'unclip'};

/** Ink's Output with `ops` applied. */
function inkOutput(width: number, height: number, ops: Op[]): Output {
	const output = new Output({width, height});
	for (const operation of ops) {
		if (operation.type === 'write')
			output.write(operation.x, operation.y, operation.text, {transformers: operation.transformers});
		else if (operation.type === 'clip') output.clip(operation.clip as Parameters<Output['clip']>[0]);
		else output.unclip();
	}
	return output;
}

describe('Ink rows remembered between frames', () => {
	test('every frame is what Ink draws, for any writes, frame after frame', () => {
		fc.assert(
			fc.property(
				fc.integer({min: 1, max: 12}),
				fc.integer({min: 1, max: 6}),
				fc.array(fc.array(op, {maxLength: 8}), {minLength: 1, maxLength: 5}),
				(width, height, frames) => {
					const rows = inkRowsFor(parts);
					for (const ops of frames as Op[][]) {
						const output = inkOutput(width, height, ops);
						expect(rows(output as never)).toEqual(output.get());
						// The same frame again, now from what was remembered.
						expect(rows(inkOutput(width, height, ops) as never)).toEqual(output.get());
					}
				},
			),
			{numRuns: 400},
		);
	});
});

describe('rows drawn ahead', () => {
	test('a frame of rows drawn ahead tokenizes none of them and is still what Ink draws', () => {
		let tokenized = 0;
		const counting = {
			...parts,
			tokenize: (text: string) => {
				tokenized++;
				return parts.tokenize(text);
			},
		};
		const rows = inkRowsFor(counting);
		const page = (first: number) =>
			Array.from({length: 4}, (_, y) => ({
				type: 'write' as const,
				x: 0,
				y,
				text: `\u001b[2m│\u001b[22m row ${first + y} 漢字 \u001b[36mcyan\u001b[39m`,
				transformers: [],
			}));
		// Rows ahead are drawn for the width of the frame before: none before a first frame.
		rows(inkOutput(30, 4, page(0)) as never);
		warmInkRows(
			0,
			page(4).map(write => write.text),
		);
		tokenized = 0;
		const next = inkOutput(30, 4, page(4));
		expect(rows(next as never)).toEqual(next.get());
		expect(tokenized).toBe(0);
		// A page that was not drawn ahead is tokenized as before.
		rows(inkOutput(30, 4, page(8)) as never);
		expect(tokenized).toBe(4);
	});
});

describe('column widths for Ink', () => {
	test('every printable ASCII character, and any text, is as wide as string-width says', () => {
		for (let code = 0; code < 0x80; code++)
			expect(inkStringWidth(String.fromCharCode(code))).toBe(stringWidth(String.fromCharCode(code)));
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string(),
					fc.string({unit: 'binary'}),
					fc.array(fc.oneof(fc.constantFrom(...styles), fc.string({unit: 'grapheme'}))).map(list => list.join('')),
				),
				text => {
					expect(inkStringWidth(text)).toBe(stringWidth(text));
					// Again, from what it remembered.
					expect(inkStringWidth(text)).toBe(stringWidth(text));
				},
			),
			{numRuns: 2000},
		);
	});
});
