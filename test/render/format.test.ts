// Counts shown on panes read with thousands separators, as toLocaleString('en-US') writes them.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {
	formatClock,
	formatCount,
	formatDuration,
	formatTokens,
	localMinute,
	oneLine,
} from '../../source/render/format.js';
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

test(
	'oneLine puts any text on one line, its words a space apart, shortened with an ellipsis: texts already ' +
		'so come back as they are',
	() => {
		const text = fc.string({
			unit: fc.constantFrom('a', 'word', ' ', '  ', '\n', '\t', '\r', '\u00a0', '\u2028', '\ufeff', '日本', '🐧'),
			maxLength: 30,
		});
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
	},
);

// A person reads their own clock: the labels of print mode and the screen are local time, in
// every zone (half-hour ones too), and the zone is named here rather than taken from the machine.
test('a clock and a minute are shown in the local time zone', () => {
	const at = Date.parse('2026-12-02T14:43:17Z');
	expect(inZone('UTC', () => [formatClock(at), localMinute(at)])).toEqual(['14:43:17', '2026-12-02 14:43']);
	// The same moment, one zone after another: each is told in its own (no clock remembered from the last zone).
	expect(inZone('Asia/Kolkata', () => [formatClock(at), localMinute(at)])).toEqual(['20:13:17', '2026-12-02 20:13']);
	expect(inZone('America/Los_Angeles', () => [formatClock(at + 400), localMinute(at)])).toEqual([
		'06:43:17',
		'2026-12-02 06:43',
	]);
	expect(inZone('UTC', () => formatClock(at + 999))).toBe('14:43:17');
	// Past midnight where the reader is, the date is theirs too.
	expect(inZone('Asia/Kolkata', () => localMinute(Date.parse('2026-12-02T20:00:00Z')))).toBe('2026-12-03 01:30');
});

test(
	'a token count reads as toFixed rounds it (950, 1.3k, 12k, 1.3M), for any count: whole, tied, negative, ' +
		'fractional, huge',
	() => {
		// The rounding as the quotient's exact value has it (toFixed), then ".0" dropped.
		const reference = (count: number): string => {
			if (!Number.isFinite(count)) return '?';
			const abs = Math.abs(count);
			const trim = (text: string): string => (text.endsWith('.0') ? text.slice(0, -2) : text);
			if (abs < 1000) return String(Math.round(count));
			if (abs < 1_000_000) return `${trim((count / 1000).toFixed(abs < 10_000 ? 1 : 0))}k`;
			return `${trim((count / 1_000_000).toFixed(1))}M`;
		};
		expect(
			[1150, 1250, 1350, 9950, 9960, 12_500, 999_600, 1_150_000, 1_250_000, -1150, -2500].map(formatTokens),
		).toEqual(['1.1k', '1.3k', '1.4k', '9.9k', '10k', '13k', '1000k', '1.1M', '1.3M', '-1.1k', '-2.5k']);
		const count = fc.oneof(
			fc.integer({min: -2_000_000, max: 20_000_000}),
			fc.integer({min: 0, max: 200}).map(n => n * 50),
			fc.integer({min: 0, max: 2000}).map(n => n * 500),
			fc.integer({min: 0, max: 2000}).map(n => n * 50_000),
			fc.maxSafeInteger(),
			fc.double(),
			fc.constantFrom(1e12, 1e12 - 50_000, 1e12 + 50_000, 2 ** 53, 1e21, 1e22),
		);
		fc.assert(
			fc.property(count, n => {
				expect(formatTokens(n)).toBe(reference(n));
			}),
			{numRuns: 20_000},
		);
	},
);

test(
	'a duration under a minute reads in tenths of a second as toFixed rounds them (0.2 s, 1.0 s, 60.0 s), ' +
		'for any ms: whole, tied, fractional',
	() => {
		expect([0, 50, 150, 250, 1000, 1049, 59_960, 449.99].map(formatDuration)).toEqual([
			'0.0 s',
			'0.1 s',
			'0.1 s',
			'0.3 s',
			'1.0 s',
			'1.0 s',
			'60.0 s',
			'0.4 s',
		]);
		const ms = fc.oneof(
			fc.integer({min: 0, max: 59_999}),
			fc.integer({min: 0, max: 599}).map(n => n * 100 + 50),
			fc.double({min: 0, max: 59_999, noNaN: true}),
		);
		fc.assert(
			fc.property(ms, n => {
				expect(formatDuration(n)).toBe(`${(n / 1000).toFixed(1)} s`);
			}),
			{numRuns: 20_000},
		);
	},
);
