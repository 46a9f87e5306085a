// Word wrapping and width helpers: rows never exceed the width (wide glyphs, long words, prefixes), nothing is lost.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {
	fitTail,
	rowText,
	rule,
	seg,
	segmentsWidth,
	spread,
	textWidth,
	truncateSegments,
} from '../../source/ui/panes/segments.js';
import {wrapSegments} from '../../source/ui/panes/wrap.js';

const texts = (rows: ReturnType<typeof wrapSegments>): string[] => rows.map(rowText);

describe('wrapSegments', () => {
	test('breaks at spaces and keeps words whole', () => {
		expect(texts(wrapSegments([seg('the quick brown fox jumps')], 10))).toEqual(['the quick', 'brown fox', 'jumps']);
	});

	test('cuts a word longer than a row', () => {
		expect(texts(wrapSegments([seg('abcdefghijklmnop')], 6))).toEqual(['abcdef', 'ghijkl', 'mnop']);
	});

	test('keeps styles across a wrap and merges equal neighbours', () => {
		const rows = wrapSegments([seg('plain '), seg('bold words here', {bold: true})], 11);
		expect(rows[0]).toEqual([seg('plain '), seg('bold', {bold: true})]);
		expect(rows[1]).toEqual([seg('words here', {bold: true})]);
	});

	test('a prefix on the first row and another on the rest', () => {
		const rows = wrapSegments([seg('one two three four')], 10, {first: [seg('• ')], rest: [seg('  ')]});
		expect(texts(rows)).toEqual(['• one two', '  three', '  four']);
	});

	test('wide glyphs count two columns', () => {
		const rows = wrapSegments([seg('日本語日本語')], 5);
		expect(texts(rows)).toEqual(['日本', '語日', '本語']);
		for (const row of rows) expect(segmentsWidth(row)).toBeLessThanOrEqual(5);
	});

	test('leading indentation is kept, spaces at a break are dropped', () => {
		expect(texts(wrapSegments([seg('    code here and more')], 12))).toEqual(['    code', 'here and', 'more']);
	});

	test('maxRows ends with an ellipsis', () => {
		const rows = wrapSegments([seg('a b c d e f g h i j')], 3, {maxRows: 2});
		expect(rows).toHaveLength(2);
		expect(rowText(rows[1]!).endsWith('…')).toBe(true);
		expect(segmentsWidth(rows[1]!)).toBeLessThanOrEqual(3);
	});

	test('property: no row is wider than the width and no word character is lost', () => {
		fc.assert(
			fc.property(
				fc.string({unit: fc.constantFrom('a', 'b', ' ', '日', 'é', '🐧', 'xyz')}),
				fc.integer({min: 2, max: 30}),
				(text, width) => {
					const rows = wrapSegments([seg(text)], width);
					for (const row of rows) expect(segmentsWidth(row)).toBeLessThanOrEqual(width);
					expect(texts(rows).join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
				},
			),
		);
	});
});

describe('width helpers', () => {
	test('textWidth counts columns', () => {
		expect(textWidth('abc')).toBe(3);
		expect(textWidth('日本')).toBe(4);
	});

	test('truncateSegments ends with an ellipsis within the width', () => {
		const out = truncateSegments([seg('hello '), seg('world', {bold: true})], 8);
		expect(rowText(out)).toBe('hello w…');
		expect(segmentsWidth(out)).toBe(8);
	});

	test('spread puts the right part at the edge', () => {
		const row = spread([seg('left')], [seg('right')], 20);
		expect(rowText(row)).toBe('left           right');
		const cut = spread([seg('a long left part that does not fit')], [seg('right')], 20);
		expect(rowText(cut).endsWith(' right')).toBe(true);
		expect(segmentsWidth(cut)).toBe(20);
	});

	test('rule fills the width around its labels', () => {
		const row = rule('─', 30, [seg('label')], [seg('ok')]);
		expect(segmentsWidth(row)).toBe(30);
		expect(rowText(row)).toMatch(/^─── label ─+ ok ──$/);
	});

	test('fitTail keeps the end', () => {
		expect(fitTail('abcdef', 3)).toBe('def');
		expect(fitTail('日本語', 4)).toBe('本語');
	});
});

describe('width of very long non-ASCII text', () => {
	test('measures a long line of wide characters and emoji exactly, slice by slice', () => {
		const line = '日本語🐧'.repeat(16_000);
		expect(textWidth(line)).toBe(16_000 * 8);
	});
});

test('a wide character with one column of room ends the wrap instead of making rows for ever', () => {
	// Two columns of gutter in a three-column pane leave one column: 漢 never fits, on any row.
	const rows = wrapSegments([seg('漢字 and more')], 3, {first: [seg('  ')]});
	expect(rows.length).toBeLessThan(5);
	for (const row of rows) expect(segmentsWidth(row)).toBeLessThanOrEqual(3);
});

test('spaces that run from one segment into the next are all kept (a line number’s cell, then indented code)', () => {
	expect(texts(wrapSegments([seg('     3  ', {dim: true}), seg('        return n;')], 80))).toEqual([
		'     3          return n;',
	]);
	expect(texts(wrapSegments([seg('x  ', {dim: true}), seg('  y')], 80, {first: [seg('> ')]}))).toEqual(['> x    y']);
	// At a row break the whole run is dropped, as a single run is.
	expect(texts(wrapSegments([seg('aaaa  '), seg('  bbbb')], 6))).toEqual(['aaaa', 'bbbb']);
});
