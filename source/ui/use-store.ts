/**
 * The only bridge from the session store to React. Store notifications (thousands a second
 * while deltas stream) are coalesced into at most one render per frame interval; a separate
 * one-second tick runs only while something on screen moves with the clock; a few redraws
 * right after opening warm the frame's code up.
 */
import {useEffect, useRef, useState} from 'react';
import type {SessionStore} from '../model/store.js';

/** ~30 frames a second at most. */
export const frameMs = 33;

/**
 * The share of a core the screen's process may use while the store changes faster than
 * frames come. A frame costs what the terminal holds (Ink lays out and diffs every cell,
 * every frame: 10–35 ms of CPU at 120×40, depending on the machine), so a stream of changes
 * (1,000 deltas a second) drawn at 30 frames a second would take most of a core. So while
 * changes stream, the process's CPU time (frames, keys, the stream itself, GC) is paid from
 * a budget that refills at this rate, and frames come as often as it allows. Changes that
 * come one by one (lines appended to a trace) are drawn at once. Keys are never paced: they
 * render at once, through the screen's own state.
 */
export const cpuBudget = 0.18;
/** How much CPU time (ms) can be spent at once before pacing starts. */
const budgetCapacityMs = 200;
/** The longest wait between two frames of store changes, however busy the process is. */
const longestGapMs = 1000;
/** More changes than this within a second is a stream: paced by the budget. */
const streamingCount = 32;

const cpuMs = (): number => {
	const used = process.cpuUsage();
	return (used.user + used.system) / 1000;
};

/** A number that changes (at most once per `intervalMs`) when the store has changed. */
export function useStore(store: SessionStore, intervalMs = frameMs): number {
	const [frame, setFrame] = useState(0);
	useEffect(() => {
		let timer: ReturnType<typeof setTimeout> | undefined;
		let last = 0;
		// The budget, in CPU ms: refilled with the wall time that passes, spent by all the
		// process does in between.
		let tokens = budgetCapacityMs;
		let wallAt = Date.now();
		let cpuAt = cpuMs();
		// When the last changes came, a ring: the oldest of them tells the rate.
		const recent = new Array<number>(streamingCount).fill(0);
		let slot = 0;
		const flush = (): void => {
			timer = undefined;
			last = Date.now();
			setFrame(value => value + 1);
		};
		const unsubscribe = store.subscribe(() => {
			const now = Date.now();
			const oldest = recent[slot]!;
			recent[slot] = now;
			slot = (slot + 1) % streamingCount;
			if (timer !== undefined) return;
			const cpu = cpuMs();
			// Bounded both ways: a busy start (a large trace loading) is not paid back for long.
			tokens = Math.max(-budgetCapacityMs, Math.min(budgetCapacityMs, tokens + (now - wallAt) * cpuBudget - (cpu - cpuAt)));
			wallAt = now;
			cpuAt = cpu;
			// Streaming and over budget: wait until the budget has paid for what was spent.
			const streaming = now - oldest < 1000;
			const paced = streaming && tokens < 0 ? Math.min(longestGapMs, -tokens / cpuBudget) : 0;
			// Even with no wait, a timer lets a burst of synchronous notifications end first.
			timer = setTimeout(flush, Math.max(0, last + intervalMs - now, paced));
		});
		return () => {
			unsubscribe();
			if (timer !== undefined) clearTimeout(timer);
		};
	}, [store, intervalMs]);
	return frame;
}

/** A number that changes every `periodMs` while `active`, and never otherwise. */
export function useTicker(active: boolean, periodMs = 1000): number {
	const [tick, setTick] = useState(0);
	useEffect(() => {
		if (!active) return undefined;
		const timer = setInterval(() => setTick(value => value + 1), periodMs);
		return () => clearInterval(timer);
	}, [active, periodMs]);
	return tick;
}

/**
 * Draws the screen's frame again, a few times, soon after it opens. V8 compiles a function
 * well only once it has run a few times, and the first frames spend their time in code that
 * has not (Ink's row output above all): the first appends to a 10 MB trace took 30–55 ms to
 * reach the terminal, later ones 8–15 ms. A frame that has not changed is not written (Ink
 * compares it with the last one), so this costs some CPU once and nothing on screen. Frames
 * drawn for any other reason count too: a screen that is busy from the start warms itself.
 */
export function useWarmUp(frames = 12, everyMs = 100): void {
	const drawn = useRef(0);
	drawn.current++;
	const [, setRound] = useState(0);
	useEffect(() => {
		const timer = setInterval(() => {
			if (drawn.current >= frames) clearInterval(timer);
			else setRound(round => round + 1);
		}, everyMs);
		return () => clearInterval(timer);
	}, [frames, everyMs]);
}
