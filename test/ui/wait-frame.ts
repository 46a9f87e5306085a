// Waiting on what the screen shows (never a fixed sleep): poll a frame until it holds what a test expects.
import {waitFor, waitLimitMs} from '../support/wait-for.js';
import type {Screen} from './app-helpers.js';

/** Resolves once `check` holds for the screen's frame; fails with the last frame after `ms`. */
export async function frameWhere(screen: Screen, check: (frame: string) => boolean, ms = waitLimitMs): Promise<string> {
	return waitFor(
		() => {
			const frame = screen.frame();
			return check(frame) ? frame : undefined;
		},
		'the frame to match',
		{timeoutMs: ms, show: () => screen.frame()},
	);
}

/** The footer's last row. */
export const lastRow = (frame: string): string => frame.split('\n').at(-1) ?? '';

/** The header's second row (its status). */
export const statusRow = (frame: string): string => frame.split('\n')[1] ?? '';
