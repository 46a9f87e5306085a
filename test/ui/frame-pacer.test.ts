// When frames are due while the session changes: 22 a second on a fixed beat while a stream
// goes on, whatever the rate of changes and however late the timers fire.
import {expect, test} from 'vitest';
import {FramePacer} from '../../source/ui/components/frame-pacer.js';

/**
 * Changes every `everyMs` for `seconds`; each frame's timer fires `late(n)` ms after it was
 * due (a loaded machine). The times the frames were drawn.
 */
function simulate(everyMs: number, late: (frame: number) => number, seconds = 3): number[] {
	const pacer = new FramePacer();
	const drawn: number[] = [];
	let firesAt: number | undefined;
	for (let now = start; now < start + seconds * 1000; now += everyMs) {
		// The timer runs before the change that comes after it.
		while (firesAt !== undefined && firesAt <= now) {
			drawn.push(firesAt);
			pacer.drawn();
			firesAt = undefined;
		}
		const wait = pacer.changed(now);
		if (wait !== undefined) firesAt = now + wait + late(drawn.length);
	}
	return drawn;
}

/** A clock's time, as Date.now() gives it. */
const start = 1_780_000_000_000;

const inLastSecond = (drawn: number[], seconds = 3): number =>
	drawn.filter(at => at >= start + (seconds - 1) * 1000 && at < start + seconds * 1000).length;

test('a stream is drawn 22 times a second, at 30 changes a second or at 1,000', () => {
	for (const everyMs of [1, 33]) {
		const frames = inLastSecond(simulate(everyMs, () => 0));
		expect(frames, `a change every ${everyMs} ms`).toBeGreaterThanOrEqual(21);
		expect(frames, `a change every ${everyMs} ms`).toBeLessThanOrEqual(23);
	}
});

test('late timers do not slow the frames down: the beat holds', () => {
	// Before the beat was fixed, a frame came 45 ms after the last one was drawn: 10 ms late
	// each time made 18 a second, under the 20 that streaming asks for.
	for (const everyMs of [1, 33]) {
		for (const lateness of [5, 10, 20]) {
			const frames = inLastSecond(simulate(everyMs, () => lateness));
			expect(frames, `${lateness} ms late, a change every ${everyMs} ms`).toBeGreaterThanOrEqual(21);
		}
		// Late by a varying amount, as a machine is.
		let seed = 7;
		const random = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647) * 20;
		expect(inLastSecond(simulate(everyMs, random))).toBeGreaterThanOrEqual(21);
	}
});

test('a frame never comes sooner than the interval after the one before, nor twice for one wait', () => {
	const drawn = simulate(1, frame => (frame % 3 === 0 ? 40 : 0));
	for (let i = 1; i < drawn.length; i++) expect(drawn[i]! - drawn[i - 1]!).toBeGreaterThanOrEqual(1);
	// A timer 40 ms late: the next frame is due on the beat, which has passed: at once, not a burst.
	const pacer = new FramePacer();
	expect(pacer.changed(start)).toBe(0);
	expect(pacer.changed(start + 1)).toBeUndefined();
	pacer.drawn();
	expect(pacer.changed(start + 2)).toBe(31);
});

test('changes that come one by one are drawn at once, then no sooner than 33 ms apart', () => {
	const pacer = new FramePacer();
	expect(pacer.changed(start)).toBe(0);
	pacer.drawn();
	expect(pacer.changed(start + 10)).toBe(23);
	pacer.drawn();
	// A quiet while later: at once.
	expect(pacer.changed(start + 2000)).toBe(0);
});
