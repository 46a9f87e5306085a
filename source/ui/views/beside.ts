/**
 * The session list beside the session: at 140 columns or more the overview is on the left from
 * the start (the session having the keys) while the chosen session fills the right. Tab moves the
 * keys between them; Esc in the list gives them back to the session; s in the session hides the
 * list and s shows it again. Below 140 columns the picker is the full-screen one, shown by s only.
 * Pure: state and key in, state out.
 */
import {commandFor, type KeyPress} from '../screen/keymap.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';
import {openPicker} from './picker.js';

/** The least terminal width that shows the list beside the session. */
export const besideMinColumns = 140;

/** The list's columns in a terminal `columns` wide (the session keeps the rest, less a rule). */
export function besideListWidth(columns: number): number {
	return Math.min(72, Math.max(48, Math.floor(columns * 0.38)));
}

/** Whether the list is drawn beside the session now. */
export function isBeside(state: ScreenState, wide: boolean | undefined): boolean {
	return state.picker !== undefined && state.beside === true && wide === true;
}

/**
 * What a key does to the list beside the session: Tab, Esc in the list, s in the session.
 * `list`: the key goes to the list (the picker's keys); `session`: to the session's commands.
 */
export function besideKey(
	state: ScreenState,
	input: string,
	key: KeyPress,
	env: Pick<ScreenEnv, 'wide'>,
): ScreenState | 'list' | 'session' | undefined {
	if (!isBeside(state, env.wide)) return undefined;
	if (commandFor(input, key) === 'list-focus') return {...state, listFocus: !state.listFocus};
	// Esc while a filter is typed leaves the filter (the list's own key), then the list.
	if (state.listFocus) return key.escape && state.picker?.filtering !== true ? {...state, listFocus: false} : 'list';
	if (commandFor(input, key) === 'sessions')
		return {...state, picker: undefined, beside: false, listFocus: false, overviewHidden: true};
	return 'session';
}

/** The picker as `s` opens it: beside the session when the terminal is wide, the list then having the keys. */
export function besideOpening(env: Pick<ScreenEnv, 'wide'>): Pick<ScreenState, 'beside' | 'listFocus'> {
	return env.wide === true ? {beside: true, listFocus: true} : {beside: false, listFocus: false};
}

/**
 * What the overview beside the session becomes as the terminal's width changes: shown (the session keeping the keys)
 * once it is 140 columns or more and s has not hidden it; closed when it narrows while the session has the keys (a
 * list with the keys stays, as the full-screen picker). Undefined: no change.
 */
export function besideAtWidth(
	state: ScreenState,
	wide: boolean,
	canPick: boolean,
	loadId: number,
): ScreenState | undefined {
	if (!canPick) return undefined;
	if (wide && state.picker === undefined && state.overviewHidden !== true)
		return {...state, picker: openPicker(loadId), pickerOpened: loadId, beside: true, listFocus: false};
	if (!wide && state.picker !== undefined && state.beside === true && state.listFocus !== true)
		return {...state, picker: undefined, beside: false, listFocus: false};
	return undefined;
}

/**
 * The list opened by the width alone, once its listing is in: a list with nothing in it (no data root, no sessions,
 * an error) is closed as s would, so that a trace opened from elsewhere keeps the whole width; s shows it, error and
 * all. A list that has the keys (opened by s, or Tab) stays. Undefined: no change.
 */
export function besideAfterListing(
	state: ScreenState,
	listed: {entries?: readonly unknown[]; error?: string},
): ScreenState | undefined {
	if (state.beside !== true || state.listFocus === true || state.picker === undefined) return undefined;
	if (listed.error === undefined && (listed.entries?.length ?? 0) > 0) return undefined;
	return {...state, picker: undefined, beside: false, listFocus: false, overviewHidden: true};
}
