// Message times read from their last digits when the hour is the one before's: for any
// timestamp, what Date.parse reads, in any order; other forms go to Date.parse itself.
import fc from 'fast-check';
import {afterEach, expect, test, vi} from 'vitest';
import {timeOf} from '../../source/model/session/core.js';

const usual = (text: string): number | undefined => {
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : ms;
};

afterEach(() => {
	vi.resetModules();
	delete process.env.PENGUIN_VIEW_FAST_TIME;
});

const pad = (n: number, width: number) => String(n).padStart(width, '0');
// Valid parts and broken ones: hour 24, minute 60, a letter where a digit goes.
const part = (max: number, width: number) => fc.oneof(fc.nat(max).map(n => pad(n, width)), fc.constantFrom('9'.repeat(width), 'x'.repeat(width), ' '.repeat(width)));
const isoLike = fc
	.tuple(fc.oneof(fc.integer({min: 1970, max: 2100}).map(String), fc.constantFrom('0000', '+002', '20 6')), part(12, 2), part(31, 2), part(24, 2), part(60, 2), part(60, 2), part(999, 3), fc.constantFrom('T', 't', ' '), fc.constantFrom('Z', 'z', '+'))
	.map(([y, mo, d, h, mi, s, ms, t, z]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}.${ms}${z}`);
const anyText = fc.oneof(isoLike, fc.string({maxLength: 30}), fc.date({noInvalidDate: true}).map(date => date.toISOString()), fc.constantFrom('2 Dec 2026 10:00:00.000Z', 'Tue, 02 Dec 2026 10:00:00 GMT', '2026-12-02T10:00:00Z'));

test('for any sequence of timestamps, each reads as Date.parse reads it', () => {
	fc.assert(
		fc.property(fc.array(anyText, {minLength: 1, maxLength: 20}), texts => {
			for (const text of texts) expect(timeOf(text), text).toBe(usual(text));
		}),
		{numRuns: 500},
	);
});

test('a session of timestamps in the same hour and across hours and days reads as Date.parse reads it', () => {
	let at = Date.parse('2026-12-31T22:59:58.000Z');
	for (let i = 0; i < 5000; i++) {
		at += (i * 7919) % 3001;
		const text = new Date(at).toISOString();
		expect(timeOf(text)).toBe(at);
	}
	// Out of range, each after a good time of the same hour (read from its digits).
	for (const text of ['2026-12-02T10:00:60.000Z', '2026-12-02T10:60:00.000Z', '2026-12-02T10:0a:00.000Z', '2026-12-02T24:00:00.000Z', '2026-12-02T24:30:00.000Z', '2026-02-30T10:00:00.000Z', '2026-12-02T10:00:00.050z']) {
		expect(timeOf(`${text.slice(0, 13)}:00:00.000Z`)).toBe(usual(`${text.slice(0, 13)}:00:00.000Z`));
		expect(timeOf(text), text).toBe(usual(text));
	}
	expect(timeOf(undefined)).toBeUndefined();
	expect(timeOf('not a time')).toBeUndefined();
});

test('PENGUIN_VIEW_FAST_TIME=0 reads every timestamp with Date.parse, the same', async () => {
	process.env.PENGUIN_VIEW_FAST_TIME = '0';
	vi.resetModules();
	const {timeOf: slow} = await import('../../source/model/session/core.js');
	for (const text of ['2026-12-02T10:00:00.050Z', '2026-12-02T24:00:00.000Z', 'x']) expect(slow(text)).toBe(usual(text));
});
