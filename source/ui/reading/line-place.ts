/**
 * Between document lines (document-index.ts) and rows on the screen: the line the cursor is
 * on (the footer's, a mark's), and going to a line (`:`, a mark, a match), which opens what
 * folds it: the subagent panes around it, its own pane, the whole output when the line is in
 * the hidden middle of one.
 */
import type {SessionView} from '../../model/view-model.js';
import {cursorOf, withCursor} from './cursor.js';
import {entryLines, placeOfLine} from './document-index.js';
import {rowLine, rowOfLine, type Layout} from '../panes/layout.js';
import {LineNumbering} from './line-numbering.js';
import {setFull, setOpen} from '../panes/open-state.js';
import type {DocumentLines, ScreenEnv, ScreenState} from '../screen/screen-types.js';
import {backward, pause, scrollTo, type Position, type ViewportState} from './viewport.js';

/** The document lines of `view`, numbered afresh (the screen keeps one numbering between frames instead). */
export function documentLines(view: SessionView, numbering = new LineNumbering()): DocumentLines {
	return {
		entries: () => numbering.entries(view),
		indexOf: itemId => numbering.indexOf(view, itemId),
		ancestorsOf: itemId => numbering.ancestorsOf(view, itemId),
	};
}

/** The document's lines for a key: the screen's numbering, else one made for it. */
export function linesOf(env: ScreenEnv): DocumentLines {
	return env.lines ?? documentLines(env.view);
}

/** How many lines item `itemId`'s pane holds itself (1 for one the numbering does not know). */
export function paneLines(lines: DocumentLines, itemId: number): number {
	const index = lines.indexOf(itemId);
	return index === -1 ? 1 : Math.max(1, entryLines(lines.entries(), index));
}

/** The document line (0-based) of row `at`; undefined for an item the numbering does not know. */
export function lineAt(layout: Layout, at: Position, lines: DocumentLines): number | undefined {
	const pane = layout.pane(at.index);
	const index = lines.indexOf(pane.itemId);
	if (index === -1) return undefined;
	const entries = lines.entries();
	return entries.starts[index]! + rowLine(pane, at.offset, Math.max(1, entryLines(entries, index)));
}

/** The document line the cursor is on (0-based). */
export function cursorLine(
	state: ScreenState,
	layout: Layout,
	height: number,
	lines: DocumentLines,
): number | undefined {
	const at = cursorOf(state, layout, height);
	return at && lineAt(layout, at, lines);
}

/**
 * The cursor on document line `line` (0-based), opened as needed; the view stops following and
 * shows it `above` rows below the top (fewer when the document starts closer). A message when
 * the filter hides the pane that holds it.
 */
export function goToLine(state: ScreenState, env: ScreenEnv, line: number, above: number): ScreenState {
	const lines = linesOf(env);
	const place = placeOfLine(lines.entries(), line);
	if (!place) return {...state, message: 'nothing to go to yet'};
	let open = state.open;
	for (const ancestor of lines.ancestorsOf(place.itemId)) open = setOpen(open, ancestor, 'details', true);
	let layout = env.layout(open);
	let index = layout.indexOf(place.itemId);
	if (index === -1)
		return {...state, message: `line ${line + 1} is in a pane the filter hides (& then Enter shows every pane)`};
	const count = paneLines(lines, place.itemId);
	let pane = layout.pane(index);
	if (place.line > 0 && !pane.open && pane.group !== undefined) {
		open = setOpen(open, pane.itemId, pane.group, true);
		layout = env.layout(open);
		index = layout.indexOf(place.itemId, index);
		pane = layout.pane(index);
	}
	if (
		rowLine(pane, rowOfLine(pane, place.line, count), count) !== place.line &&
		!open.full.has(pane.itemId) &&
		pane.kind === 'tool_call'
	) {
		// In the hidden middle of a long output: all of it.
		open = setFull(open, pane.itemId, true);
		layout = env.layout(open);
		index = layout.indexOf(place.itemId, index);
		pane = layout.pane(index);
	}
	if (pane.rows.length === 0) return {...state, open};
	const at = {index, offset: rowOfLine(pane, place.line, count)};
	const viewport = showAt(layout, env.height, pause(layout, env.height, state.viewport), at, above);
	return withCursor({...state, open, viewport}, layout, at);
}

/** The view with row `at` on screen, `above` rows below the top (fewer at the document's start). */
export function showAt(
	layout: Layout,
	height: number,
	viewport: ViewportState,
	at: Position,
	above: number,
): ViewportState {
	return scrollTo(layout, height, viewport, backward(layout, at, Math.max(0, Math.min(above, height - 1))));
}
