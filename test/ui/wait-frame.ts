// Waiting on what the screen shows (never a fixed sleep): poll a frame until it holds what a test expects.
import type {Screen} from './app-helpers.js';

/** Resolves once `check` holds for the screen's frame; fails with the last frame after `ms`. */
export async function frameWhere(screen: Screen, check: (frame: string) => boolean, ms = 5000): Promise<string> {
	const deadline = Date.now() + ms;
	for (;;) {
		const frame = screen.frame();
		if (check(frame)) return frame;
		if (Date.now() > deadline) throw new Error(`the frame never matched:\n${frame}`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
}

/** The footer's last row. */
export const lastRow = (frame: string): string => frame.split('\n').at(-1) ?? '';

/** The header's second row (its status). */
export const statusRow = (frame: string): string => frame.split('\n')[1] ?? '';
