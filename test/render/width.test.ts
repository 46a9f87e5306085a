// The close width measure (used for the screen's first frame, before string-width loads)
// agrees with string-width on everything but emoji sequences.
import fc from 'fast-check';
import stringWidth from 'string-width';
import {expect, test} from 'vitest';
import {closeWidth, measureWidth, widthsAreExact} from '../../source/render/width.js';

const samples = [
	'plain ASCII text',
	'café naïve Ærø',
	'日本語のテキスト',
	'한국어 텍스트',
	'ｆｕｌｌｗｉｄｔｈ ﾊﾝｶｸ',
	'─│┌┐└┘ ▸ ● ✓ ✗ ⚠ …',
	'e\u0301 a\u0308 combining',
	'zero\u200bwidth\u200dspace',
	'😀 🚀 emoji',
	'Ωμέγα кириллица עברית العربية',
	'\u0000\u001b\u007f controls',
];

test('close and exact widths agree on scripts, symbols, marks and single emoji', () => {
	for (const text of samples) expect(closeWidth(text), text).toBe(stringWidth(text));
});

test('they agree on any text in which every code point is a grapheme of its own', () => {
	// Multi-code-point graphemes (emoji sequences, a base with its marks, Hangul jamo, prepended
	// marks) are left out by asking the segmenter itself.
	const graphemes = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
	const codePoint = fc.integer({min: 0x20, max: 0x2ffff}).filter(code => code < 0xd800 || code > 0xdfff);
	const joinsNothing = (text: string): boolean => [...graphemes.segment(text)].length === [...text].length;
	fc.assert(
		fc.property(fc.array(codePoint, {maxLength: 12}).map(codes => String.fromCodePoint(...codes)).filter(joinsNothing), text => {
			expect(closeWidth(text)).toBe(stringWidth(text));
		}),
		{numRuns: 5000},
	);
});

test('emoji sequences are where they differ: the close measure counts each part', () => {
	const family = '👨\u200d👩\u200d👧';
	expect(stringWidth(family)).toBe(2);
	expect(closeWidth(family)).toBe(6);
});

test('once loaded, the measure in use is string-width', () => {
	expect(widthsAreExact()).toBe(true);
	expect(measureWidth('👨\u200d👩\u200d👧')).toBe(2);
});
