// A message's time, read with its second remembered (model/session/timestamps.ts), is always
// what Date.parse makes of its timestamp, whatever came before it.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {timeOf} from '../../source/model/session/core.js';
import {Timestamps} from '../../source/model/session/timestamps.js';

const digits = (n: number) => fc.array(fc.constantFrom(...'0123456789'), {minLength: n, maxLength: n}).map(chars => chars.join(''));
// Near the usual form: fields in and out of range (month 13, hour 24, second 60), another
// separator or zone now and then, the milliseconds' digits given or not.
const field = (values: string[], n: number) => fc.oneof({arbitrary: fc.constantFrom(...values), weight: 4}, {arbitrary: digits(n), weight: 1});
const timestamp = fc
	.tuple(
		fc.constantFrom('2026', '1969', '0000', '9999', '+02026'),
		field(['01', '02', '12', '13', '00'], 2),
		field(['01', '28', '29', '30', '31', '32', '00'], 2),
		fc.constantFrom('T', 'T', 'T', ' ', 't'),
		field(['00', '10', '23', '24', '25'], 2),
		field(['00', '59', '60'], 2),
		field(['00', '59', '60', '61'], 2),
		fc.oneof(digits(3).map(ms => `.${ms}`), fc.constantFrom('', '.5', '.1234', '.0a0')),
		fc.constantFrom('Z', 'Z', 'Z', 'z', '', '+09:00', 'ZZ'),
	)
	.map(([y, mo, d, t, h, mi, s, ms, zone]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${ms}${zone}`);

describe('Timestamps', () => {
	it('reads every timestamp as Date.parse does, in any order', () => {
		fc.assert(
			fc.property(fc.array(fc.oneof(timestamp, timestamp.map(text => text.slice(0, 20)), fc.string()), {maxLength: 40}), texts => {
				const times = new Timestamps();
				// Each twice, the second time with its second remembered.
				for (const text of [...texts, ...texts]) expect(times.read(text)).toBe(timeOf(text));
			}),
			{numRuns: 2000},
		);
	});

	it('reads hour 24 as Date.parse does: valid at .000 only', () => {
		const times = new Timestamps();
		expect(times.read('2026-12-02T24:00:00.000Z')).toBe(Date.parse('2026-12-03T00:00:00.000Z'));
		expect(times.read('2026-12-02T24:00:00.500Z')).toBeUndefined();
	});

	it('adds the milliseconds to the second it remembers', () => {
		const times = new Timestamps();
		expect(times.read('2026-12-02T10:00:00.000Z')).toBe(Date.UTC(2026, 11, 2, 10, 0, 0, 0));
		expect(times.read('2026-12-02T10:00:00.999Z')).toBe(Date.UTC(2026, 11, 2, 10, 0, 0, 999));
		expect(times.read('2026-12-02T10:00:01.050Z')).toBe(Date.UTC(2026, 11, 2, 10, 0, 1, 50));
		expect(times.read(undefined)).toBeUndefined();
	});
});
