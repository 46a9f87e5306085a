/**
 * The matches of the search, kept counted as the session grows: the footer's `match i of N`
 * follows what arrives without a key, and n/N and Enter take the list from here. Each item's
 * verdict is kept with the item's revision and tested again only when the item changed, so a
 * frame reads the text of what changed (a long output may be read back from disk, when the
 * byte search finds the query may be in it), never every held text again. A session whose revision did not move is not
 * walked.
 */
import type {Item, SessionView} from '../../model/view-model.js';
import type {ScreenEnv, ScreenState} from '../screen/screen-types.js';
import type {TextReader} from '../../model/held-text.js';
import {comparePlaces, placeOf} from './reading-place.js';
import {findMatches, type Budget, type Counted, type Match, type Stepped} from './search.js';
import {matchCounter} from './search-match.js';

/** One session's verdicts, by the item's place in its (append-only) list. */
type SessionHits = {
	/** The session's revision when its matches below were made whole (-1: not yet, or counting). */
	rev: number;
	/** Each item's revision when tested. */
	revs: number[];
	hits: boolean[];
	/** How many items (from the first) the matches below cover. */
	covered: number;
	/**
	 * The session's revision when a count stopped short (a slice ran out): the next goes on from `resume` if it did not
	 * move.
	 */
	stoppedAt?: number;
	/** Where a count that stopped short goes on (the items before it are tested; the matches may cover fewer). */
	resume: number;
	/** The first item whose verdict changed since the matches were last made (+∞: none). */
	dirty: number;
	/** The matches in the session and its subagents among the covered items, in reading order. */
	matches: Match[];
};

export type {Budget, Counted, Stepped} from './search.js';

const unbounded: Budget = {more: () => true};

export class LiveMatches {
	/** `texts` reads back the long texts held on disk (io/held-texts.ts). */
	constructor(private readonly texts?: TextReader) {}

	private query?: string;
	private root?: SessionView;
	private test: (item: Item) => boolean = () => false;
	/** How many matches each matching item holds (search-match.ts), by item id. */
	private counts = new Map<number, number>();
	private summed?: {matches: readonly Match[]; total: number};
	private sessions = new WeakMap<SessionView, SessionHits>();
	private complete = false;

	/** Every item of `view` holding `query`, in reading order (as findMatches gives them). */
	matches(view: SessionView, query: string): readonly Match[] {
		return this.count(view, query, unbounded).matches;
	}

	/**
	 * Counts on from where the last count of `query` stopped, while `budget` allows: the matches
	 * in reading order from the session's first item, as far as it came. A count stops early
	 * (incomplete) when the budget runs out, or once `budget.found` says the matches are enough.
	 */
	count(view: SessionView, query: string, budget: Budget): Counted {
		this.reset(view, query);
		const matches = this.walk(view, [], budget);
		this.complete = this.sessions.get(view)!.rev === view.rev;
		return {matches, complete: this.complete};
	}

	/**
	 * The first match `wanted` says yes to among the session's items from `start` on (a
	 * subagent's matches after its pane), tested before the count from the first item gets
	 * there (what Enter shows: the next match after what is on screen); the verdicts are kept
	 * for the count.
	 */
	probe(view: SessionView, query: string, start: number, wanted: (match: Match) => boolean): Match | undefined {
		const probed = this.probeSome(view, query, start, wanted, unbounded);
		return typeof probed === 'number' ? undefined : probed;
	}

	/**
	 * n or N while the count may still go on (`step` 1 or -1, from the match `shown`): the match
	 * after (before) it from what is counted, else found by looking on as far as `budget`
	 * allows (from the shown match on for n, the count going on for N); `undecided` when the
	 * budget ran out first (ask again: nothing tested is tested twice), `none` when there is no match.
	 */
	step(view: SessionView, query: string, shown: Match | undefined, step: 1 | -1, budget: Budget): Stepped {
		this.reset(view, query);
		let counted = this.sofar(view, query);
		let index = shown === undefined ? -1 : counted.matches.findIndex(match => match.itemId === shown.itemId);
		if (step > 0) {
			if (index !== -1 && index + 1 < counted.matches.length)
				return {match: counted.matches[index + 1]!, wrapped: false};
			// Whether there is surely none after the match shown: the search goes round the end.
			let last = index !== -1;
			if (shown !== undefined && !counted.complete) {
				// Past what is counted: looked for from the match shown on.
				const from = placeOf(view, shown.itemId) ?? [0];
				const after = (match: Match): boolean => comparePlaces(placeOf(view, match.itemId) ?? [0], from) > 0;
				const probed = this.probeSome(view, query, from[0]!, after, budget);
				if (typeof probed === 'number') return 'undecided';
				if (probed) return {match: probed, wrapped: false};
				last = true;
			}
			// None after it: the session's first, which the count from the start finds first.
			if (counted.matches.length === 0 && !counted.complete)
				counted = this.count(view, query, {more: budget.more, found: () => true});
			// (From a match that no longer is one, or none, the first is no wrap.)
			const first = counted.matches[0];
			if (first) return {match: first, wrapped: last && first.itemId !== shown?.itemId};
			return counted.complete ? 'none' : 'undecided';
		}
		if (index > 0) return {match: counted.matches[index - 1]!, wrapped: false};
		if (index === -1 && shown !== undefined && !counted.complete) {
			// Found ahead of the count: the count goes on as far as the match shown.
			counted = this.count(view, query, {more: budget.more, found: match => match.itemId === shown.itemId});
			index = counted.matches.findIndex(match => match.itemId === shown.itemId);
			if (index > 0) return {match: counted.matches[index - 1]!, wrapped: false};
			if (index === -1 && !counted.complete) return 'undecided';
		}
		// Before the first: the session's last, once the count is whole.
		if (!counted.complete) counted = this.count(view, query, budget);
		if (!counted.complete) return 'undecided';
		if (counted.matches.length === 0) return 'none';
		return {match: counted.matches.at(-1)!, wrapped: index !== -1 && counted.matches.length > 1};
	}

	// The probe as far as `budget` allows: the match, undefined when there is none from `start`
	// on, or the item to go on from when the budget ran out.
	private probeSome(
		view: SessionView,
		query: string,
		start: number,
		wanted: (match: Match) => boolean,
		budget: Budget,
	): Match | undefined | number {
		this.reset(view, query);
		let known = this.sessions.get(view);
		if (!known)
			this.sessions.set(
				view,
				(known = {rev: -1, revs: [], hits: [], covered: 0, matches: [], resume: 0, dirty: Infinity}),
			);
		const items: readonly Item[] = view.items;
		for (let i = Math.max(0, start); i < items.length; i++) {
			const item = items[i]!;
			if (known.revs[i] !== item.rev) {
				if (!budget.more()) return i;
				known.revs[i] = item.rev;
				known.hits[i] = this.test(item);
				known.stoppedAt = undefined;
				// A verdict among those the matches were made from: they are made again.
				if (i < known.covered) {
					known.covered = 0;
					known.matches = [];
				}
				known.rev = -1;
			}
			if (known.hits[i] && wanted({itemId: item.id, ancestors: []})) return {itemId: item.id, ancestors: []};
			if (item.kind === 'subagent' && item.child) {
				const found = this.walk(item.child, [item.id], unbounded).find(wanted);
				if (found) return found;
			}
		}
		return undefined;
	}

	/** How many matches the item holds, as last tested (0: none, or not tested). */
	matchCount(itemId: number): number {
		return this.counts.get(itemId) ?? 0;
	}

	/** How many matches `matches` (items, as count and step give them) hold in all. */
	total(matches: readonly Match[]): number {
		const summed = this.summed;
		if (summed?.matches === matches) return summed.total;
		// A count that went on appends to the matches summed last (the same objects first): only the new ones are added,
		// else each frame of a long count would add up every match again.
		const kept = summed?.matches.length ?? 0;
		const grown =
			summed !== undefined &&
			kept > 0 &&
			matches.length >= kept &&
			matches[0] === summed.matches[0] &&
			matches[kept - 1] === summed.matches[kept - 1];
		let total = grown ? summed.total : 0;
		for (let i = grown ? kept : 0; i < matches.length; i++) total += this.matchCount(matches[i]!.itemId);
		this.summed = {matches, total};
		return total;
	}

	/** What is counted of `query` in `view` so far, without testing anything. */
	sofar(view: SessionView, query: string): Counted {
		if (query !== this.query || view !== this.root) return {matches: [], complete: false};
		const known = this.sessions.get(view);
		return {matches: known?.matches ?? [], complete: this.complete && known?.rev === view.rev};
	}

	private reset(view: SessionView, query: string): void {
		if (query === this.query && view === this.root) return;
		// Another query, or a model built afresh (its items numbered anew): nothing known holds.
		this.query = query;
		this.root = view;
		const counter = matchCounter(query, this.texts);
		const counts = new Map<number, number>();
		this.counts = counts;
		this.summed = undefined;
		this.test = item => {
			const count = counter(item);
			const before = counts.get(item.id);
			// A count that changed where it was summed: the total is summed again.
			if (before !== undefined && before !== count) this.summed = undefined;
			if (count > 0) counts.set(item.id, count);
			else counts.delete(item.id);
			return count > 0;
		};
		this.sessions = new WeakMap();
		this.complete = false;
	}

	/**
	 * One more slice of the count of `query`, as far as `budget` allows, without making the list of matches (a long count
	 * makes it when it is asked for, not each slice): whether the count is whole.
	 */
	advance(view: SessionView, query: string, budget: Budget): boolean {
		this.reset(view, query);
		this.walk(view, [], budget, false);
		this.complete = this.sessions.get(view)!.rev === view.rev;
		return this.complete;
	}

	// `list`: false when the caller does not look at the matches of a count that stops short (they are not made).
	private walk(session: SessionView, ancestors: number[], budget: Budget, list = true): Match[] {
		let known = this.sessions.get(session);
		if (known && known.rev === session.rev) return known.matches;
		known ??= {rev: -1, revs: [], hits: [], covered: 0, matches: [], resume: 0, dirty: Infinity};
		this.sessions.set(session, known);
		const {revs, hits} = known;
		const items: readonly Item[] = session.items;
		// The verdicts, tested again where the item changed (a text that grew without a match
		// changes nothing), as far as the budget goes: those of items [0, end) hold. A
		// subagent's session is counted whole where its pane is (a small share of the items).
		let firstChanged = Number.POSITIVE_INFINITY;
		let end = items.length;
		// A count that stopped short goes on where it stopped when nothing changed since (on a
		// big session, looking at every item's revision again each slice is most of a slice).
		const from = known.stoppedAt === session.rev ? known.resume : 0;
		known.stoppedAt = undefined;
		for (let i = from; i < items.length; i++) {
			const item = items[i]!;
			let enough = false;
			if (revs[i] !== item.rev) {
				if (!budget.more()) {
					end = i;
					break;
				}
				revs[i] = item.rev;
				const hit = this.test(item);
				if (hit !== (hits[i] ?? false) && i < firstChanged) firstChanged = i;
				hits[i] = hit;
				enough = hit && budget.found?.({itemId: item.id, ancestors}) === true;
			}
			if (item.kind === 'subagent' && item.child) {
				const before = this.sessions.get(item.child)?.matches;
				const after = this.walk(item.child, [...ancestors, item.id], unbounded);
				if (after !== before) {
					if (i < firstChanged) firstChanged = i;
					enough ||= budget.found !== undefined && after.some(match => budget.found!(match));
				}
			}
			if (enough) {
				end = i + 1;
				break;
			}
		}
		known.rev = end === items.length ? session.rev : -1;
		known.dirty = Math.min(known.dirty, firstChanged);
		if (end < items.length) {
			known.stoppedAt = session.rev;
			known.resume = end;
			if (!list) return known.matches;
		}
		const matches = this.matchesTo(known, known.dirty, end, ancestors, session);
		known.dirty = Number.POSITIVE_INFINITY;
		return matches;
	}

	/** The session's matches among items [0, end): appended to what was covered when nothing before it changed. */
	private matchesTo(
		known: SessionHits,
		firstChanged: number,
		end: number,
		ancestors: number[],
		session: SessionView,
	): Match[] {
		if (end === known.covered && firstChanged >= end) return known.matches;
		const appended = firstChanged >= known.covered && end >= known.covered;
		const matches: Match[] = appended ? known.matches.slice() : [];
		const items: readonly Item[] = session.items;
		for (let i = appended ? known.covered : 0; i < end; i++) {
			const item = items[i]!;
			if (known.hits[i]) matches.push({itemId: item.id, ancestors});
			if (item.kind === 'subagent' && item.child)
				for (const match of this.sessions.get(item.child)?.matches ?? []) matches.push(match);
		}
		known.matches = matches;
		known.covered = end;
		return matches;
	}
}

/** The matches of `query` in the session now: the screen's kept count, else searched afresh. */
export function currentMatches(env: ScreenEnv, query: string): readonly Match[] {
	return env.matches?.(query) ?? findMatches(env.view, query, env.texts);
}

/**
 * What the footer says of the match shown: `match 3 of 12`, with a note (`search wrapped`); `12…` while the count goes
 * on.
 */
export function matchPosition(index: number, count: number, note?: string, counting = false): string {
	const position = `match ${index + 1} of ${count}${counting ? '…' : ''}`;
	return note ? `${position} · ${note}` : position;
}

/** What the footer says when a search finds nothing. */
export function noMatch(query: string): string {
	return `no match for “${query}”`;
}

/** How many matches items hold (LiveMatches keeps them as it counts). */
export type MatchCounts = {matchCount(itemId: number): number; total(matches: readonly Match[]): number};

/**
 * `match 7 of 13` for a pane's match `occurrence` among `counted` (`13…` while the count goes on); undefined when the
 * pane is not counted yet.
 */
export function ordinalText(
	counted: Counted,
	counts: MatchCounts,
	match: Match,
	occurrence: number,
	note?: string,
): string | undefined {
	const index = counted.matches.findIndex(one => one.itemId === match.itemId);
	if (index === -1) return undefined;
	let before = 0;
	for (let i = 0; i < index; i++) before += counts.matchCount(counted.matches[i]!.itemId);
	return matchPosition(before + occurrence, counts.total(counted.matches), note, !counted.complete);
}

/**
 * The footer's message: while it is the position of the match shown (until the next key),
 * counted again from `live` (the session may have grown since, the count may still go on),
 * the match it names kept; while it says a search found nothing, what has arrived since that
 * matches (n goes to the first).
 */
export function footerMessage(
	state: ScreenState,
	live: (query: string) => Counted,
	counts?: MatchCounts,
): string | undefined {
	const {message, search} = state;
	if (message === undefined || search.query === undefined) return message;
	const shown = search.matches[search.index];
	if (!shown && search.index === -1 && message === noMatch(search.query)) {
		const {matches, complete} = live(search.query);
		if (matches.length === 0) return message;
		const total = counts ? counts.total(matches) : matches.length;
		const noun = total === 1 && complete ? 'match' : 'matches';
		return `${total}${complete ? '' : '…'} ${noun} for “${search.query}” since · n shows them`;
	}
	if (!shown || search.position?.message !== message) return message;
	if (!counts) return message;
	const counted = live(search.query);
	const text = ordinalText(counted, counts, shown, search.occurrence ?? 0, search.position.note);
	// Found ahead of the count (Enter looks from what is on screen): its place is not known yet.
	if (text === undefined && !counted.complete)
		return `match … of ${counts.total(counted.matches)}…${search.position.note ? ` · ${search.position.note}` : ''}`;
	return text ?? message;
}
