/**
 * Keys over a scrolling overlay (the help, the notice log): what a key makes of its top row.
 * Pure: the overlay's own state is the caller's.
 */
import type {CommandId} from './keymap.js';

/** The new top row for a scrolling key, clamped to the overlay's `rows`; undefined for any other key. */
export function overlayTop(id: CommandId | undefined, top: number, rows: number, height: number): number | undefined {
	const last = Math.max(0, rows - height);
	const from = Math.min(top, last);
	const half = Math.max(1, Math.floor(height / 2));
	const page = Math.max(1, height - 1);
	const to = (next: number): number => Math.max(0, Math.min(last, next));
	switch (id) {
		case 'focus-next':
			return to(from + 1);
		case 'focus-prev':
			return to(from - 1);
		case 'half-down':
			return to(from + half);
		case 'half-up':
			return to(from - half);
		case 'page-down':
			return to(from + page);
		case 'page-up':
			return to(from - page);
		case 'top':
			return 0;
		case 'bottom':
			return last;
		default:
			return undefined;
	}
}
