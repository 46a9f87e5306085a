// Counts shown on panes read with thousands separators, as toLocaleString('en-US') writes them.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {formatClock, formatCount, localMinute, oneLine} from '../../source/render/format.js';
import {inZone} from '../support/zone.js';

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

// A person reads their own clock: the labels of print mode and the screen are local time, in
// every zone (half-hour ones too), and the zone is named here rather than taken from the machine.
test('a clock and a minute are shown in the local time zone', () => {
	const at = Date.parse('2026-12-02T14:43:17Z');
	expect(inZone('UTC', () => [formatClock(at), localMinute(at)])).toEqual(['14:43:17', '2026-12-02 14:43']);
	// The same moment, one zone after another: each is told in its own (no clock remembered from the last zone).
	expect(inZone('Asia/Kolkata', () => [formatClock(at), localMinute(at)])).toEqual(['20:13:17', '2026-12-02 20:13']);
	expect(inZone('America/Los_Angeles', () => [formatClock(at + 400), localMinute(at)])).toEqual(['06:43:17', '2026-12-02 06:43']);
	expect(inZone('UTC', () => formatClock(at + 999))).toBe('14:43:17');
	// Past midnight where the reader is, the date is theirs too.
	expect(inZone('Asia/Kolkata', () => localMinute(Date.parse('2026-12-02T20:00:00Z')))).toBe('2026-12-03 01:30');
});
