/**
 * The context view's entries for the session shown, made again only when something the view
 * counts changed (ContextTrail.changeKey: a request begun, ended or given its usage, spending,
 * a compaction), so that it costs nothing while text streams or outputs arrive. No held text
 * is read: each is sized by the length it was held with.
 */
import {useCallback, useEffect, useRef} from 'react';
import {contextFill} from '../../model/context-fill.js';
import {contextLedger, type ExtraBilled} from '../../model/context-ledger.js';
import type {SessionStore} from '../../model/session-store.js';
import type {SessionView} from '../../model/view-model.js';
import {contextScreenOf, type ContextScreen} from '../views/context-entries.js';
import type {ContextTrail} from '../screen/context-trail.js';

/** A function giving the context view's entries now, cached per change that matters (the trail says which). */
export function useContextScreen(
	store: SessionStore,
	trail: ContextTrail,
	extra: readonly ExtraBilled[] = [],
): () => ContextScreen {
	const cache = useRef<Made | undefined>(undefined);
	const now = useCallback((): ContextScreen => {
		const view = store.view;
		const prices = store.status.prices;
		const key = trail.changeKey(view);
		const kept = cache.current;
		const same = kept && kept.view === view && kept.key === key && kept.prices === prices && kept.extra === extra;
		if (same) return kept.screen;
		const screen = contextScreenOf(contextLedger(view, prices, extra), contextFill(view));
		cache.current = {view, key, prices, extra, screen};
		return screen;
	}, [store, trail, extra]);
	// Made ahead once the whole history is in and the screen has drawn nothing for a moment (a
	// session read to its end, a run gone quiet), so that C then opens at once however long the
	// session: the walk over its items is done while nobody waits. Any frame puts it off.
	useEffect(() => {
		if (store.previewing || cache.current?.view === store.view) return undefined;
		const timer = setTimeout(() => {
			if (!store.previewing) now();
		}, idleMs);
		return () => clearTimeout(timer);
	});
	return now;
}

/** The view as made last, and what it was made of. */
type Made = {view: SessionView; key: string; prices: unknown; extra: readonly ExtraBilled[]; screen: ContextScreen};

/** How long the screen must have drawn nothing before the view is made ahead. */
const idleMs = 400;
