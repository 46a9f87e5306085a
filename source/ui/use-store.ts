/**
 * The only bridge from the session store to React. Store notifications (thousands a second
 * while deltas stream) are coalesced into at most one render per frame interval; a separate
 * one-second tick runs only while something on screen moves with the clock; a few redraws
 * right after opening warm the frame's code up.
 */
import {useEffect, useRef, useState} from 'react';
import type {SessionStore} from '../model/store.js';

/** ~30 frames a second at most, for changes that come one by one (lines appended to a trace). */
export const frameMs = 33;

/**
 * While changes stream (a model's answer, at 30 or at 1,000 deltas a second alike), one frame
 * every 42 ms: about 22 a second once the frame's own time is counted (a little over 20 when
 * a loaded machine makes timers late), smooth to the eye, and the CPU stays in hand (the
 * frame's cost times 22, plus the stream's own). A frame costs what changed on screen, not what the
 * terminal holds (the rows kept by pane-text.ts and ink-output.ts), about 3–6 ms at
 * 100 × 30 on the bench's machine. It used to be paid from an 18 % CPU budget instead, when a
 * frame cost 10–35 ms: at 1,000 deltas a second the budget allowed 1–4 frames a second.
 * Keys are never paced: they render at once, through the screen's own state.
 */
export const streamFrameMs = 42;
/** This many changes within a second is a stream. */
const streamingCount = 12;

/** A number that changes (at most once per `intervalMs`, `streamMs` while streaming) when the store has changed. */
export function useStore(store: SessionStore, intervalMs = frameMs, streamMs = streamFrameMs): number {
	const [frame, setFrame] = useState(0);
	useEffect(() => {
		let timer: ReturnType<typeof setTimeout> | undefined;
		let last = 0;
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
			const streaming = now - oldest < 1000;
			// Even with no wait, a timer lets a burst of synchronous notifications end first.
			timer = setTimeout(flush, Math.max(0, last + (streaming ? streamMs : intervalMs) - now));
		});
		return () => {
			unsubscribe();
			if (timer !== undefined) clearTimeout(timer);
		};
	}, [store, intervalMs, streamMs]);
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
