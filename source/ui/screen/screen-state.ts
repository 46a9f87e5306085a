/**
 * What the reader has done to the screen (focus, scroll, open panes, search, help) and
 * how each key changes it. One pure function takes a key press and gives the next state;
 * the layout it needs comes in through `ScreenEnv`, so tests drive it without a terminal.
 */
import {shown} from '../../model/held-text.js';
import {actKey, sendsTask, startAct, type Acting} from './acting.js';
import {copyLimit, copyMessage, copyOf, pagerText} from './copy-text.js';
import {handOverKey, startHandOver} from './hand-over.js';
import {editAsk, imageToWrite} from './edit-ask.js';
import {isChunk, splitPresses} from './key-chunks.js';
import {parseMouse, type MouseEvent} from './mouse.js';
import {commandFor, type CommandId, type KeyPress} from './keymap.js';
import type {Layout} from '../panes/layout.js';
import {isProblem} from '../panes/pane-kinds.js';
import {focusItem, jumpToProblem, jumpToPrompt} from '../reading/jumps.js';
import {
	cursorOf,
	cursorPane,
	cursorToTop,
	keepCursorRow,
	moveCursor,
	paneHead,
	scrollView,
	withCursor,
} from '../reading/cursor.js';
import {linesOf, paneLines} from '../reading/line-place.js';
import {jumpKey} from '../reading/goto.js';
import {afterJump, jumpCommands, markKey, startMark} from '../reading/marks.js';
import {noticeLogCommand} from './notice-log.js';
import {overlayTop} from './overlay-scroll.js';
import {nextShift} from '../reading/sideways.js';
import {endShift} from '../panes/chop-rows.js';
import {openStateFrom, setFull, setOpen, toggleGroup} from '../panes/open-state.js';
import {besideKey, besideOpening, isBeside} from '../views/beside.js';
import {openPicker, pickerChrome, pickerKey} from '../views/picker.js';
import {searchAgain, searchKey, stepMatch} from '../reading/search-keys.js';
import {timelineChrome, timelineWindow} from '../views/timeline-rows.js';
import {listMotion} from '../views/list-motion.js';
import {contextCommand, openContext} from '../views/context-keys.js';
import {following, forward, pause, resume, scrollToTop, topOf, visibleRows} from '../reading/viewport.js';

export type {ScreenEnv, ScreenState, SearchState, TimelineState} from './screen-types.js';
export {searchAgain};
export {focusItem} from '../reading/jumps.js';
import type {ScreenEnv, ScreenState, SearchState} from './screen-types.js';

const notLive: Acting = {
	mode: 'unavailable',
	why: 'a, r, Ctrl+X and > act on a live session only: this is not one (follow it with --sse)',
};

const noSearch: SearchState = {editing: false, draft: '', matches: [], index: -1};

/** The state a screen starts in. */
export function initialScreen(expand?: readonly string[], chop?: boolean, search?: string): ScreenState {
	return {
		open: openStateFrom(expand),
		viewport: following,
		search: search === undefined ? noSearch : {...noSearch, atStart: search},
		help: false,
		quit: false,
		...(chop ? {chop} : {}),
	};
}

/** The one entry for keys: the search prompt, the help overlay, or a command. */
export function handleKey(state: ScreenState, input: string, key: KeyPress, env: ScreenEnv): ScreenState {
	if (key.ctrl && input === 'c') return {...state, quit: true};
	// Ctrl+Z suspends from anywhere, a prompt or an overlay too (terminal-suspend.ts).
	if (key.ctrl && input === 'z') return runCommand(state, 'suspend', env);
	const mouse = parseMouse(input);
	if (mouse) return mouseEvent(state, mouse, env);
	// Beside the session, keys that came together may go to both sides (Tab then s): one at a time.
	if (isBeside(state, env.wide) && isChunk(input, key))
		return splitPresses(input).reduce((next, press) => handleKey(next, press.input, press.key, env), state);
	const beside = besideKey(state, input, key, env);
	if (typeof beside === 'object') return beside;
	if (state.picker && beside !== 'session') return pickerInput(state, input, key, env);
	// Keys typed faster than they are read, or pasted, arrive together ("jjj", "/echo 2\r",
	// three Backspaces): one at a time, in order, whatever takes them (the search prompt too).
	if (isChunk(input, key)) {
		let next = state;
		for (const press of splitPresses(input)) next = handleKey(next, press.input, press.key, env);
		return next;
	}
	if (state.search.editing) return searchKey(state, input, key, env);
	if (state.filterDraft !== undefined) return filterKey(state, input, key);
	if (state.jumpDraft !== undefined) return jumpKey(state, input, key, env);
	if (state.markKey) return markKey(state, input, key, env);
	if (state.handPrompt) return handOverKey(state, input, key);
	if (state.act?.prompt) {
		const next = actKey(state.act, input, key, sendsTask(env.view));
		return {...state, act: next.act, message: next.message};
	}
	const id = commandFor(input, key, env.replaying);
	if (state.help) return helpCommand(state, id, env);
	if (state.noticeLog) return noticeLogCommand({...state, message: undefined}, id, env.noticeRows ?? 0, env.height);
	if (state.timeline) return timelineCommand({...state, message: undefined}, id, env);
	if (state.contextView) {
		const next = contextCommand({...state, message: undefined}, id, env);
		return next === 'pass' ? runCommand({...state, contextView: undefined, message: undefined}, id!, env) : next;
	}
	if (id === undefined) return state.message ? {...state, message: undefined} : state;
	const next = runCommand({...state, message: undefined, topPending: undefined}, id, env);
	return jumpCommands.has(id) ? afterJump(state, next) : next;
}

/** --mouse: the wheel scrolls the document (or the help) a row a notch, a click puts the cursor on the row. */
function mouseEvent(state: ScreenState, mouse: MouseEvent, env: ScreenEnv): ScreenState {
	if (mouse.kind === 'other' || state.picker || state.timeline || state.contextView) return state;
	if (state.help)
		return mouse.kind === 'wheel'
			? {
					...state,
					helpTop: Math.max(
						0,
						Math.min(Math.max(0, (env.helpRows ?? 0) - env.height), (state.helpTop ?? 0) + mouse.delta),
					),
				}
			: state;
	const layout = env.layout(state.open);
	if (mouse.kind === 'wheel') return scrollView(state, layout, env.height, mouse.delta);
	// A click puts the cursor on the row clicked.
	const row = mouse.row - (env.bodyTop ?? 0);
	const top = topOf(layout, env.height, state.viewport);
	if (!top || row < 0 || row >= env.height || row >= visibleRows(layout, env.height, state.viewport).rows.length)
		return state;
	return withCursor({...state, viewport: pause(layout, env.height, state.viewport)}, layout, forward(layout, top, row));
}

/** Keys while the help is shown: they scroll it; q, Esc or ? close it (as less's help); other keys do nothing. */
function helpCommand(state: ScreenState, id: CommandId | undefined, env: ScreenEnv): ScreenState {
	// q closes, as it leaves less's help: Ctrl+C, taken before, still quits.
	if (id === 'quit' || id === 'escape' || id === 'help') return {...state, help: false, helpTop: undefined};
	const top = overlayTop(id, state.helpTop ?? 0, env.helpRows ?? 0, env.height);
	return top === undefined ? state : {...state, helpTop: top};
}

/** Keys while the picker is open: it takes them all (typing filters), but Ctrl+C. */
function pickerInput(state: ScreenState, input: string, key: KeyPress, env: ScreenEnv): ScreenState {
	const picker = state.picker!;
	// While the chosen session opens, only Esc does anything (it closes the picker).
	if (picker.chosen) return key.escape ? {...state, picker: undefined} : state;
	// Typed faster than read or pasted, keys come together ("8e7\r", three Backspaces): one at a
	// time, in order; what follows an Enter that closed the picker goes to the screen.
	if (isChunk(input, key)) {
		let next = state;
		for (const press of splitPresses(input))
			next = next.picker
				? pickerInput(next, press.input, press.key, env)
				: handleKey(next, press.input, press.key, env);
		return next;
	}
	const next = pickerKey(picker, input, key, Math.max(1, env.height - pickerChrome));
	return next ? {...state, picker: next} : {...state, picker: undefined};
}

const timelineHint = 'timeline: j/k move · Enter show it in the session · e next problem · T back';

/** A command while the timeline is shown. */
function timelineCommand(state: ScreenState, id: CommandId | undefined, env: ScreenEnv): ScreenState {
	const timeline = state.timeline!;
	const rows = env.timeline?.().rows ?? [];
	const listHeight = Math.max(1, env.height - timelineChrome(env.height));
	// While following, what is on screen is the last rows, whatever the state remembered.
	const current = timeline.follow ? rows.length - 1 : timeline.selected;
	const top = timeline.follow ? Math.max(0, rows.length - listHeight) : timeline.top;
	const select = (index: number, follow = false): ScreenState => ({
		...state,
		timeline: {...timelineWindow(rows.length, listHeight, index, top), follow},
	});
	const moved = listMotion(id, current, listHeight);
	if (moved !== undefined) return select(moved);
	switch (id) {
		case 'help':
			return {...state, help: true};
		case 'quit':
		case 'escape':
		case 'timeline':
			return {...state, timeline: undefined};
		case 'sessions':
		case 'switch':
			return runCommand({...state, timeline: undefined}, id, env);
		case 'bottom':
		case 'follow':
			return select(rows.length - 1, true);
		case 'next-problem':
		case 'prev-problem': {
			const step = id === 'next-problem' ? 1 : -1;
			for (let n = 1; n <= rows.length; n++) {
				const index = (((current + step * n) % rows.length) + rows.length) % rows.length;
				if (isProblem(rows[index]!.item)) return select(index);
			}
			return {...state, message: 'no problems'};
		}
		case 'toggle': {
			const row = rows[current];
			if (!row) return {...state, timeline: undefined};
			return focusItem({...state, timeline: undefined}, row.itemId, env);
		}
		default:
			return {...state, message: timelineHint};
	}
}

/** The timeline opened on the row of the focused item (or following the last row). */
function openTimeline(state: ScreenState, env: ScreenEnv): ScreenState {
	const rows = env.timeline?.().rows ?? [];
	const listHeight = Math.max(1, env.height - timelineChrome(env.height));
	if (state.focus === undefined || rows.length === 0) {
		return {
			...state,
			timeline: {...timelineWindow(rows.length, listHeight, rows.length - 1, rows.length), follow: true},
		};
	}
	// Items of the main session are numbered in reading order: the row at or before the focus holds it.
	let index = 0;
	for (let i = 0; i < rows.length && rows[i]!.itemId <= state.focus; i++) index = i;
	return {
		...state,
		timeline: {...timelineWindow(rows.length, listHeight, index, index - Math.floor(listHeight / 2)), follow: false},
	};
}

/** A command's effect. */
export function runCommand(state: ScreenState, id: CommandId, env: ScreenEnv): ScreenState {
	const layout = env.layout(state.open);
	const {height} = env;
	switch (id) {
		case 'quit':
			return {...state, quit: true};
		case 'suspend':
			return {...state, suspend: (state.suspend ?? 0) + 1};
		case 'help':
			return {...state, help: !state.help, helpTop: 0};
		case 'timeline':
			return openTimeline(state, env);
		case 'context':
			return openContext(state, env);
		case 'sessions':
			if (env.canPick === false) return {...state, message: 'no sessions to pick from here'};
			return {
				...state,
				picker: openPicker((state.pickerOpened ?? 0) + 1),
				pickerOpened: (state.pickerOpened ?? 0) + 1,
				...besideOpening(env),
				overviewHidden: false,
			};
		case 'list-focus':
			// Tab means something only with the sessions beside the session (beside.ts).
			return state;
		case 'switch':
			if (!env.offered) return {...state, message: 'no other session has started'};
			return {...state, switchTo: (state.switchTo ?? 0) + 1};
		case 'escape':
			// The marks go; the search stays for n and N, as in less.
			return {...state, search: {...state.search, hidden: true, position: undefined, pending: undefined}};
		case 'chop':
			return toggleChop(state, env, !state.chop);
		case 'right':
		case 'left': {
			// → chops the rows first: a row is shifted, never laid out again.
			const chopped = id === 'right' && !state.chop ? toggleChop(state, env, true) : state;
			if (!chopped.chop) return state;
			return {...chopped, shift: nextShift(chopped.shift ?? 0, env.width ?? 80, id === 'right' ? 1 : -1)};
		}
		case 'right-end': {
			if (!state.chop)
				return {...state, message: '$ shows the end of the longest row in chop mode: S (or -S) chops the rows'};
			return {...state, shift: endShift(visibleRows(layout, height, state.viewport).rows, env.width ?? 80)};
		}
		case 'left-edge':
			return {...state, shift: 0};
		case 'allow':
		case 'deny':
		case 'stop':
		case 'steer':
		case 'withdraw': {
			const acting = env.acting ?? notLive;
			// --read-only: the keys are not bound at all.
			if (acting.mode === 'off') return state;
			if (acting.mode === 'unavailable') return {...state, message: acting.why};
			const next = startAct(state.act ?? {seq: 0}, id, env.view, state.focus);
			return {...state, act: next.act, message: next.message};
		}
		case 'search':
			return {...state, search: {...state.search, editing: true, draft: ''}};
		case 'filter':
			// Empty, as less's &: typing starts a new filter; ↑ brings the current one back to edit.
			return {...state, filterDraft: ''};
		case 'replay-pause':
		case 'replay-faster':
		case 'replay-slower':
			return {
				...state,
				replayAsk: {
					seq: (state.replayAsk?.seq ?? 0) + 1,
					what: id === 'replay-pause' ? 'toggle' : id === 'replay-faster' ? 'faster' : 'slower',
				},
			};
		case 'notices':
			return {...state, noticeLog: true, noticeTop: undefined};
		case 'goto':
			return {...state, jumpDraft: ''};
		case 'mark':
		case 'go-mark':
			return startMark(state, id === 'mark' ? 'set' : 'go');
		case 'follow':
		case 'bottom':
			return {...state, viewport: resume(), focus: undefined, cursorAt: undefined};
		case 'top': {
			const top = cursorToTop(state, layout, scrollToTop(layout, height, state.viewport));
			return env.previewing ? {...top, topPending: true} : top;
		}
		case 'focus-next':
		case 'focus-prev':
			return moveCursor(state, layout, height, id === 'focus-prev' ? -1 : 1);
		case 'scroll-down':
		case 'scroll-up':
			return scrollView(state, layout, height, id === 'scroll-up' ? -1 : 1);
		case 'next-pane':
		case 'prev-pane':
			return paneHead(state, layout, height, id === 'prev-pane' ? -1 : 1);
		case 'toggle':
		case 'full': {
			const at = cursorOf(state, layout, height);
			if (!at) return state;
			const pane = layout.pane(at.index);
			if (pane.group === undefined) return withCursor(state, layout, at);
			let open = state.open;
			if (id === 'toggle') {
				open = setOpen(open, pane.itemId, pane.group, !pane.open);
				if (pane.open) open = setFull(open, pane.itemId, false);
			} else {
				open = setFull(open, pane.itemId, !open.full.has(pane.itemId));
				if (!pane.open) open = setOpen(open, pane.itemId, pane.group, true);
			}
			// The cursor's line stays where it is on the screen: what opens, opens below it.
			const lines = linesOf(env);
			return keepCursorRow(withCursor({...state, open}, layout, at), layout, env.layout(open), height, itemId =>
				paneLines(lines, itemId),
			);
		}
		case 'toggle-thinking':
		case 'toggle-outputs': {
			const open = toggleGroup(state.open, id === 'toggle-thinking' ? 'thinking' : 'outputs');
			if (state.focus === undefined) return {...state, open};
			const lines = linesOf(env);
			return keepCursorRow({...state, open}, layout, env.layout(open), height, itemId => paneLines(lines, itemId));
		}
		case 'half-down':
		case 'half-up':
		case 'page-down':
		case 'page-up': {
			const size = id.startsWith('half') ? Math.max(1, Math.floor(height / 2)) : Math.max(1, height - 1);
			return scrollView(state, layout, height, id.endsWith('up') ? -size : size);
		}
		case 'next-problem':
		case 'prev-problem':
			return jumpToProblem(state, layout, height, id === 'next-problem' ? 1 : -1);
		case 'copy':
		case 'copy-args': {
			const index = focusIndex(state, layout, height);
			if (index === -1) return {...state, message: 'nothing to copy'};
			const item = layout.item(index);
			const copy = copyOf(shown(item, env.texts), id === 'copy-args');
			if (!copy)
				return {
					...state,
					focus: item.id,
					message:
						id === 'copy-args'
							? 'Y copies the arguments of a tool call: this pane is not one'
							: 'nothing to copy in this pane',
				};
			if (Buffer.byteLength(copy.text) > copyLimit) return {...state, focus: item.id, message: copyMessage(copy)};
			// The footer's line comes once the program has copied: only then is it known what happened.
			return {
				...state,
				focus: item.id,
				clipboard: {seq: (state.clipboard?.seq ?? 0) + 1, text: copy.text, what: copy.what},
			};
		}
		case 'pipe':
		case 'write': {
			const index = focusIndex(state, layout, height);
			const item = index === -1 ? undefined : layout.item(index);
			const focused = item ? {...state, focus: item.id} : state;
			const image = id === 'write' && item ? imageToWrite(item) : undefined;
			return startHandOver(focused, id, image ?? (item && copyOf(shown(item, env.texts))));
		}
		case 'edit': {
			const index = focusIndex(state, layout, height);
			const item = index === -1 ? undefined : layout.item(index);
			const asked = item && editAsk(item, env.view.header.workspace, (state.handAsk?.seq ?? 0) + 1);
			if (!item || !asked) return {...state, message: 'O opens the file of a read_file, write_file or edit_file call'};
			return {...state, focus: item.id, handAsk: asked};
		}
		case 'pager': {
			const index = focusIndex(state, layout, height);
			const item = index === -1 ? undefined : layout.item(index);
			const text = item && pagerText(shown(item, env.texts));
			if (!item || !text) return {...state, message: 'nothing to show in the pager'};
			return {
				...state,
				focus: item.id,
				pager: {seq: (state.pager?.seq ?? 0) + 1, text: text.text, title: text.title ?? text.what},
			};
		}
		case 'next-prompt':
		case 'prev-prompt':
			return jumpToPrompt(state, layout, height, id === 'next-prompt' ? 1 : -1);
		case 'next-match':
		case 'prev-match':
			return stepMatch(state, id === 'next-match' ? 1 : -1, env);
	}
}

/**
 * Keys while the filter's prompt is open: Enter applies (nothing: all panes again), ↑ recalls the current filter, Esc
 * leaves it as it was.
 */
function filterKey(state: ScreenState, input: string, key: KeyPress): ScreenState {
	const draft = state.filterDraft ?? '';
	if (key.escape) return {...state, filterDraft: undefined};
	if (key.return) {
		const filter = draft.trim() === '' ? undefined : draft.trim();
		// The panes change: the view starts again at the bottom.
		return {
			...state,
			filter,
			filterDraft: undefined,
			focus: undefined,
			viewport: resume(),
			message: filter === undefined ? 'filter off: every pane' : undefined,
		};
	}
	if (key.backspace || key.delete) return {...state, filterDraft: [...draft].slice(0, -1).join('')};
	if (key.upArrow) return {...state, filterDraft: state.filter ?? draft};
	if (key.ctrl && input === 'u') return {...state, filterDraft: ''};
	if (key.ctrl || key.meta) return state;
	// eslint-disable-next-line no-control-regex
	const typed = input.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
	return typed === '' ? state : {...state, filterDraft: draft + typed};
}

/**
 * Chop mode on or off (S, -S, →): the cursor's line stays where it is on the screen; the rows back at their left edge.
 */
function toggleChop(state: ScreenState, env: ScreenEnv, chop: boolean): ScreenState {
	const lines = linesOf(env);
	const before = env.layout(state.open, state.chop === true);
	const next = {
		...state,
		chop,
		shift: 0,
		message: chop ? 'long rows chopped: → ← $ 0 move them sideways · S wraps them again' : 'long rows wrapped',
	};
	return state.focus === undefined
		? next
		: keepCursorRow(next, before, env.layout(state.open, chop), env.height, itemId => paneLines(lines, itemId));
}

/** The entry index of the pane the cursor is in (-1: nothing): what y, Y and v act on. */
function focusIndex(state: ScreenState, layout: Layout, height: number): number {
	return cursorPane(state, layout, height);
}
