/**
 * Marks, as in less and vim: `m` then a letter marks the cursor's line (a document line,
 * line-place.ts), `'` then the letter goes back to that line, and `''` to where the view was
 * before the last jump (a jump: g, G, e/E, [ ], n/N, a search, `:`, a mark). The second key is
 * read here, whatever command it names.
 */
import type {KeyPress} from '../screen/keymap.js';
import type {CommandId} from '../screen/keymap.js';
import {cursorLine, goToLine, linesOf} from './line-place.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';

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
	if (next.viewport === previous.viewport && next.focus === previous.focus && next.cursorAt === previous.cursorAt)
		return next;
	return {...next, beforeJump: {focus: previous.focus, cursorAt: previous.cursorAt, viewport: previous.viewport}};
}

/** m or ': wait for the letter. */
export function startMark(state: ScreenState, kind: 'set' | 'go'): ScreenState {
	return {
		...state,
		markKey: kind,
		message:
			kind === 'set'
				? "mark the cursor's line: a letter"
				: "go to a mark: its letter, or ' for where you were before the last jump",
	};
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
			cursorAt: back.cursorAt,
			viewport: back.viewport,
			beforeJump: {focus: state.focus, cursorAt: state.cursorAt, viewport: state.viewport},
		};
	}
	if (!/^[a-zA-Z]$/.test(input) || key.ctrl || key.meta)
		return {...done, message: 'a mark is a letter, a to z or A to Z'};
	if (kind === 'set') {
		const line = cursorLine(state, env.layout(state.open), env.height, linesOf(env));
		if (line === undefined) return {...done, message: 'nothing to mark'};
		return {
			...done,
			marks: {...state.marks, [input]: line},
			message: `mark ${input} set on line ${(line + 1).toLocaleString('en-US')}`,
		};
	}
	const line = state.marks?.[input];
	if (line === undefined) return {...done, message: `no mark ${input}: m then ${input} sets it`};
	return afterJump(state, goToLine(done, env, line, Math.floor(env.height / 3)));
}
