/**
 * Which items hold a query, closed panes and subagent sessions included: what a reader would
 * find if every pane were open. Case-insensitive unless the query has a capital. The filter (&)
 * tests a word as a plain string here; search (/) counts matches of an expression in each
 * pane's lines (search-match.ts). The texts the model holds on disk are read back for it
 * (each one, once per search).
 */
import {isHeld, shown, type HeldField, type HeldText, type TextReader} from '../../model/held-text.js';
import type {Item, SessionView} from '../../model/view-model.js';
import {itemText} from '../../render/item-kinds.js';
import {hasControlSequences, sanitize} from '../../render/sanitize.js';
import {matchCounter} from './search-match.js';

/** An item that holds the query, and the subagent panes that must open to show it. */
export type Match = {itemId: number; ancestors: number[]};

/** The matches found so far, and whether they are all of them (false: counting goes on; ui/reading/search-count.ts). */
export type Counted = {matches: readonly Match[]; complete: boolean};

/**
 * What n or N finds (search-count.ts's LiveMatches.step): the match to show and whether the search went round the end
 * for it; or none; or not found yet.
 */
export type Stepped = {match: Match; wrapped: boolean} | 'none' | 'undecided';

/**
 * Keeps testing items while `more` says yes (a slice of the count), and stops after a match `found` says is the one
 * wanted.
 */
export type Budget = {more(): boolean; found?(match: Match): boolean};

/** A test for the query, smart-case. */
export function matcher(query: string): (text: string) => boolean {
	if (query === '') return () => false;
	if (/\p{Lu}/u.test(query)) return text => text.includes(query);
	const lower = query.toLowerCase();
	return text => text.toLowerCase().includes(lower);
}

/**
 * The text search and the filter test for an item: the one place they read it (a long text
 * held on disk is read back through `texts`), sanitized so that escape sequences inside a
 * word do not hide it.
 */
export function searchText(item: Item, texts?: TextReader): string {
	return sanitize(itemText(shown(item, texts)));
}

/**
 * Whether an item holds `query`: `matcher(query)(searchText(item, texts))`, the reference,
 * but a held text is read back only where the byte search (`texts.candidates`) cannot tell
 * whether it holds the query. Where it surely does not, the rest of the item's text is tested
 * alone: a call's output comes last, after a newline, so no match without a newline in the
 * query runs from its arguments into it (io/held-scan.ts reads everything for such a query).
 * Where it surely does, so does the item: a call's output is searched after its name and
 * arguments, which leave it as it is when sanitize has nothing to do in them.
 */
export function itemMatcher(query: string, texts?: TextReader): (item: Item) => boolean {
	const test = matcher(query);
	const verdict = query === '' ? undefined : texts?.candidates?.(query);
	if (!verdict) return item => test(searchText(item, texts));
	return item => {
		const held = heldIn(item);
		if (held === undefined) return test(searchText(item, texts));
		const said = verdict(held.text, held.field);
		if (item.kind !== 'tool_call') return said === 'yes' || (said === 'maybe' && test(searchText(item, texts)));
		if (said === 'maybe') return test(searchText(item, texts));
		const rest = itemText({...item, output: ''});
		if (said === 'yes' && !hasControlSequences(rest)) return true;
		return test(sanitize(rest)) || (said === 'yes' && test(searchText(item, texts)));
	};
}

function heldIn(item: Item): {text: HeldText; field: HeldField} | undefined {
	if (item.kind === 'tool_call') return isHeld(item.output) ? {text: item.output, field: 'output'} : undefined;
	if (item.kind === 'user_text' || item.kind === 'assistant_text')
		return isHeld(item.text) ? {text: item.text, field: 'text'} : undefined;
	if (item.kind === 'thinking') return isHeld(item.text) ? {text: item.text, field: 'thinking'} : undefined;
	return undefined;
}

/**
 * Every item holding a match of the query (search-match.ts), in reading order (a subagent's items after its pane);
 * `texts` reads the held texts back.
 */
export function findMatches(view: SessionView, query: string, texts?: TextReader): Match[] {
	const count = matchCounter(query, texts);
	const test = (item: Item): boolean => count(item) > 0;
	const matches: Match[] = [];
	const walk = (items: readonly Item[], ancestors: number[]): void => {
		for (const item of items) {
			if (test(item)) matches.push({itemId: item.id, ancestors});
			if (item.kind === 'subagent' && item.child) walk(item.child.items, [...ancestors, item.id]);
		}
	};
	walk(view.items, []);
	return matches;
}
