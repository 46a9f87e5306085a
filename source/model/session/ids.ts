/**
 * Item ids that survive a new model of the same session. The screen keys focus, open panes,
 * the scrolled place and the count of new items by id; when a model built from the whole
 * trace replaces the preview of its end, or a resync rebuilds the view, each item takes the
 * id of the item that stands for the same thing in the model it replaces.
 */
import type {Item, SessionView} from '../view-model.js';
import {setId, type Shared} from './core.js';

/** What renumbering needs of a model. */
export type IdsOf = {readonly view: SessionView; readonly shared: Shared};

/**
 * The preview of a trace's end gives its ids to the items of `model` made from the same lines (SessionModel.adoptIds).
 */
export function adoptPreviewIds(model: IdsOf, preview: IdsOf): void {
	const theirs = new Map<string, number>();
	for (const [item, key] of preview.shared.positions ?? []) theirs.set(key, item.id);
	const mine = model.shared.positions;
	model.shared.positions = undefined;
	model.shared.track = undefined;
	if (!mine || theirs.size === 0) return;
	let last = 0;
	const walk = (view: SessionView): void => {
		for (const item of view.items) {
			const key = mine.get(item);
			const id = key === undefined ? undefined : theirs.get(key);
			setId(item, id !== undefined && id > last ? id : last + 1);
			last = item.id;
			if (item.kind === 'subagent' && item.child) walk(item.child);
		}
	};
	walk(model.view);
	model.shared.nextId = last + 1;
	model.shared.idStep = 1;
}

/**
 * After a rebuild (an SSE resync): each item takes the id of the item of `old` that stands
 * for the same thing (see identityKeys), so that focus, open panes and the scrolled place,
 * all kept by id, survive the new store. Ids stay unique and increasing in each session's
 * reading order (layout finds items by binary search): an item that `old` did not have
 * gets an id between its neighbours', or above every id `old` gave.
 */
export function adoptIdsFrom(model: IdsOf, old: IdsOf): void {
	const theirs = new Map<string, number>();
	identityKeys(old.view, (item, key) => theirs.set(key, item.id));
	let fresh = Math.max(old.shared.nextId, model.shared.nextId);
	if (theirs.size === 0) {
		// Nothing to keep: numbered above the old ids all the same, so none is taken for another item.
		identityKeys(model.view, item => {
			setId(item, fresh);
			fresh += 1;
		});
		model.shared.nextId = fresh;
		return;
	}
	const sessions = new Map<SessionView, {list: Array<{item: Item; id?: number}>; last: number}>();
	const used = new Set<number>();
	identityKeys(model.view, (item, key, session) => {
		let entry = sessions.get(session);
		if (!entry) sessions.set(session, (entry = {list: [], last: 0}));
		const id = theirs.get(key);
		// An old id is kept only where it keeps the session's ids increasing.
		if (id !== undefined && id > entry.last) {
			entry.list.push({item, id});
			entry.last = id;
			used.add(id);
			fresh = Math.max(fresh, Math.floor(id) + 1);
		} else entry.list.push({item});
	});
	for (const {list} of sessions.values()) {
		for (let i = 0; i < list.length; ) {
			if (list[i]!.id !== undefined) {
				i++;
				continue;
			}
			let end = i;
			while (end < list.length && list[end]!.id === undefined) end++;
			const before = i === 0 ? 0 : list[i - 1]!.id!;
			const after = end < list.length ? list[end]!.id! : undefined;
			let previous = before;
			for (let j = i; j < end; j++) {
				let id: number | undefined;
				if (after !== undefined) {
					// Between the last id and the next kept one, an equal share of the way for
					// each still to place; moved on while another item (of another session) has it.
					id = previous + (after - previous) / (end - j + 1);
					while (used.has(id) && id < after) id = (id + after) / 2;
					if (id >= after || id <= previous) id = undefined;
				}
				// No room left between them (never in practice): unique, if out of order.
				previous = id ?? fresh++;
				list[j]!.id = previous;
				used.add(previous);
			}
			i = end;
		}
		for (const {item, id} of list) setId(item, id!);
	}
	model.shared.nextId = fresh;
}

/**
 * Walks a session and its children in reading order with what each item stands for, from
 * its message rather than from when it was made: a tool call by its call id, a subagent by
 * its session id, a request or a shard by its number, a malformed line by where it is, a
 * notice by its text, anything else by its kind (a user text by who or what wrote it) and how
 * many of those came before it in its session. Prefixed with the path of subagent session ids down to the item.
 */
function identityKeys(root: SessionView, visit: (item: Item, key: string, session: SessionView) => void): void {
	const walk = (view: SessionView, path: string): void => {
		const seen = new Map<string, number>();
		const nth = (what: string): string => {
			const n = seen.get(what) ?? 0;
			seen.set(what, n + 1);
			return `${what}#${n}`;
		};
		for (const item of view.items) {
			const identity = identityOf(item);
			const key = identity.counted ? nth(identity.key) : identity.key;
			visit(item, `${path}|${key}`, view);
			if (item.kind === 'subagent' && item.child) walk(item.child, `${path}/${item.sessionId}`);
		}
	};
	walk(root, '');
}

/**
 * What an item stands for within its session: a key of its own (a tool call by its call id, a
 * subagent by its session id, a request or a shard by its number, a malformed line by where
 * it is), or, `counted`, a key that the n-th item of the same key in the session makes unique.
 */
export function identityOf(item: Item): {key: string; counted: boolean} {
	switch (item.kind) {
		case 'tool_call':
			return {key: `call:${item.callId}`, counted: false};
		case 'subagent':
			return {key: `subagent:${item.sessionId}`, counted: false};
		case 'request':
			return {key: `request:${item.index}`, counted: false};
		case 'shard':
			return {key: `shard:${item.index}`, counted: false};
		case 'malformed':
			return {key: `malformed:${item.shard ?? 1}:${item.line}`, counted: false};
		case 'notice':
			return {key: `notice:${item.level}:${item.text}`, counted: true};
		case 'user_text':
			// A harness block (the context summary after a compaction, which a live stream
			// never carries) is counted apart from what people sent.
			return {key: `user_text:${item.marker ?? item.sender ?? 'user'}`, counted: true};
		default:
			return {key: item.kind, counted: true};
	}
}
