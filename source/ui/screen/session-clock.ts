/**
 * The session's own clock. Durations of what is still running and the timeline's right edge
 * are measured against "now"; for a replay, or a trace nobody has written to for a long
 * time, today's clock is wrong (a call left running in a trace from yesterday would read
 * `22 h 34 m`). A replay runs on the time of the latest message it has shown; a trace not
 * written for `staleAfterMs` stops at its last message, and what still runs there is said
 * to have stopped with it. A live stream runs on its writer's clock as this viewer saw it
 * go: the newest message's time plus what this viewer's clock counted since it arrived. What
 * runs is then timed from when this viewer saw it start (or from its own time, when later
 * messages came), never by the difference between two machines' clocks: a server whose
 * clock is off, or an old session whose call never ended, does not read `53 h 19 m`.
 */
import type {SourceStatus} from '../../model/session-store.js';
import type {Item, SessionView} from '../../model/view-model.js';
import {formatClock} from '../../render/format.js';

/** A trace not written for this long, read from a file, is taken as stopped. */
export const staleAfterMs = 15 * 60 * 1000;

/** How many items from the end are looked at for the latest time (what changes is at the end). */
const tailItems = 64;

/** The clock for a frame: `now`, and when the trace stopped (when it did). */
export type SessionTime = {now: number; stoppedAt?: number};

/** The latest moment the session's tail speaks of: a message's time or a call's end, its subagents' included. */
export function latestAt(view: SessionView): number | undefined {
	let latest: number | undefined;
	const consider = (value: number | undefined): void => {
		if (value !== undefined && Number.isFinite(value) && (latest === undefined || value > latest)) latest = value;
	};
	const walk = (items: readonly Item[], depth: number): void => {
		for (let i = items.length - 1; i >= 0 && i >= items.length - tailItems; i--) {
			const item = items[i]!;
			consider(item.at);
			if ('endedAt' in item) consider(item.endedAt);
			if (item.kind === 'subagent' && item.child && depth < 4) walk(item.child.items, depth + 1);
		}
	};
	walk(view.items, 0);
	return latest;
}

/** Sources read from a file or replayed (a stream is live: its clock is the real one). */
const fileStates = new Set(['following', 'reading', 'ended', 'replaying']);

/** What a call still running in a stopped trace reads as. */
export function stoppedText(stoppedAt: number): string {
	return `no output (the trace stopped at ${formatClock(stoppedAt)})`;
}

/** The clock the screen draws with. */
export function sessionTime(view: SessionView, status: SourceStatus, realNow: number): SessionTime {
	if (!fileStates.has(status.state))
		return {now: view.seen ? view.seen.at + Math.max(0, realNow - view.seen.seenMs) : realNow};
	const latest = latestAt(view);
	if (latest === undefined) return {now: realNow};
	if (status.state === 'replaying') return {now: Math.min(realNow, latest)};
	if (realNow - latest > staleAfterMs) return {now: latest, stoppedAt: latest};
	return {now: realNow};
}
