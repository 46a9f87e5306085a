/**
 * The footer's position while the view follows a stream: worked out and redrawn at most four times a second. Every
 * streamed line moved it (`line 2,087 of 2,087`), and its row, new each frame, was drawn by Ink from nothing: a
 * tenth of a streaming frame's CPU by a profile (docs/performance.md). Anything else shows at once (a key that moves
 * the cursor leaves the end, so the view no longer follows), and the latest position always shows in the end: a
 * position held back is drawn soon after its quarter second is up, by the stream's next frame, or by a frame of its
 * own when none comes (the stream has stopped). Drawn on the dot, that frame of its own came four times a second on
 * top of the stream's 22, at a whole frame's cost each.
 */
import {useEffect, useRef, useState} from 'react';
import {streamFrameMs} from '../components/frame-pacer.js';

/** How often a following view's position is worked out again. */
const everyMs = 250;
/** How long after that a frame of its own waits for the stream's next frame: two of the stream's beats. */
const ownFrameAfterMs = 2 * streamFrameMs;

/**
 * `place()` now, or while `following` the one worked out less than a quarter second ago. Timed by the wall clock
 * (`now`), not the session's, which a test or a replay sets.
 */
export function useSteadyPlace<T>(place: () => T, following: boolean, now = performance.now()): T {
	const shown = useRef<{place: T; at: number} | undefined>(undefined);
	const [, redraw] = useState(0);
	const last = shown.current;
	const wait = following && last !== undefined ? everyMs - (now - last.at) : 0;
	useEffect(() => {
		if (wait <= 0) return undefined;
		const timer = setTimeout(() => redraw(n => n + 1), wait + ownFrameAfterMs);
		return () => clearTimeout(timer);
	});
	if (wait > 0 && last !== undefined) return last.place;
	const current = place();
	shown.current = following ? {place: current, at: now} : undefined;
	return current;
}
