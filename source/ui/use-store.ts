/**
 * The only bridge from the session store to React. Store notifications (thousands a second
 * while deltas stream) are coalesced into at most one render per frame interval; a separate
 * one-second tick runs only while something on screen moves with the clock.
 */
import {useEffect, useState} from 'react';
import type {SessionStore} from '../model/store.js';

/** ~30 frames a second at most. */
export const frameMs = 33;

/** A number that changes (at most once per `intervalMs`) when the store has changed. */
export function useStore(store: SessionStore, intervalMs = frameMs): number {
	const [frame, setFrame] = useState(0);
	useEffect(() => {
		let timer: ReturnType<typeof setTimeout> | undefined;
		let last = 0;
		const flush = (): void => {
			timer = undefined;
			last = Date.now();
			setFrame(value => value + 1);
		};
		const unsubscribe = store.subscribe(() => {
			if (timer !== undefined) return;
			// Even with no wait, a timer lets a burst of synchronous notifications end first.
			timer = setTimeout(flush, Math.max(0, last + intervalMs - Date.now()));
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
