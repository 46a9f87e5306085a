/**
 * The search's keys: the prompt's (history on ↑/↓, Ctrl+W a word, Ctrl+U the line, Enter on
 * nothing the last search again), Enter (the next match from the cursor, shown before the count
 * is done: search-count.ts), n and N from match to match (search-match.ts: every match, not
 * every pane), and the search again once a preview gives way to the whole history.
 */
import type {Item} from '../../model/view-model.js';
import {withCursor} from './cursor.js';
import {afterJump} from './marks.js';
import {setFull, setOpen} from '../panes/open-state.js';
import type {KeyPress} from '../screen/keymap.js';
import {rowLine, rowOfLine} from '../panes/layout.js';
import {linesOf, paneLines, showAt} from './line-place.js';
import {comparePlaces, placeOf} from './reading-place.js';
import type {Match} from './search.js';
import {currentMatches, matchPosition, noMatch} from './search-count.js';
import {occurrencesOf, searchPattern, type Occurrence} from './search-match.js';
import type {ScreenEnv, ScreenState, SearchState} from '../screen/screen-types.js';
import {pause, topOf} from './viewport.js';

/** How many searches ↑ in the prompt goes back through. */
const historyLength = 50;

/** Keys while the search prompt is open. */
export function searchKey(state: ScreenState, input: string, key: KeyPress, env: ScreenEnv): ScreenState {
	const search = state.search;
	if (key.escape) return {...state, search: {...search, editing: false, draft: '', recalled: undefined}};
	if (key.return) return afterJump(state, submitSearch(state, env));
	if (key.backspace || key.delete) {
		if (search.draft === '') return {...state, search: {...search, editing: false}};
		return {...state, search: {...search, draft: [...search.draft].slice(0, -1).join('')}};
	}
	if (key.upArrow || key.downArrow) return {...state, search: recall(search, key.upArrow ? 1 : -1)};
	if (key.ctrl && input === 'u') return {...state, search: {...search, draft: ''}};
	// As in a shell: the word before the cursor (and the blanks after it).
	if (key.ctrl && input === 'w') return {...state, search: {...search, draft: search.draft.replace(/\S*\s*$/, '')}};
	if (key.ctrl || key.meta) return state;
	// eslint-disable-next-line no-control-regex
	const typed = input.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
	if (typed === '') return state;
	return {...state, search: {...search, draft: search.draft + typed}};
}

/** ↑ (1) or ↓ (-1) in the prompt: an earlier (later) search in its place. */
function recall(search: SearchState, step: 1 | -1): SearchState {
	const history = search.history ?? [];
	const at = (search.recalled ?? -1) + step;
	if (at < 0) return {...search, draft: '', recalled: undefined};
	if (at >= history.length) return search;
	return {...search, draft: history[history.length - 1 - at]!, recalled: at};
}

function submitSearch(state: ScreenState, env: ScreenEnv): ScreenState {
	// Enter on nothing: the last search again, as in less.
	const query = state.search.draft === '' ? state.search.history?.at(-1) : state.search.draft;
	if (query === undefined) return {...state, search: {...state.search, editing: false}};
	const history = [...(state.search.history ?? []).filter(past => past !== query), query].slice(-historyLength);
	const pattern = searchPattern(query);
	if (!(pattern instanceof RegExp))
		return {
			...state,
			search: {...state.search, editing: false, draft: '', recalled: undefined, history},
			message: pattern.problem,
		};
	const fresh: SearchState = {
		editing: false,
		draft: '',
		query,
		matches: [],
		index: -1,
		history,
		onPreview: env.previewing === true ? true : undefined,
	};
	// The first match at or after the cursor (else the top of the screen), else the first.
	const layout = env.layout(state.open);
	const top = topOf(layout, env.height, state.viewport);
	const here = state.focus ?? (top ? layout.item(top.index).id : undefined);
	const from = (here === undefined ? undefined : placeOf(env.view, here)) ?? [0];
	const wanted = (match: Match): boolean => comparePlaces(placeOf(env.view, match.itemId) ?? [0], from) >= 0;
	// The next match is looked for from what is on screen first, then (none after it) from the
	// session's start: either way only as far as that match, the rest is counted after it is
	// shown (the footer's `match 3 of 12…` grows; search-count.ts).
	const ahead = env.probeMatch?.(query, from[0]!, wanted);
	if (ahead) return goToMatch({...state, search: {...fresh, matches: [ahead], index: 0}}, 0, env, 'first');
	// None after it (the probe looked): the search goes round to the first match, the count stopping there.
	const found = env.probeMatch ? () => true : wanted;
	const matches = env.countMatches
		? env.countMatches(query, {more: () => true, found}).matches
		: currentMatches(env, query);
	const search: SearchState = {...fresh, matches};
	if (matches.length === 0) return {...state, search, message: noMatch(query)};
	let index = matches.findIndex(wanted);
	if (index === -1) index = 0;
	return goToMatch({...state, search}, index, env, 'first');
}

/**
 * The search again, once the whole history has taken the preview's place: a search that found nothing there looks in
 * all of it.
 */
export function searchAgain(state: ScreenState, env: ScreenEnv): ScreenState {
	const {query, index, onPreview} = state.search;
	if (!onPreview) return state;
	const search = {...state.search, onPreview: undefined};
	if (query === undefined || index !== -1 || state.message !== noMatch(query)) return {...state, search};
	return afterJump(state, submitSearch({...state, search: {...search, draft: query}}, env));
}

/** The item an id names, in the session or a subagent's. */
function itemById(items: readonly Item[], itemId: number, ancestors: readonly number[]): Item | undefined {
	let list = items;
	for (const ancestor of ancestors) {
		const parent = inList(list, ancestor);
		if (parent?.kind !== 'subagent' || !parent.child) return undefined;
		list = parent.child.items;
	}
	return inList(list, itemId);
}

/**
 * The item with id `itemId` in one session's list, whose ids grow in reading order (a binary search, then a look at
 * each).
 */
function inList(items: readonly Item[], itemId: number): Item | undefined {
	let low = 0;
	let high = items.length - 1;
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const id = items[middle]!.id;
		if (id === itemId) return items[middle];
		if (id < itemId) low = middle + 1;
		else high = middle - 1;
	}
	return items.find(item => item.id === itemId);
}

/** The matches in the item of `match`, in order. */
function occurrencesFor(match: Match, query: string, env: ScreenEnv): Occurrence[] {
	const pattern = searchPattern(query);
	const item = itemById(env.view.items, match.itemId, match.ancestors);
	return pattern instanceof RegExp && item ? occurrencesOf(item, pattern, env.texts) : [];
}

/** `match 7 of 13` counted over `matches` alone (where the screen's count is not at hand). */
function ordinalAmong(
	matches: readonly Match[],
	index: number,
	occurrence: number,
	query: string,
	env: ScreenEnv,
): string {
	let before = 0;
	let total = 0;
	matches.forEach((match, at) => {
		const count = occurrencesFor(match, query, env).length;
		if (at < index) before += count;
		total += count;
	});
	return matchPosition(before + occurrence, total);
}

/**
 * Show a match in the item of match `index`: its first, its last, or one by its place among
 * the item's. What hides it is opened (subagents, the pane, the hidden middle of an output), the
 * cursor goes to its row and the view shows it with context above it.
 */
function goToMatch(
	state: ScreenState,
	index: number,
	env: ScreenEnv,
	which: 'first' | 'last' | number,
	note?: string,
): ScreenState {
	const match = state.search.matches[index]!;
	const query = state.search.query ?? '';
	const found = occurrencesFor(match, query, env);
	const occurrence =
		which === 'first'
			? 0
			: which === 'last'
				? Math.max(0, found.length - 1)
				: Math.max(0, Math.min(found.length - 1, which));
	const line = found[occurrence]?.line ?? 0;
	let open = state.open;
	for (const ancestor of match.ancestors) open = setOpen(open, ancestor, 'details', true);
	let layout = env.layout(open);
	let at = layout.indexOf(match.itemId);
	const message =
		env.matchOrdinal?.(query, match, occurrence) ?? ordinalAmong(state.search.matches, index, occurrence, query, env);
	const shownMessage = note ? `${message} · ${note}` : message;
	const search: SearchState = {
		...state.search,
		index,
		occurrence,
		hidden: undefined,
		position: {message: shownMessage, note},
	};
	if (at === -1 || layout.pane(at).rows.length === 0) return {...state, open, search, message: shownMessage};
	let pane = layout.pane(at);
	const count = paneLines(linesOf(env), pane.itemId);
	if (line > 0 && !pane.open && pane.group !== undefined) {
		open = setOpen(open, pane.itemId, pane.group, true);
		layout = env.layout(open);
		at = layout.indexOf(match.itemId, at);
		pane = layout.pane(at);
	}
	if (
		rowLine(pane, rowOfLine(pane, line, count), count) !== line &&
		pane.kind === 'tool_call' &&
		!open.full.has(pane.itemId)
	) {
		// The match is in the middle of a long output: show all of it.
		open = setFull(open, pane.itemId, true);
		layout = env.layout(open);
		at = layout.indexOf(match.itemId, at);
		pane = layout.pane(at);
	}
	// Following stops: a match at the bottom must not scroll away as the session grows. The
	// match is shown with context above it, the cursor on its row.
	const target = {index: at, offset: rowOfLine(pane, line, count)};
	const viewport = showAt(
		layout,
		env.height,
		pause(layout, env.height, state.viewport),
		target,
		Math.floor(env.height / 3),
	);
	return withCursor({...state, open, viewport, search, message: shownMessage}, layout, target);
}

/**
 * n or N (`step` 1 or -1): the match after (before) the one shown: in the same pane while it has
 * more, else in the next (previous) pane that holds one, in the session as it is now. On the
 * screen, the count may still be going on: that pane is taken from what it counted, or looked
 * for a slice at a time (`env.stepMatch`); until it is found the key waits in `search.pending`
 * (continueStep, called between slices) and other keys are served.
 */
export function stepMatch(state: ScreenState, step: 1 | -1, env: ScreenEnv): ScreenState {
	const {query} = state.search;
	if (query === undefined) return {...state, message: 'no search yet: press / to search'};
	const shown = state.search.matches[state.search.index];
	if (shown) {
		const within = (state.search.occurrence ?? 0) + step;
		if (within >= 0 && within < occurrencesFor(shown, query, env).length)
			return goToMatch(state, state.search.index, env, within);
	}
	if (env.stepMatch) return continueStep({...state, search: {...state.search, pending: step}}, env);
	// The session may have grown since Enter: its matches now, from the match shown.
	const matches = currentMatches(env, query);
	if (matches.length === 0) return {...state, search: {...state.search, matches, index: -1}, message: noMatch(query)};
	const index = shown === undefined ? -1 : matches.findIndex(match => match.itemId === shown.itemId);
	const next = index === -1 ? (step > 0 ? 0 : matches.length - 1) : (index + step + matches.length) % matches.length;
	const wrapped = index !== -1 && (step > 0 ? next <= index : next >= index);
	return goToMatch(
		{...state, search: {...state.search, matches}},
		next,
		env,
		step > 0 ? 'first' : 'last',
		wrapped ? 'search wrapped' : undefined,
	);
}

/**
 * A pending n or N (`search.pending`) taken as far as one slice of `env.stepMatch` allows: the match shown once it is
 * found.
 */
export function continueStep(state: ScreenState, env: ScreenEnv): ScreenState {
	const {query, pending} = state.search;
	if (query === undefined || pending === undefined || !env.stepMatch) return state;
	const stepped = env.stepMatch(query, state.search.matches[state.search.index], pending);
	const search = {...state.search, pending: undefined};
	if (stepped === 'undecided') {
		const looking = `looking for the ${pending > 0 ? 'next' : 'previous'} match of “${query}”…`;
		return state.message === looking && state.search.pending === pending
			? state
			: {...state, search: {...state.search, pending}, message: looking};
	}
	if (stepped === 'none') return {...state, search: {...search, matches: [], index: -1}, message: noMatch(query)};
	// One pane holding every match: round to its first (last) again.
	const wrapped = stepped.wrapped || stepped.match.itemId === state.search.matches[state.search.index]?.itemId;
	return goToMatch(
		{...state, search: {...search, matches: [stepped.match]}},
		0,
		env,
		pending > 0 ? 'first' : 'last',
		wrapped ? 'search wrapped' : undefined,
	);
}
