/**
 * &: only the panes that match, like less's and lnav's filters. A filter is a query (smart
 * case, over the same text search looks in) or one of the quick filters: `!` problems only,
 * `tool:NAME` one tool's calls, `-thinking` everything but thinking. Words combine: every
 * one must hold. The filtered layout is the full one with the other entries left out, so
 * everything that walks a layout (the viewport, keys, search) works on it unchanged.
 */
import type {TextReader} from '../../model/held-text.js';
import type {Item} from '../../model/view-model.js';
import type {Layout} from '../panes/layout.js';
import {isProblem} from '../panes/pane-kinds.js';
import {itemMatcher} from './search.js';
import {drawsNothing} from '../panes/shown-count.js';

/** The tests a filter's words make (`texts` reads the held texts back). */
export function filterTest(query: string, texts?: TextReader): ((item: Item) => boolean) | undefined {
	const words = query.trim().split(/\s+/).filter(Boolean);
	if (words.length === 0) return undefined;
	const tests = words.map((word): ((item: Item) => boolean) => {
		if (word === '!') return item => isProblem(item);
		if (word === '-thinking') return item => item.kind !== 'thinking';
		if (word.startsWith('tool:') && word.length > 5) {
			const name = word.slice(5);
			return item => item.kind === 'tool_call' && item.name === name;
		}
		return itemMatcher(word, texts);
	});
	return item => tests.every(test => test(item));
}

/** Each item's verdict, kept while the item does not change (a text read back from disk is read once). */
export class FilterCache {
	private query = '';
	private readonly verdicts = new Map<number, {rev: number; keep: boolean}>();

	keep(query: string, test: (item: Item) => boolean, item: Item): boolean {
		if (query !== this.query) {
			this.verdicts.clear();
			this.query = query;
		}
		const known = this.verdicts.get(item.id);
		if (known && known.rev === item.rev) return known.keep;
		const keep = test(item);
		this.verdicts.set(item.id, {rev: item.rev, keep});
		return keep;
	}
}

/** The layout with only the entries the filter keeps (a subagent's rows go with it: nested ones are tested alone). */
export function filteredLayout(
	layout: Layout,
	query: string | undefined,
	cache: FilterCache,
	texts?: TextReader,
): Layout {
	const test = query === undefined ? undefined : filterTest(query, texts);
	if (!test) return layout;
	const kept: number[] = [];
	// An entry that draws nothing (a request that went well) is not kept: the count is of what shows.
	for (let i = 0; i < layout.count; i++) {
		const item = layout.item(i);
		if (!drawsNothing(item) && cache.keep(query!, test, item)) kept.push(i);
	}
	let index: Map<number, number> | undefined;
	return {
		width: layout.width,
		count: kept.length,
		item: i => layout.item(kept[i]!),
		depth: i => layout.depth(kept[i]!),
		pane: i => layout.pane(kept[i]!),
		indexOf(itemId: number, hint?: number): number {
			if (hint !== undefined && kept[hint] !== undefined && layout.item(kept[hint]).id === itemId) return hint;
			if (!index) {
				index = new Map();
				for (const [i, at] of kept.entries()) index!.set(layout.item(at).id, i);
			}
			return index.get(itemId) ?? -1;
		},
	};
}
