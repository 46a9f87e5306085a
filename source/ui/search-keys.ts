/**
 * The search's keys: the prompt's, Enter (the next match from what is on screen, shown before
 * the count is done: search-count.ts), n and N, and the search again once a preview gives way
 * to the whole history.
 */
import {afterJump} from './marks.js';
import {setFull, setOpen} from './open-state.js';
import type {KeyPress} from './keymap.js';
import {comparePlaces, placeOf} from './reading-place.js';
import {matcher, type Match} from './search.js';
import {currentMatches, matchPosition, noMatch} from './search-count.js';
import type {ScreenEnv, ScreenState, SearchState} from './screen-types.js';
import {rowText} from './segments.js';
import {pause, topOf} from './viewport.js';
import {withCursor} from './cursor.js';
import {showAt} from './line-place.js';

/** Keys while the search prompt is open. */
export function searchKey(state: ScreenState, input: string, key: KeyPress, env: ScreenEnv): ScreenState {
	const search = state.search;
	if (key.escape) return {...state, search: {...search, editing: false, draft: ''}};
	if (key.return) return afterJump(state, submitSearch(state, env));
	if (key.backspace || key.delete) {
		if (search.draft === '') return {...state, search: {...search, editing: false}};
		return {...state, search: {...search, draft: [...search.draft].slice(0, -1).join('')}};
	}
	if (key.ctrl && input === 'u') return {...state, search: {...search, draft: ''}};
	if (key.ctrl || key.meta) return state;
	// eslint-disable-next-line no-control-regex
	const typed = input.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
	if (typed === '') return state;
	return {...state, search: {...search, draft: search.draft + typed}};
}

function submitSearch(state: ScreenState, env: ScreenEnv): ScreenState {
	const query = state.search.draft;
	if (query === '') return {...state, search: {...state.search, editing: false}};
	// The first match at or after what is on screen now (the focus, else the top), else the first.
	const layout = env.layout(state.open);
	const top = topOf(layout, env.height, state.viewport);
	const here = state.focus ?? (top ? layout.item(top.index).id : undefined);
	const from = (here === undefined ? undefined : placeOf(env.view, here)) ?? [0];
	const wanted = (match: Match): boolean => comparePlaces(placeOf(env.view, match.itemId) ?? [0], from) >= 0;
	// The next match is looked for from what is on screen first, then (none after it) from the
	// session's start: either way only as far as that match, the rest is counted after it is
	// shown (the footer's `match 3 of 12…` grows; search-count.ts).
	const ahead = env.probeMatch?.(query, from[0]!, wanted);
	if (ahead) return goToMatch({...state, search: {editing: false, draft: '', query, matches: [ahead], index: 0, onPreview: env.previewing === true ? true : undefined}}, 0, env);
	const matches = env.countMatches ? env.countMatches(query, {more: () => true, found: wanted}).matches : currentMatches(env, query);
	const search: SearchState = {editing: false, draft: '', query, matches, index: -1, onPreview: env.previewing === true ? true : undefined};
	if (matches.length === 0) return {...state, search, message: noMatch(query)};
	let index = matches.findIndex(wanted);
	if (index === -1) index = 0;
	return goToMatch({...state, search}, index, env);
}

/** The search again, once the whole history has taken the preview's place: a search that found nothing there looks in all of it. */
export function searchAgain(state: ScreenState, env: ScreenEnv): ScreenState {
	const {query, index, onPreview} = state.search;
	if (!onPreview) return state;
	const search = {...state.search, onPreview: undefined};
	if (query === undefined || index !== -1 || state.message !== noMatch(query)) return {...state, search};
	return afterJump(state, submitSearch({...state, search: {...search, draft: query}}, env));
}

/** Show match `index`: open what hides it, focus it, scroll to the row that holds it. */
function goToMatch(state: ScreenState, index: number, env: ScreenEnv, note?: string): ScreenState {
	const match = state.search.matches[index]!;
	const test = matcher(state.search.query ?? '');
	let open = state.open;
	for (const ancestor of match.ancestors) open = setOpen(open, ancestor, 'details', true);
	let layout = env.layout(open);
	let at = layout.indexOf(match.itemId);
	const message = matchPosition(index, state.search.matches.length, note);
	const search = {...state.search, index, position: {message, note}};
	if (at === -1 || layout.pane(at).rows.length === 0) return {...state, open, search, message};
	let pane = layout.pane(at);
	if (!pane.open && pane.group !== undefined) {
		open = setOpen(open, pane.itemId, pane.group, true);
		layout = env.layout(open);
		at = layout.indexOf(match.itemId, at);
		pane = layout.pane(at);
	}
	let row = pane.rows.findIndex(line => test(rowText(line.segments)));
	if (row === -1 && pane.kind === 'tool_call' && !open.full.has(pane.itemId)) {
		// The match is in the middle of a long output: show all of it.
		open = setFull(open, pane.itemId, true);
		layout = env.layout(open);
		at = layout.indexOf(match.itemId, at);
		pane = layout.pane(at);
		row = pane.rows.findIndex(line => test(rowText(line.segments)));
	}
	// Following stops: a match at the bottom must not scroll away as the session grows. The
	// match is shown with context above it, the cursor on its row.
	const target = {index: at, offset: row === -1 ? 0 : row};
	const viewport = showAt(layout, env.height, pause(layout, env.height, state.viewport), target, Math.floor(env.height / 3));
	return withCursor({...state, open, viewport, search, message}, layout, target);
}

/**
 * n or N (`step` 1 or -1): the match after (before) the one shown, in the session as it is now.
 * On the screen, the count may still be going on: the match is taken from what it counted, or
 * looked for a slice at a time (`env.stepMatch`); until it is found the key waits in
 * `search.pending` (continueStep, called between slices) and other keys are served.
 */
export function stepMatch(state: ScreenState, step: 1 | -1, env: ScreenEnv): ScreenState {
	const {query} = state.search;
	if (query === undefined) return {...state, message: 'no search yet: press / to search'};
	if (env.stepMatch) return continueStep({...state, search: {...state.search, pending: step}}, env);
	// The session may have grown since Enter: its matches now, from the match shown.
	const matches = currentMatches(env, query);
	if (matches.length === 0) return {...state, search: {...state.search, matches, index: -1}, message: noMatch(query)};
	const shown = state.search.matches[state.search.index];
	const index = shown === undefined ? -1 : matches.findIndex(match => match.itemId === shown.itemId);
	const next = index === -1 ? (step > 0 ? 0 : matches.length - 1) : (index + step + matches.length) % matches.length;
	const wrapped = index !== -1 && matches.length > 1 && (step > 0 ? next < index : next > index);
	return goToMatch({...state, search: {...state.search, matches}}, next, env, wrapped ? 'search wrapped' : undefined);
}

/** A pending n or N (`search.pending`) taken as far as one slice of `env.stepMatch` allows: the match shown once it is found. */
export function continueStep(state: ScreenState, env: ScreenEnv): ScreenState {
	const {query, pending} = state.search;
	if (query === undefined || pending === undefined || !env.stepMatch) return state;
	const stepped = env.stepMatch(query, state.search.matches[state.search.index], pending);
	const search = {...state.search, pending: undefined};
	if (stepped === 'undecided') {
		const looking = `looking for the ${pending > 0 ? 'next' : 'previous'} match of “${query}”…`;
		return state.message === looking && state.search.pending === pending ? state : {...state, search: {...state.search, pending}, message: looking};
	}
	if (stepped === 'none') return {...state, search: {...search, matches: [], index: -1}, message: noMatch(query)};
	return goToMatch({...state, search: {...search, matches: [stepped.match]}}, 0, env, stepped.wrapped ? 'search wrapped' : undefined);
}
