/** The keys that move the selection of a list view (the timeline, the context view) by rows, pages or to its top. */
import type {CommandId} from '../screen/keymap.js';

/** The row `id` moves the selection at `current` to in a list `listHeight` rows tall; undefined for other keys. */
export function listMotion(id: CommandId | undefined, current: number, listHeight: number): number | undefined {
	switch (id) {
		case 'focus-next':
			return current + 1;
		case 'focus-prev':
			return current - 1;
		case 'half-down':
		case 'half-up':
		case 'page-down':
		case 'page-up': {
			const size = id.startsWith('half') ? Math.max(1, Math.floor(listHeight / 2)) : Math.max(1, listHeight - 1);
			return current + (id.endsWith('up') ? -size : size);
		}
		case 'top':
			return 0;
		default:
			return undefined;
	}
}
