/**
 * Keys while the context view (C) is shown, as the timeline's: j/k and the page keys move the
 * selection, g/G go to the ends (G follows the newest request again), Enter goes to the
 * selected row's item in the session, C, Esc close it, q quits. Pure.
 */
import type {CommandId} from '../screen/keymap.js';
import {focusItem} from '../reading/jumps.js';
import {contextChrome, contextWindow} from './context-rows.js';
import {listMotion} from './list-motion.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';

const contextHint = 'context: j/k move · Enter show it in the session · G newest · C back';

/** The footer's hints while the view is shown. */
export const contextHints = 'j/k move · Enter show in session · G newest · C back · q quit';

/** What a key does here: a new state, or `pass` (close the view and run the command as usual). */
export function contextCommand(state: ScreenState, id: CommandId | undefined, env: ScreenEnv): ScreenState | 'pass' {
	const view = state.contextView!;
	const screen = env.contextScreen?.();
	const entries = screen?.entries ?? [];
	const listHeight = Math.max(1, env.height - contextChrome(env.height));
	const newest = screen && screen.newest >= 0 ? screen.newest : entries.length - 1;
	const current = view.follow ? newest : view.selected;
	const top = view.follow ? followTop(newest, entries.length, listHeight) : view.top;
	const select = (index: number, follow = false): ScreenState => ({
		...state,
		contextView: {...contextWindow(entries.length, listHeight, index, top), follow},
	});
	const moved = listMotion(id, current, listHeight);
	if (moved !== undefined) return select(moved);
	switch (id) {
		case 'quit':
			return {...state, quit: true};
		case 'help':
			return {...state, help: true};
		case 'escape':
		case 'context':
			return {...state, contextView: undefined};
		case 'sessions':
		case 'switch':
		case 'timeline':
			return 'pass';
		case 'bottom':
		case 'follow':
			return select(newest, true);
		case 'toggle': {
			const entry = entries[current];
			if (!entry || entry.itemId < 0) return {...state, message: 'this row is not an item of the session'};
			return focusItem({...state, contextView: undefined}, entry.itemId, env);
		}
		default:
			return {...state, message: contextHint};
	}
}

/** The view opened following the newest request. */
export function openContext(state: ScreenState, env: ScreenEnv): ScreenState {
	const screen = env.contextScreen?.();
	const count = screen?.entries.length ?? 0;
	const listHeight = Math.max(1, env.height - contextChrome(env.height));
	const newest = screen && screen.newest >= 0 ? screen.newest : count - 1;
	const window = contextWindow(count, listHeight, newest, followTop(newest, count, listHeight));
	return {...state, contextView: {...window, follow: true}};
}

/**
 * The first entry on screen while following: the newest request near the middle, so that what
 * fills the context, below it, shows too.
 */
export function followTop(newest: number, count: number, listHeight: number): number {
	return Math.max(0, Math.min(newest - Math.floor(listHeight / 3), count - listHeight));
}
