/**
 * The context view's entries for the session shown, made again only when something the view
 * counts changed (ContextTrail.changeKey: a request begun, ended or given its usage, spending,
 * a compaction), so that it costs nothing while text streams or outputs arrive. No held text
 * is read: each is sized by the length it was held with.
 */
import {useCallback, useEffect, useRef} from 'react';
import {contextFill} from '../../model/context-fill.js';
import {contextLedger} from '../../model/context-ledger.js';
import {billedOutsideText, billedOutsideTrace} from '../../model/server-billed.js';
import type {SessionStore} from '../../model/session-store.js';
import type {SessionView} from '../../model/view-model.js';
import {contextScreenOf, type ContextScreen} from '../views/context-entries.js';
import type {ContextTrail} from '../screen/context-trail.js';

/** A function giving the context view's entries now, cached per change that matters (the trail says which). */
export function useContextScreen(store: SessionStore, trail: ContextTrail): () => ContextScreen {
	const cache = useRef<Made | undefined>(undefined);
	const now = useCallback((): ContextScreen => {
		const view = store.view;
		const {prices, serverCost: server} = store.status;
		const key = trail.changeKey(view);
		const kept = cache.current;
		const same = kept && kept.view === view && kept.key === key && kept.prices === prices && kept.server === server;
		if (same) return kept.screen;
		// A server's session: what the server billed beyond the trace (its title request) is a row of its own.
		const extra = billedOutsideTrace(view, server);
		const outside = billedOutsideText(extra);
		const made = contextScreenOf(contextLedger(view, prices, extra), contextFill(view));
		const screen = outside === undefined ? made : {...made, outside};
		cache.current = {view, key, prices, server, screen};
		return screen;
	}, [store, trail]);
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
type Made = {view: SessionView; key: string; prices: unknown; server: unknown; screen: ContextScreen};

/** How long the screen must have drawn nothing before the view is made ahead. */
const idleMs = 400;
