/**
 * The only bridge from the session store to React. Store notifications (thousands a second
 * while deltas stream) are coalesced into at most one render per frame interval, paced by
 * frame-pacer.ts; a separate one-second tick runs only while something on screen moves with
 * the clock; a few redraws right after opening warm the frame's code up.
 */
import {useEffect, useRef, useState} from 'react';
import type {SessionStore} from '../../model/session-store.js';
import {defaultSwitches} from '../../settings.js';
import {FramePacer, frameMs, streamFrameMs} from '../components/frame-pacer.js';

/**
 * A number that changes (at most once per `intervalMs`, `streamMs` while streaming) when the
 * store has changed; with `changed`, only when it says the change may show (drawn-from.ts).
 * Changes that show nowhere on screen are still drawn every `warmMs` (Ink writes nothing for a
 * frame that has not changed): left out for seconds, the frame's code goes cold, and the next
 * key's frame is several times slower (the bench's scrolled-up case; docs/performance.md).
 * `clock`: the screen's (App's), which paces the frames and the warm redraws.
 */
export function useStore(
	store: SessionStore,
	intervalMs = frameMs,
	streamMs = streamFrameMs,
	changed?: () => boolean,
	clock: () => number = Date.now,
	warmMs = defaultSwitches.warmMs,
): number {
	const mayShow = useRef(changed);
	mayShow.current = changed;
	const now = useRef(clock);
	now.current = clock;
	const [frame, setFrame] = useState(0);
	useEffect(() => {
		const pacer = new FramePacer(intervalMs, streamMs);
		let timer: ReturnType<typeof setTimeout> | undefined;
		let drawnAt = 0;
		const flush = (): void => {
			timer = undefined;
			pacer.drawn();
			const at = now.current();
			if (at - drawnAt < warmMs && mayShow.current?.() === false) return;
			drawnAt = at;
			setFrame(value => value + 1);
		};
		const unsubscribe = store.subscribe(() => {
			const wait = pacer.changed(now.current());
			// Even with no wait, a timer lets a burst of synchronous notifications end first.
			if (wait !== undefined) timer = setTimeout(flush, wait);
		});
		return () => {
			unsubscribe();
			if (timer !== undefined) clearTimeout(timer);
		};
	}, [store, intervalMs, streamMs, warmMs]);
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
 * has not (Ink's row output above all): the first appends to a trace reach the terminal
 * several times later than the next ones (docs/performance.md). A frame that has not changed is not written (Ink
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
