/** The context view (C) in place of the body: each request against the window, its cost, what fills the context. */
import {Body} from './Body.js';
import type {ContextScreen} from '../views/context-entries.js';
import {followTop} from '../views/context-keys.js';
import {contextChrome, contextRows, contextWindow} from '../views/context-rows.js';
import type {TimelineState} from '../screen/screen-types.js';

export type ContextViewProps = {screen: ContextScreen; state: TimelineState; width: number; height: number};

/** Exactly `height` rows; the selected row has the focus mark. */
export function ContextView({screen, state, width, height}: ContextViewProps) {
	const count = screen.entries.length;
	const listHeight = Math.max(1, height - contextChrome(height));
	const newest = screen.newest >= 0 ? screen.newest : count - 1;
	// Following: the newest request selected and in view, however many ended since the last key.
	const window = state.follow
		? contextWindow(count, listHeight, newest, followTop(newest, count, listHeight))
		: contextWindow(count, listHeight, state.selected, state.top);
	const rows = contextRows(screen, width - 1, height, window);
	const focusRow = window.selected < 0 ? -1 : contextChrome(height) + window.selected - window.top;
	return <Body rows={rows} height={height} focusRow={focusRow} />;
}
