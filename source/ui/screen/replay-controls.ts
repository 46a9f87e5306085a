/**
 * What the header says of a replay (`▶ replay 8× · 14:45:12 of 14:51:03`, `⏸ replay paused …`):
 * its speed or pause, and where it is in the session's own time (local, as the screen's clocks).
 */
import type {ReplayState} from '../../io/replay.js';
import {formatClock} from '../../render/format.js';

/** `8×`, `1×`, `0.5×`. */
export function speedText(speed: number): string {
	return `${Number(speed.toPrecision(3))}×`;
}

/** The header's words for a replay. */
export function replayText(state: ReplayState): string {
	const head = state.paused ? '⏸ replay paused' : `▶ replay ${speedText(state.speed)}`;
	if (state.at === undefined || state.end === undefined) return head;
	return `${head} · ${formatClock(state.at)} of ${formatClock(state.end)}`;
}
