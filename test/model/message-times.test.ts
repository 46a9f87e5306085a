// Message times read from their digits on top of the day's start: for any timestamps, in any
// order, exactly what Date.parse reads (undefined for what it cannot); other forms go to Date.parse.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {MessageTimes} from '../../source/model/session/message-times.js';

const usual = (text: string): number | undefined => {
	const ms = Date.parse(text);
	return Number.isNaN(ms) ? undefined : ms;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
// A part in range, just out of it, or not digits (among them the characters either side of 0-9).
const part = (max: number, width: number) =>
	fc.oneof(
		{weight: 6, arbitrary: fc.nat(max).map(n => pad(n, width))},
		{
			weight: 2,
			arbitrary: fc.constantFrom(
				'9'.repeat(width),
				'x'.repeat(width),
				' '.repeat(width),
				`${'0'.repeat(width - 1)}a`,
				`-${'1'.repeat(width - 1)}`,
				`${'0'.repeat(width - 1)}:`,
				`/${'0'.repeat(width - 1)}`,
			),
		},
	);
const year = fc.oneof(
	fc.integer({min: 0, max: 9999}).map(n => pad(n, 4)),
	fc.constantFrom('2024', '2000', '1900', '2100', '1970', '0000', '+002', '20 6', '202x'),
);
const fraction = fc.oneof(
	{weight: 6, arbitrary: part(999, 3)},
	{weight: 1, arbitrary: fc.constantFrom('', '5', '05', '0500', '123456', '1x3')},
);
const isoLike = fc
	.tuple(
		year,
		part(13, 2),
		part(32, 2),
		part(24, 2),
		part(60, 2),
		part(60, 2),
		fraction,
		fc.constantFrom('T', 't', ' ', 'T', 'T'),
		fc.constantFrom('Z', 'Z', 'Z', 'z', '+00:00', '+01:30', '-05:00', '', 'ZZ'),
		fc.constantFrom('.', '.', ',', ':'),
	)
	.map(([y, mo, d, h, mi, s, ms, t, z, dot]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${ms === '' ? '' : dot}${ms}${z}`);
// Month ends, leap days and hour edges of years around leap rules.
const edges = fc
	.tuple(
		fc.constantFrom('1900', '2000', '2023', '2024', '2100', '0000', '9999'),
		fc.constantFrom('01', '02', '04', '12'),
		fc.constantFrom('28', '29', '30', '31', '01'),
		fc.constantFrom('00', '23', '24'),
		fc.constantFrom('00', '59'),
		fc.constantFrom('00', '59', '60'),
		fc.constantFrom('000', '999'),
	)
	.map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
const anyText = fc.oneof(
	isoLike,
	edges,
	fc
		.date({noInvalidDate: true, min: new Date('0000-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z')})
		.map(date => date.toISOString()),
	fc.string({maxLength: 30}),
	fc.constantFrom(
		'2 Dec 2026 10:00:00.000Z',
		'Tue, 02 Dec 2026 10:00:00 GMT',
		'2026-12-02T10:00:00Z',
		'2026-12-02',
		'2026-12-02T10:00Z',
		'+002026-12-02T10:00:00.000Z',
		'',
	),
);

test('for any sequence of timestamps, each reads as Date.parse reads it', () => {
	fc.assert(
		fc.property(fc.array(anyText, {minLength: 1, maxLength: 30}), texts => {
			const times = new MessageTimes();
			for (const text of texts) expect(times.of(text), text).toBe(usual(text));
		}),
		{numRuns: 2000},
	);
});

test('a session of timestamps within a day, across days, months and a leap day reads as Date.parse reads it', () => {
	const times = new MessageTimes();
	let at = Date.parse('2024-02-27T22:59:58.000Z');
	for (let i = 0; i < 20_000; i++) {
		at += (i * 7919) % 30_001;
		const text = new Date(at).toISOString();
		expect(times.of(text), text).toBe(at);
	}
	// Past the end of a day read from digits: each after a good time of the same day.
	for (const text of [
		'2026-12-02T10:00:60.000Z',
		'2026-12-02T10:60:00.000Z',
		'2026-12-02T10:0a:00.000Z',
		'2026-12-02T24:00:00.000Z',
		'2026-12-02T24:30:00.000Z',
		'2026-02-30T10:00:00.000Z',
		'2026-02-32T10:00:00.000Z',
		'2026-12-0xT10:00:00.000Z',
		'2026-12-02T10:00:00.050z',
		'2026-12-02T10:00:00.05Z',
	]) {
		const good = `${text.slice(0, 10)}T10:00:00.000Z`;
		expect(times.of(good), good).toBe(usual(good));
		expect(times.of(text), text).toBe(usual(text));
	}
	expect(times.of(undefined)).toBeUndefined();
	expect(times.of('not a time')).toBeUndefined();
});
