/**
 * Marks, as in less and vim: `m` then a letter marks the focused pane, `'` then the letter
 * goes back to it, and `''` to where the view was before the last jump (a jump: g, G, e/E,
 * [ ], n/N, a search, `:`, a mark). The second key is read here, whatever command it names.
 */
import {focusItem} from './jumps.js';
import type {KeyPress} from '../screen/keymap.js';
import type {CommandId} from '../screen/keymap.js';
import type {Layout} from '../panes/layout.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';
import {visibleRows} from './viewport.js';

/** The commands that jump: `''` comes back from them. */
export const jumpCommands: ReadonlySet<CommandId> = new Set<CommandId>([
	'top',
	'bottom',
	'next-problem',
	'prev-problem',
	'next-prompt',
	'prev-prompt',
	'next-match',
	'prev-match',
]);

/** `next` with where `previous` was kept for `''`, when the view moved. */
export function afterJump(previous: ScreenState, next: ScreenState): ScreenState {
	if (next.viewport === previous.viewport && next.focus === previous.focus) return next;
	return {...next, beforeJump: {focus: previous.focus, viewport: previous.viewport}};
}

/** m or ': wait for the letter. */
export function startMark(state: ScreenState, kind: 'set' | 'go'): ScreenState {
	return {
		...state,
		markKey: kind,
		message:
			kind === 'set'
				? 'mark this pane: a letter'
				: "go to a mark: its letter, or ' for where you were before the last jump",
	};
}

/** The focused pane's item, else the last pane on screen. */
function focusedItem(state: ScreenState, layout: Layout, height: number): number | undefined {
	if (state.focus !== undefined && layout.indexOf(state.focus) !== -1) return state.focus;
	const {last, rows} = visibleRows(layout, height, state.viewport);
	return rows.length === 0 ? undefined : layout.item(last).id;
}

/** The letter after m or '. */
export function markKey(state: ScreenState, input: string, key: KeyPress, env: ScreenEnv): ScreenState {
	const kind = state.markKey;
	const done: ScreenState = {...state, markKey: undefined, message: undefined};
	if (key.escape) return done;
	if (kind === 'go' && input === "'") {
		const back = state.beforeJump;
		if (!back) return {...done, message: 'no jump yet to go back from'};
		// '' again comes back here.
		return {
			...done,
			focus: back.focus,
			viewport: back.viewport,
			beforeJump: {focus: state.focus, viewport: state.viewport},
		};
	}
	if (!/^[a-zA-Z]$/.test(input) || key.ctrl || key.meta)
		return {...done, message: 'a mark is a letter, a to z or A to Z'};
	if (kind === 'set') {
		const itemId = focusedItem(state, env.layout(state.open), env.height);
		if (itemId === undefined) return {...done, message: 'nothing to mark'};
		return {...done, focus: itemId, marks: {...state.marks, [input]: itemId}, message: `mark ${input} set`};
	}
	const itemId = state.marks?.[input];
	if (itemId === undefined) return {...done, message: `no mark ${input}: m then ${input} sets it`};
	return afterJump(state, focusItem(done, itemId, env));
}
