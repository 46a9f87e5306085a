/**
 * The overview's order: sessions that need a person first, then those that failed recently,
 * then those at work, then the rest by last activity; a subagent's session right under its
 * parent, and a parent group as urgent as its most urgent member. Pure: the clock comes in.
 */

/** A session's state, in the order the overview asks for attention. */
export type OverviewState = 'waiting' | 'failed' | 'compacting' | 'retrying' | 'running' | 'idle';

/** What the order needs to know of a session. */
export type OrderItem<E> = {
	entry: E;
	id: string;
	state: OverviewState;
	/** ms since the epoch of its last activity. */
	lastAt: number;
	/** The session that started it (a subagent's parent), when known. */
	parent?: string;
};

/** A failure older than this no longer jumps the queue (ms). */
export const recentFailureMs = 30 * 60_000;

/** 0 asks first. */
export function attentionRank(state: OverviewState, lastAt: number, now: number): number {
	switch (state) {
		case 'waiting':
			return 0;
		case 'failed':
			return now - lastAt <= recentFailureMs ? 1 : 3;
		case 'compacting':
		case 'retrying':
		case 'running':
			return 2;
		case 'idle':
			return 3;
	}
}

/** The items in overview order, each with its depth under its parent (0: top level). */
export function overviewOrder<E>(
	items: readonly OrderItem<E>[],
	now: number,
): Array<{item: OrderItem<E>; depth: number}> {
	const byId = new Map(items.map(item => [item.id, item]));
	const children = new Map<string, OrderItem<E>[]>();
	const roots: OrderItem<E>[] = [];
	for (const item of items) {
		// A parent that is not listed (or a loop back to itself) leaves the item at the top level.
		if (item.parent !== undefined && item.parent !== item.id && byId.has(item.parent)) {
			const list = children.get(item.parent) ?? [];
			list.push(item);
			children.set(item.parent, list);
		} else roots.push(item);
	}
	const rankMemo = new Map<string, number>();
	const groupRank = (item: OrderItem<E>, seen: Set<string>): number => {
		const known = rankMemo.get(item.id);
		if (known !== undefined) return known;
		seen.add(item.id);
		let rank = attentionRank(item.state, item.lastAt, now);
		for (const child of children.get(item.id) ?? [])
			if (!seen.has(child.id)) rank = Math.min(rank, groupRank(child, seen));
		rankMemo.set(item.id, rank);
		return rank;
	};
	const groupLast = (item: OrderItem<E>): number =>
		Math.max(item.lastAt, ...(children.get(item.id) ?? []).map(child => child.lastAt));
	const sorted = (list: readonly OrderItem<E>[]): OrderItem<E>[] =>
		[...list].sort(
			(a, b) =>
				groupRank(a, new Set()) - groupRank(b, new Set()) ||
				groupLast(b) - groupLast(a) ||
				(a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
		);
	const out: Array<{item: OrderItem<E>; depth: number}> = [];
	const placed = new Set<string>();
	const place = (item: OrderItem<E>, depth: number): void => {
		if (placed.has(item.id)) return;
		placed.add(item.id);
		out.push({item, depth});
		for (const child of sorted(children.get(item.id) ?? [])) place(child, depth + 1);
	};
	for (const root of sorted(roots)) place(root, 0);
	// Items only reachable through a loop of parents.
	for (const item of items) place(item, 0);
	return out;
}
