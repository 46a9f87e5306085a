// Print mode's labels remember the last second's clock (render/format.ts's Clocks): each is
// what formatClock makes of its time, in any time zone and in any order.
import fc from 'fast-check';
import {afterAll, describe, expect, it} from 'vitest';
import {Clocks, formatClock} from '../../source/render/format.js';

const zoneBefore = process.env.TZ;
afterAll(() => {
	if (zoneBefore === undefined) delete process.env.TZ;
	else process.env.TZ = zoneBefore;
});

// Zones offset by half hours, by 45 minutes, by 30 minutes of daylight saving, and (before
// 1972, 1937) by odd seconds of local mean time.
const zones = [
	'UTC',
	'Asia/Kolkata',
	'Asia/Kathmandu',
	'Australia/Lord_Howe',
	'America/St_Johns',
	'Africa/Monrovia',
	'Europe/Amsterdam',
];
// Times near a second's edge, near the epoch, and past what a Date holds; some not whole.
const near = (base: number) => fc.integer({min: -3000, max: 3000}).map(delta => base + delta);
const time = fc.oneof(
	fc.integer({min: -4e12, max: 4e12}),
	near(0),
	near(Date.UTC(1930, 0, 1)),
	near(Date.UTC(2026, 9, 25, 1)),
	near(8.64e15),
	fc.double({min: -5000, max: 5000, noNaN: true}),
	fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0.5, 0.5, 8.64e15 + 1),
);

describe('Clocks', () => {
	for (const zone of zones) {
		it(`gives formatClock's clock in ${zone}`, () => {
			process.env.TZ = zone;
			fc.assert(
				fc.property(fc.array(time, {maxLength: 30}), times => {
					const clocks = new Clocks();
					for (const ms of [...times, ...times]) expect(clocks.of(ms)).toBe(formatClock(ms));
				}),
				{numRuns: 300},
			);
		});
	}

	it('gives each second its own clock', () => {
		process.env.TZ = 'UTC';
		const clocks = new Clocks();
		expect([999, 1000, 1999, -1, -1000, -1001].map(ms => clocks.of(ms))).toEqual([
			'00:00:00',
			'00:00:01',
			'00:00:01',
			'23:59:59',
			'23:59:59',
			'23:59:58',
		]);
		expect(clocks.of(-0.5)).toBe('00:00:00');
	});
});
