// Counts shown on panes read with thousands separators, as toLocaleString('en-US') writes them.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {formatCount} from '../../source/render/format.js';

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
