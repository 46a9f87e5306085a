/** The timeline (T), in place of the body: requests and tool calls as bars on one time axis. */
import type {TokenCounts} from '../../protocol/types.js';
import type {Timeline} from '../../model/timeline.js';
import {Body} from './Body.js';
import {timelineChrome, timelineScreen, timelineWindow} from '../views/timeline-rows.js';
import type {TimelineState} from '../screen/screen-state.js';

export type TimelineViewProps = {
	timeline: Timeline;
	state: TimelineState;
	width: number;
	height: number;
	now: number;
	/** What a request's tokens cost; undefined without a price. */
	costOf?: (usage: TokenCounts) => string | undefined;
	/** `+1 request not in the trace: title`, for a server's session that has one. */
	outside?: string;
};

/** Exactly `height` rows; the selected row has the focus mark. */
export function TimelineView({timeline, state, width, height, now, costOf, outside}: TimelineViewProps) {
	const count = timeline.rows.length;
	const listHeight = Math.max(1, height - timelineChrome(height));
	// Following: the last row selected and in view, however many arrived since the last key.
	const window = state.follow
		? timelineWindow(count, listHeight, count - 1, count)
		: timelineWindow(count, listHeight, state.selected, state.top);
	const rows = timelineScreen(timeline, {width: width - 1, height, window, now, costOf, outside});
	const selectedId = window.selected === -1 ? undefined : timeline.rows[window.selected]?.itemId;
	const focusRow = selectedId === undefined ? -1 : rows.findIndex(row => row.itemId === selectedId);
	return <Body rows={rows} height={height} focusRow={focusRow} />;
}
