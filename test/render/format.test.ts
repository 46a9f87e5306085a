// Counts shown on panes read with thousands separators, as toLocaleString('en-US') writes them.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {formatCount, oneLine} from '../../source/render/format.js';

test('a count has a comma every three digits', () => {
	expect(formatCount(0)).toBe('0');
	expect(formatCount(999)).toBe('999');
	expect(formatCount(1000)).toBe('1,000');
	expect(formatCount(1234567)).toBe('1,234,567');
});

test('it writes what en-US number formatting writes, for any whole count', () => {
	fc.assert(
		fc.property(fc.nat({max: Number.MAX_SAFE_INTEGER}), count => {
			expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
		}),
	);
});

test('oneLine puts any text on one line, its words a space apart, shortened with an ellipsis: texts already so come back as they are', () => {
	const text = fc.string({unit: fc.constantFrom('a', 'word', ' ', '  ', '\n', '\t', '\r', '\u00a0', '\u2028', '\ufeff', '日本', '🐧'), maxLength: 30});
	fc.assert(
		fc.property(text, fc.integer({min: 1, max: 40}), (value, max) => {
			const flat = value.replace(/\s+/g, ' ').trim();
			expect(oneLine(value, max)).toBe(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
		}),
		{numRuns: 2000},
	);
	const headline = '$ cargo build --release 2>&1 | tail -n 103';
	expect(oneLine(headline, 200)).toBe(headline);
	expect(oneLine(' two  spaces\tand a tab ', 200)).toBe('two spaces and a tab');
});
