/**
 * `--list`'s cost column: each session's own requests (its subagents are rows of their own),
 * priced from its project's config or `--prices`. Only sessions whose model has a price are
 * read past their head; a project's config is read once, and said once when it is there and cannot be.
 */
import {costOfUsage} from '../cost/arithmetic.js';
import type {ListEntry} from '../io/session-entries.js';
import type {ReadPrices} from '../io/project-prices.js';
import {sessionRequestTokens} from '../io/session-usage.js';

/** The prices for a trace: its project's (cached per project by the caller's function), or --prices. */
export type PricesOf = (tracePath: string) => Promise<ReadPrices>;

// Sessions read at once.
const concurrency = 4;

/** Sets `costUsd` on the entries whose model has a price; returns the notices to say. */
export async function addCosts(entries: ListEntry[], pricesOf: PricesOf): Promise<string[]> {
	const notices = new Set<string>();
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < entries.length) {
			const entry = entries[next++]!;
			const shard = entry.shards[0];
			if (shard === undefined) continue;
			const read = await pricesOf(shard);
			// A project without a config (the harness's default: no models) is no warning: no cost, quietly.
			if (read.notice !== undefined && !read.missing) notices.add(read.notice);
			if (!read.prices.rates(entry.provider, entry.model)) continue;
			const tokens = await sessionRequestTokens(entry.shards);
			if (tokens === undefined) continue;
			const cost = costOfUsage([{provider: entry.provider, modelId: entry.model, tokens}], read.prices);
			if (cost.usd !== undefined) entry.costUsd = cost.usd;
		}
	};
	await Promise.all(Array.from({length: Math.min(concurrency, entries.length)}, worker));
	return [...notices];
}

/** A per-project cache over `read`: one read (and one notice) per project config. */
export function cachedPerProject(read: PricesOf, configOf: (tracePath: string) => string | undefined): PricesOf {
	const cache = new Map<string, Promise<ReadPrices>>();
	return async tracePath => {
		const key = configOf(tracePath) ?? '';
		let found = cache.get(key);
		if (!found) {
			found = read(tracePath);
			cache.set(key, found);
		}
		return found;
	};
}
