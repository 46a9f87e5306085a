/**
 * Keeps the terminal's tab progress (render/tab-progress.ts) in step with the followed session:
 * written when what it says changes, between Ink's frames (it moves nothing on the screen), and
 * cleared when the screen ends, however it ends (run-screen.tsx's restore, which crash.ts runs too). A state
 * other than cleared is written again every {@link tabProgressRefreshMs}: ghostty drops a progress state it has not
 * heard of for about 15 seconds (its docs, OSC 9;4), and a run or an approval often lasts longer.
 */
import type {SessionStore} from '../../model/session-store.js';
import {tabProgressOf, tabProgressSequence, type TabProgress} from '../../render/tab-progress.js';
import {activityOf} from '../screen/status-line.js';

/** How often a state other than cleared is said again. */
export const tabProgressRefreshMs = 10_000;

/** A running writer: `clear` writes the cleared state once (idempotent) and stops listening. */
export type TabProgressWriter = {clear: () => void};

/** Starts writing `store`'s progress with `write`; inside tmux through its passthrough. */
export function tabProgressWriter(
	store: SessionStore,
	write: (sequence: string) => void,
	options: {tmux: boolean},
): TabProgressWriter {
	let shown: TabProgress = 'clear';
	let stopped = false;
	const update = (): void => {
		if (stopped) return;
		const next = tabProgressOf(store.view, store.status.state === 'failed', activityOf(store.view));
		if (next === shown) return;
		shown = next;
		write(tabProgressSequence(next, options));
	};
	const unsubscribe = store.subscribe(update);
	update();
	const refresh = setInterval(() => {
		if (!stopped && shown !== 'clear') write(tabProgressSequence(shown, options));
	}, tabProgressRefreshMs);
	refresh.unref?.();
	return {
		clear: () => {
			if (stopped) return;
			stopped = true;
			clearInterval(refresh);
			unsubscribe();
			// Cleared even when nothing was shown: a crash may come between a write and this.
			write(tabProgressSequence('clear', options));
		},
	};
}
