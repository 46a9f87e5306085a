/**
 * The matches of the search, kept counted as the session grows: the footer's `match i of N`
 * follows what arrives without a key, and n/N and Enter take the list from here. Each item's
 * verdict is kept with the item's revision and tested again only when the item changed, so a
 * frame reads the text of what changed (a long output may be read back from disk, when the
 * byte search finds the query may be in it), never every held text again. A session whose revision did not move is not walked.
 */
import type {Item, SessionView} from '../model/view-model.js';
import type {ScreenEnv, ScreenState} from './screen-types.js';
import type {TextReader} from '../model/held-text.js';
import {findMatches, itemMatcher, type Match} from './search.js';

/** One session's verdicts, by the item's place in its (append-only) list. */
type SessionHits = {
	/** The session's revision when its matches below were made. */
	rev: number;
	/** Each item's revision when tested. */
	revs: number[];
	hits: boolean[];
	/** Where its subagent items are, found by looking only at items added since. */
	subagents: number[];
	scanned: number;
	/** The matches in the session and its subagents, in reading order. */
	matches: Match[];
};

export class LiveMatches {
	/** `texts` reads back the long texts held on disk (io/held-texts.ts). */
	constructor(private readonly texts?: TextReader) {}

	private query?: string;
	private root?: SessionView;
	private test: (item: Item) => boolean = () => false;
	private sessions = new WeakMap<SessionView, SessionHits>();

	/** Every item of `view` holding `query`, in reading order (as findMatches gives them). */
	matches(view: SessionView, query: string): readonly Match[] {
		if (query !== this.query || view !== this.root) {
			// Another query, or a model built afresh (its items numbered anew): nothing known holds.
			this.query = query;
			this.root = view;
			this.test = itemMatcher(query, this.texts);
			this.sessions = new WeakMap();
		}
		return this.walk(view, []);
	}

	private walk(session: SessionView, ancestors: number[]): Match[] {
		let known = this.sessions.get(session);
		if (known && known.rev === session.rev) return known.matches;
		known ??= {rev: -1, revs: [], hits: [], subagents: [], scanned: 0, matches: []};
		this.sessions.set(session, known);
		const {revs, hits, subagents} = known;
		const items: readonly Item[] = session.items;
		const scanned = known.scanned;
		for (let i = scanned; i < items.length; i++) if (items[i]!.kind === 'subagent') subagents.push(i);
		known.scanned = items.length;
		// First the verdicts, tested again where the item changed: a text that grew without a
		// match changes nothing (the same list is given again).
		let firstChanged = Number.POSITIVE_INFINITY;
		for (let i = 0; i < items.length; i++) {
			const item = items[i]!;
			if (revs[i] === item.rev) continue;
			revs[i] = item.rev;
			const hit = this.test(item);
			if (hit !== (hits[i] ?? false) && i < firstChanged) firstChanged = i;
			hits[i] = hit;
		}
		for (const index of subagents) {
			const item = items[index]!;
			const child = item.kind === 'subagent' ? item.child : undefined;
			if (!child) continue;
			const before = this.sessions.get(child)?.matches;
			if (this.walk(child, [...ancestors, item.id]) !== before && index < firstChanged) firstChanged = index;
		}
		known.rev = session.rev;
		if (firstChanged === Number.POSITIVE_INFINITY) return known.matches;
		// Matches only among the items added since (the usual way a session grows): appended.
		const appended = firstChanged >= scanned;
		const matches: Match[] = appended ? known.matches.slice() : [];
		for (let i = appended ? scanned : 0; i < items.length; i++) {
			const item = items[i]!;
			if (hits[i]) matches.push({itemId: item.id, ancestors});
			if (item.kind === 'subagent' && item.child) for (const match of this.sessions.get(item.child)!.matches) matches.push(match);
		}
		known.matches = matches;
		return matches;
	}
}

/** The matches of `query` in the session now: the screen's kept count, else searched afresh. */
export function currentMatches(env: ScreenEnv, query: string): readonly Match[] {
	return env.matches?.(query) ?? findMatches(env.view, query, env.texts);
}

/** What the footer says of the match shown: `match 3 of 12`, with a note (`search wrapped`). */
export function matchPosition(index: number, count: number, note?: string): string {
	const position = `match ${index + 1} of ${count}`;
	return note ? `${position} · ${note}` : position;
}

/**
 * The footer's message: while it is the position of the match shown (until the next key),
 * counted again from `live` (the session may have grown since), the match it names kept.
 */
export function footerMessage(state: ScreenState, live: (query: string) => readonly Match[]): string | undefined {
	const {message, search} = state;
	const shown = search.matches[search.index];
	if (message === undefined || search.query === undefined || !shown || search.position?.message !== message) return message;
	const matches = live(search.query);
	const index = matches.findIndex(match => match.itemId === shown.itemId);
	return index === -1 ? message : matchPosition(index, matches.length, search.position.note);
}
