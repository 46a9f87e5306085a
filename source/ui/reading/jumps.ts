/**
 * The jumps: to the next or previous message of the user, or problem. Every jump stops
 * following, so that what it went to stays on screen as the session grows.
 */
import type {Layout} from '../panes/layout.js';
import {isProblem} from '../panes/pane-kinds.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';
import {nonEmpty, pause, reveal, visibleRows} from './viewport.js';

/** The next or previous message of the user (the session's own, not a subagent's): the turns of the session. */
export function jumpToPrompt(state: ScreenState, layout: Layout, height: number, step: 1 | -1): ScreenState {
	const known = state.focus === undefined ? -1 : layout.indexOf(state.focus);
	const {first, last} = visibleRows(layout, height, state.viewport);
	const start = known !== -1 ? known : step > 0 ? first - 1 : last + 1;
	for (let index = start + step; index >= 0 && index < layout.count; index += step) {
		if (layout.item(index).kind === 'user_text' && layout.depth(index) === 0 && layout.pane(index).rows.length > 0) {
			const viewport = reveal(layout, height, pause(layout, height, state.viewport), index);
			return {...state, focus: layout.item(index).id, viewport};
		}
	}
	return {...state, message: step > 0 ? 'no later message of yours' : 'no earlier message of yours'};
}

export function jumpToProblem(state: ScreenState, layout: Layout, height: number, step: 1 | -1): ScreenState {
	const known = state.focus === undefined ? -1 : layout.indexOf(state.focus);
	const {first, last} = visibleRows(layout, height, state.viewport);
	const start = known !== -1 ? known : step > 0 ? first - 1 : last + 1;
	const count = layout.count;
	let message: string | undefined;
	// Problem items are cheap to recognise without laying them out; wrap around once.
	for (let n = 1; n <= count; n++) {
		let index = start + step * n;
		if (index >= count || index < 0) {
			index = ((index % count) + count) % count;
			message = step > 0 ? 'from the top' : 'from the bottom';
		}
		if (isProblem(layout.item(index)) && layout.pane(index).rows.length > 0) {
			// Following stops: a problem near the bottom must not scroll away as the session grows.
			const viewport = reveal(layout, height, pause(layout, height, state.viewport), index);
			return {...state, focus: layout.item(index).id, viewport, message: problemPosition(layout, index, message)};
		}
	}
	return {...state, message: 'no problems'};
}

/** `problem 2 of 5`, and the note (`from the top`) when the jump wrapped around. */
function problemPosition(layout: Layout, index: number, note: string | undefined): string {
	let count = 0;
	let rank = 0;
	for (let i = 0; i < layout.count; i++) {
		if (!isProblem(layout.item(i)) || layout.pane(i).rows.length === 0) continue;
		count++;
		if (i === index) rank = count;
	}
	const position = `problem ${rank} of ${count}`;
	return note ? `${position} · ${note}` : position;
}

/** The main view with `itemId` focused and on screen (a request that draws nothing: what came after it). */
export function focusItem(state: ScreenState, itemId: number, env: ScreenEnv): ScreenState {
	const layout = env.layout(state.open);
	let index = layout.indexOf(itemId);
	if (index === -1) return {...state, message: 'that item is not in the session any more'};
	if (layout.pane(index).rows.length === 0) {
		const after = nonEmpty(layout, index, 1);
		index = after !== -1 ? after : nonEmpty(layout, index, -1);
		if (index === -1) return state;
	}
	// Following stops: the item shown must not scroll away as the session grows.
	return {
		...state,
		focus: layout.item(index).id,
		viewport: reveal(layout, env.height, pause(layout, env.height, state.viewport), index),
	};
}
