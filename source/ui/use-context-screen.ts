/**
 * The context view's entries for the session shown, made again only when something the view
 * counts changed: a new item, a request's usage, an output. A change that only appended text
 * to the streaming answer (`appends` grows with `rev`) leaves it as it was, so the view costs
 * nothing while text streams. A held text's size is read back once per item and kept.
 */
import {useCallback, useMemo, useRef} from 'react';
import {contextFill, type TextSize} from '../model/context-fill.js';
import {contextLedger, type ExtraBilled} from '../model/context-ledger.js';
import type {TextReader} from '../model/held-text.js';
import type {SessionStore} from '../model/store.js';
import type {SessionView} from '../model/view-model.js';
import {contextScreenOf, type ContextScreen} from './context-entries.js';

/** A sizer that reads each held text back once (by item and revision), strings and spilled texts without reading. */
export function heldTextSizer(texts: TextReader | undefined): TextSize {
	const sizes = new Map<string, number>();
	return (item, text) => {
		if (typeof text === 'string') return text.length;
		if ('bytes' in text) return text.bytes;
		if (!texts) return 0;
		const key = `${item.id}:${item.rev}`;
		let size = sizes.get(key);
		if (size === undefined) {
			size = texts.read(text, item).length;
			sizes.set(key, size);
		}
		return size;
	};
}

/** A function giving the context view's entries now, cached per change that matters. */
export function useContextScreen(store: SessionStore, texts: TextReader | undefined, extra: readonly ExtraBilled[] = []): () => ContextScreen {
	const sizeOf = useMemo(() => heldTextSizer(texts), [texts]);
	const cache = useRef<{view: SessionView; key: number; prices: unknown; extra: readonly ExtraBilled[]; screen: ContextScreen} | undefined>(undefined);
	return useCallback((): ContextScreen => {
		const view = store.view;
		const prices = store.status.prices;
		const key = view.rev - view.appends;
		const kept = cache.current;
		if (kept && kept.view === view && kept.key === key && kept.prices === prices && kept.extra === extra) return kept.screen;
		const screen = contextScreenOf(contextLedger(view, prices, extra), contextFill(view, sizeOf));
		cache.current = {view, key, prices, extra, screen};
		return screen;
	}, [store, sizeOf, extra]);
}
