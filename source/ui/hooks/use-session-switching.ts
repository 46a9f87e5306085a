/**
 * The session picker's part of the program: the sessions listed each time it opens (and again when the program says
 * the list changed, the selection staying on its session; a listing for an earlier opening dropped), and the chosen
 * or offered session opened in the same store, the screen starting afresh on it.
 */
import {useCallback, useEffect, type Dispatch, type SetStateAction} from 'react';
import type {PickerEntry, SessionSwitcher} from '../../server/session-switcher.js';
import {initialScreen} from '../screen/screen-state.js';
import type {ScreenState} from '../screen/screen-types.js';
import {overviewEntries} from '../views/overview-columns.js';
import {contentHit, filterEntries, type PickerState} from '../views/picker.js';
import {rolledUp} from '../views/overview-rollup.js';
import {besideAfterListing} from '../views/beside.js';
import {useOverviewBeside} from './use-overview-beside.js';
import {useContentFilter} from './use-content-filter.js';

/** Lists and opens sessions for the picker and the footer's offer (L). */
export function useSessionSwitching(options: {
	state: ScreenState;
	setState: Dispatch<SetStateAction<ScreenState>>;
	sessions: SessionSwitcher | undefined;
	clock: () => number;
	listRev: number;
	expand: Parameters<typeof initialScreen>[0];
	/** At 140 columns or more: the list is beside the session from the start (use-overview-beside.ts). */
	wide?: boolean;
}): void {
	const {state, setState, sessions, clock, listRev, expand} = options;
	useOverviewBeside({state, setState, wide: options.wide === true, canPick: sessions !== undefined});
	useContentFilter({state, setState, sessions});
	// The picker lists the sessions each time it opens, and again when the program says the list
	// changed (the selection stays on its session); a listing for an earlier opening is dropped.
	const loadId = state.picker?.loadId;
	useEffect(() => {
		if (loadId === undefined || !sessions) return undefined;
		let cancelled = false;
		const settle = (change: Pick<PickerState, 'entries' | 'error'>): void => {
			if (cancelled) return;
			setState(previous => {
				const picker = previous.picker;
				if (picker?.loadId !== loadId) return previous;
				const selectedId = picker.entries
					? filterEntries(picker.entries, picker.query, picker.found)[picker.selected]?.sessionId
					: undefined;
				const next = {...picker, error: undefined, ...change};
				const index =
					selectedId === undefined || !next.entries
						? -1
						: filterEntries(next.entries, next.query, next.found).findIndex(entry => entry.sessionId === selectedId);
				const settled = {...previous, picker: index === -1 ? next : {...next, selected: index}};
				return besideAfterListing(settled, change) ?? settled;
			});
		};
		sessions.list().then(
			// In the overview's order (attention first, a subagent under its parent; a parent with its subagents' cost and
			// wait): the picker keeps it as it filters.
			entries => settle({entries: overviewEntries(rolledUp(entries), clock()).map(row => row.entry)}),
			(error: unknown) =>
				settle({
					entries: [],
					error: `could not list the sessions: ${error instanceof Error ? error.message : String(error)}`,
				}),
		);
		return () => {
			cancelled = true;
		};
	}, [loadId, sessions, listRev]);

	// Enter in the picker, or L on an offered session: the program switches the store to that
	// session; the screen starts afresh on it.
	const openEntry = useCallback(
		(chosen: PickerEntry): void => {
			if (!sessions) return;
			sessions.open(chosen).then(
				() =>
					setState(previous => ({
						// Chosen for its contents: opened searching the filter, on the first match (n the next).
						...initialScreen(
							expand,
							previous.chop,
							previous.picker && contentHit(previous.picker, chosen) ? previous.picker.query : undefined,
						),
						pickerOpened: previous.pickerOpened,
						overviewHidden: previous.overviewHidden,
						message: `opened ${chosen.sessionId}`,
						// Beside the session the list stays, its choice kept, for the next one.
						...(previous.beside && previous.picker
							? {picker: {...previous.picker, chosen: undefined}, beside: true, listFocus: previous.listFocus}
							: {}),
					})),
				(error: unknown) =>
					setState(previous =>
						previous.picker
							? {
									...previous,
									picker: {
										...previous.picker,
										chosen: undefined,
										error: `could not open ${chosen.sessionId}: ${error instanceof Error ? error.message : String(error)}`,
									},
								}
							: {
									...previous,
									message: `could not open ${chosen.sessionId}: ${error instanceof Error ? error.message : String(error)}`,
								},
					),
			);
		},
		[sessions, expand],
	);
	const chosen = state.picker?.chosen;
	useEffect(() => {
		if (chosen) openEntry(chosen);
	}, [chosen, openEntry]);
	const switchTo = state.switchTo;
	useEffect(() => {
		const entry = switchTo === undefined ? undefined : sessions?.offered?.();
		if (entry) openEntry(entry);
	}, [switchTo, sessions, openEntry]);
}
