/**
 * What tokens cost, counted as the harness's cost center counts (server usage-service's
 * costOf, web task-stats' bucketCostUsd): each request's `token_usage.request` counters are
 * summed by model, and a model's sum costs cache_read × its cache_read price + cache_write ×
 * its cache_write price + output × its output price, per million tokens. `total` is not a
 * bucket (it is input plus output). A model without a price adds nothing and is flagged.
 * Pure.
 */
import type {TokenCounts} from '../protocol/types.js';
import type {PriceTable, Rates} from './prices.js';

/** USD for some counters at some rates. */
export function costOf(tokens: TokenCounts, rates: Rates): number {
	return (
		(tokens.cache_read * rates.cacheRead + tokens.cache_write * rates.cacheWrite + tokens.output * rates.output) / 1e6
	);
}

/** Tokens spent on one model: the sum of its requests' counters. */
export type ModelTokens = {provider?: string; modelId?: string; tokens: TokenCounts};

/** A sum of money, and whether some of the tokens behind it had no price. */
export type Cost = {
	/** USD of the priced tokens; undefined when none had a price. */
	usd?: number;
	/** Some tokens had no price: the sum leaves them out. */
	unpriced: boolean;
};

/** The cost of usage by model, as the harness folds it: sum by model, then price each sum. */
export function costOfUsage(usage: readonly ModelTokens[], prices: PriceTable): Cost {
	const byModel = new Map<string, ModelTokens>();
	for (const entry of usage) {
		// The pair is the key; \0 never occurs in either half. No model known: its own group.
		const key =
			entry.provider === undefined || entry.modelId === undefined ? '\0unknown' : `${entry.provider}\0${entry.modelId}`;
		const known = byModel.get(key);
		byModel.set(key, known ? {...known, tokens: addTokens(known.tokens, entry.tokens)} : entry);
	}
	let usd: number | undefined;
	let unpriced = false;
	for (const entry of byModel.values()) {
		const rates = prices.rates(entry.provider, entry.modelId);
		if (rates) usd = (usd ?? 0) + costOf(entry.tokens, rates);
		else if (entry.tokens.cache_read + entry.tokens.cache_write + entry.tokens.output > 0) unpriced = true;
	}
	return {usd, unpriced};
}

/** The sum of two sets of counters. */
export function addTokens(a: TokenCounts, b: TokenCounts): TokenCounts {
	return {
		cache_read: a.cache_read + b.cache_read,
		cache_write: a.cache_write + b.cache_write,
		output: a.output + b.output,
		total: a.total + b.total,
	};
}

/**
 * `$0.0353`: three significant digits under $1, cents from $1, whole dollars from $100 (the
 * harness's web app writes cents the same way). `*` marks a sum that leaves out tokens
 * without a price; undefined when nothing had a price.
 */
export function costText(cost: Cost): string | undefined {
	if (cost.usd === undefined) return undefined;
	return `${usdText(cost.usd)}${cost.unpriced ? '*' : ''}`;
}

/** `$0.0353`, `$4.82`, `$123`, `$0`. */
export function usdText(usd: number): string {
	if (usd === 0) return '$0';
	if (usd >= 100) return `$${usd.toFixed(0)}`;
	if (Number(usd.toPrecision(3)) >= 1) return `$${usd.toFixed(2)}`;
	const digits = usd.toPrecision(3);
	if (!digits.includes('e')) return `$${digits}`;
	// Under a millionth of a dollar toPrecision writes an exponent: the digits after the point instead.
	return `$${usd.toFixed(Math.min(100, 2 - Math.floor(Math.log10(usd))))}`;
}
