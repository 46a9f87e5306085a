/**
 * The search's count goes on after Enter, a slice at a time: Enter shows the first match it
 * wants as soon as it is found (screen-state.ts); while the footer speaks of the search, the
 * count goes on in slices of a few milliseconds (keys and a streaming session are served
 * between them), with a frame for the footer's number every so often and once it is whole (a
 * frame of a big session costs more than a slice).
 */
import {useEffect, useState} from 'react';
import type {SessionView} from '../../model/view-model.js';
import type {Budget, Counted, LiveMatches} from '../reading/search-count.js';

/** How long one slice of the count may take (about a frame's worth at 60 a second). */
const sliceMs = 12;
/** How often the footer's number is drawn while the count goes on. */
const drawEveryMs = 150;

/** A slice's budget, ending `ms` from now. */
export function sliceBudget(now: () => number, ms = sliceMs): Budget {
	const end = now() + ms;
	return {more: () => now() < end};
}

/**
 * The count of `query` in `view` as far as one more slice takes it (for the footer), and a
 * frame asked for after this one while it is not whole. `query` undefined: nothing to count.
 */
export function useSearchProgress(
	live: LiveMatches,
	view: SessionView,
	query: string | undefined,
	now: () => number,
): (query: string) => Counted {
	const [, setSlices] = useState(0);
	let counting = false;
	const count = (wanted: string): Counted => {
		const counted = live.count(view, wanted, sliceBudget(now));
		if (!counted.complete) counting = true;
		return counted;
	};
	useEffect(() => {
		if (!counting || query === undefined) return undefined;
		const drawAt = now() + drawEveryMs;
		let next: NodeJS.Immediate;
		// setImmediate, not a timer: keys and the stream's data are still read between slices, but the process does not
		// sleep a timer's millisecond each time (on a busy machine, a sleeping process waits its turn to run again).
		const slice = (): void => {
			if (live.advance(view, query, sliceBudget(now)) || now() >= drawAt) setSlices(n => n + 1);
			else next = setImmediate(slice);
		};
		next = setImmediate(slice);
		return () => clearImmediate(next);
	});
	return count;
}
