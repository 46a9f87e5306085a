/**
 * The notice log (M): every notice the footer shows (the source's trouble, refusals, notes), the reason a cost is
 * unknown and the picker's notices, each kept once with its time (notice-log.ts). Returns the log's rows while it is
 * open.
 */
import {useEffect, useMemo, useRef} from 'react';
import type {SessionStore} from '../../model/session-store.js';
import type {SessionSwitcher} from '../../server/session-switcher.js';
import {allNotices, NoticeLog, noticeRows} from '../screen/notice-log.js';
import type {ScreenState} from '../screen/screen-types.js';
import type {Segment} from '../panes/segments.js';

/** Keeps the notices of this frame in the log; its rows when it is shown. */
export function useNoticeLog(options: {
	store: SessionStore;
	state: ScreenState;
	sessions: SessionSwitcher | undefined;
	clock: () => number;
	width: number;
}): Segment[][] | undefined {
	const {store, state, sessions, clock, width} = options;
	const view = store.view;
	// Every notice the footer shows (the source's trouble, refusals, notes) is kept for M (notice-log.ts).
	const noticeLog = useMemo(() => new NoticeLog(), []);
	const sourceMessage = store.status.message;
	const sourceState = store.status.state;
	useEffect(() => {
		if (sourceMessage)
			noticeLog.add({
				at: clock(),
				level: sourceState === 'failed' ? 'error' : 'warn',
				text: `${sourceState}: ${sourceMessage}`,
			});
	}, [noticeLog, sourceMessage, sourceState, clock]);
	// Why the cost is unknown (a project with no config): no warning in the footer, but kept here.
	const pricesNote = store.status.pricesNote;
	useEffect(() => {
		if (pricesNote) noticeLog.add({at: clock(), level: 'info', text: pricesNote});
	}, [noticeLog, pricesNote, clock]);
	const footerNote =
		state.message !== undefined && state.message !== state.search.position?.message ? state.message : undefined;
	useEffect(() => {
		if (footerNote)
			noticeLog.add({
				at: clock(),
				level: /^could not|^no |failed|refused/i.test(footerNote) ? 'warn' : 'info',
				text: footerNote,
			});
	}, [noticeLog, footerNote, clock]);
	// The picker's notices (a server's trouble listing sessions): each new one once.
	const pickerNotices = (sessions?.notices?.() ?? []).join('\n');
	const pickerNoticesSeen = useRef(new Set<string>());
	useEffect(() => {
		for (const text of pickerNotices === '' ? [] : pickerNotices.split('\n')) {
			if (pickerNoticesSeen.current.has(text)) continue;
			pickerNoticesSeen.current.add(text);
			noticeLog.add({at: clock(), level: 'warn', text});
		}
	}, [noticeLog, pickerNotices, clock]);
	return state.noticeLog ? noticeRows(allNotices(view, noticeLog.entries()), width) : undefined;
}
