/**
 * The picker's filter looks in the sessions' contents too: a moment after the reader stops typing (a filter of three
 * characters or more), every listed session is searched for it as the screen's search reads it, and the list narrows
 * to the sessions whose titles or contents hold it, each hit shown as it is found; typing more starts again.
 */
import {useEffect, type Dispatch, type SetStateAction} from 'react';
import type {SessionSwitcher} from '../../server/session-switcher.js';
import type {ScreenState} from '../screen/screen-types.js';
import {contentQueryLength, type ContentHit} from '../views/picker.js';

/** How long after the last key the contents are searched (ms): a word typed fast is searched once. */
const typingPauseMs = 150;

/** Searches the listed sessions' contents for the picker's filter. */
export function useContentFilter(options: {
	state: ScreenState;
	setState: Dispatch<SetStateAction<ScreenState>>;
	sessions: SessionSwitcher | undefined;
}): void {
	const {state, setState, sessions} = options;
	const query = state.picker?.query ?? '';
	const entries = state.picker?.entries;
	useEffect(() => {
		if (!sessions?.searchContents || !entries || query.trim().length < contentQueryLength) return undefined;
		let cancelled = false;
		const hits = new Map<string, ContentHit>();
		const publish = (done: boolean): void =>
			setState(previous =>
				previous.picker?.query === query
					? {...previous, picker: {...previous.picker, found: {query, hits: new Map(hits), done}}}
					: previous,
			);
		const timer = setTimeout(() => {
			publish(false);
			void sessions.searchContents!(
				entries,
				query,
				(sessionId, hit) => {
					hits.set(sessionId, hit);
					publish(false);
				},
				() => cancelled,
			).then(
				() => !cancelled && publish(true),
				() => !cancelled && publish(true),
			);
		}, typingPauseMs);
		return () => {
			cancelled = true;
			clearTimeout(timer);
		};
	}, [sessions, entries, query]);
}
