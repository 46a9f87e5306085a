/**
 * Where the money and the context went, request by request: one row per conversation request
 * in order (its prompt split into cached and fresh input, its output, its duration and cost),
 * a row per compaction (the context before it and after it, what its own requests cost), a
 * row per subagent (its whole tree's tokens and cost, rolled up into this session's totals),
 * and rows for requests billed but not in the trace (requests made before the trace begins, a
 * server's title request, given by the caller), each with the running total so far.
 * Pure: the view model, a price table and what else was billed in, rows out. The numbers are
 * the trace's token_usage figures, never estimated.
 */
import type {TokenCounts} from '../protocol/types.js';
import {addTokens, costOf, costOfUsage} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';
import {treeSpend} from './session/spend.js';
import type {CompactionItem, RequestItem, SessionView, SpendLine, SubagentItem} from './view-model.js';

/** Requests a server billed that the trace does not hold (the session's title request), handed in by the caller. */
export type ExtraBilled = {label: string; provider?: string; modelId?: string; requests: number; tokens: TokenCounts};

/** The sum up to and including a row: tokens billed, and dollars when any had a price. */
export type RunningTotal = {tokens: number; usd?: number; unpriced: boolean};

/** A conversation request: its token_usage (when it has one) and what it cost. */
export type LedgerRequestRow = {
	kind: 'request';
	item: RequestItem;
	/** Input served from the cache (`cache_read`), fresh input (`cache_write`), output; 0 without usage. */
	cached: number;
	fresh: number;
	output: number;
	/** Tokens of its prompt (`cached + fresh`): the context it was sent. */
	prompt: number;
	durationMs?: number;
	usd?: number;
	total: RunningTotal;
};

/** A compaction: the context it found (`before`) and the next request's prompt (`after`), and what it cost. */
export type LedgerCompactionRow = {
	kind: 'compaction';
	item: CompactionItem;
	before?: number;
	after?: number;
	tokens?: TokenCounts;
	usd?: number;
	total: RunningTotal;
};

/** A subagent's whole tree, as its parent pays for it. */
export type LedgerSubagentRow = {
	kind: 'subagent';
	item: SubagentItem;
	requests: number;
	tokens: TokenCounts;
	usd?: number;
	total: RunningTotal;
};

/** Tokens billed that no request in the trace shows. */
export type LedgerBilledRow = {
	kind: 'billed';
	label: string;
	/** Billed by a server for requests the trace never held (the caller's `extra`), not tokens it shows otherwise. */
	outside?: true;
	requests: number;
	tokens: TokenCounts;
	usd?: number;
	total: RunningTotal;
};

export type LedgerRow = LedgerRequestRow | LedgerCompactionRow | LedgerSubagentRow | LedgerBilledRow;

/** The rows, the window they are drawn against and the final total. */
export type ContextLedger = {
	rows: LedgerRow[];
	contextWindow?: number;
	total: RunningTotal;
	/** The largest prompt of any request: the scale when the window is unknown. */
	largestPrompt: number;
};

const zero: TokenCounts = {cache_read: 0, cache_write: 0, output: 0, total: 0};

/** The ledger of `view` (its subagents rolled up), priced by `prices` when given. */
export function contextLedger(
	view: SessionView,
	prices: PriceTable | undefined,
	extra: readonly ExtraBilled[] = [],
): ContextLedger {
	const rates = prices?.rates(view.header.provider, view.header.modelId);
	const rows: LedgerRow[] = [];
	let tokens = 0;
	let usd: number | undefined;
	let unpriced = false;
	const add = (counts: TokenCounts, cost: {usd?: number; unpriced: boolean}): RunningTotal => {
		tokens += billed(counts);
		if (cost.usd !== undefined) usd = (usd ?? 0) + cost.usd;
		if (cost.unpriced) unpriced = true;
		return {tokens, usd, unpriced};
	};
	const ownCost = (counts: TokenCounts): {usd?: number; unpriced: boolean} =>
		rates ? {usd: costOf(counts, rates), unpriced: false} : {unpriced: billed(counts) > 0 && prices !== undefined};
	const linesCost = (lines: readonly SpendLine[]): {usd?: number; unpriced: boolean} =>
		prices ? costOfUsage(lines, prices) : {unpriced: false};

	for (const line of extra) {
		const cost = linesCost([{...line, kind: 'earlier'}]);
		const {label, requests, tokens: counts} = line;
		const total = add(counts, cost);
		rows.push({kind: 'billed', label, outside: true, requests, tokens: counts, usd: cost.usd, total});
	}
	const earlier = view.spend.filter(line => line.kind === 'earlier');
	if (earlier.length > 0) {
		const counts = earlier.reduce((sum, line) => addTokens(sum, line.tokens), zero);
		const cost = linesCost(earlier);
		const label = 'earlier requests (before this trace)';
		rows.push({kind: 'billed', label, requests: 0, tokens: counts, usd: cost.usd, total: add(counts, cost)});
	}

	let lastTotal: number | undefined;
	let largestPrompt = 0;
	let placedSubagent = 0;
	const compactions: LedgerCompactionRow[] = [];
	for (const item of view.items) {
		if (item.kind === 'request') {
			const usage = item.usage;
			const counts = usage ?? zero;
			const cost = usage ? ownCost(usage) : {unpriced: false};
			const prompt = counts.cache_read + counts.cache_write;
			const ended = item.at !== undefined && item.endedAt !== undefined;
			const durationMs = ended ? Math.max(0, item.endedAt! - item.at!) : undefined;
			const {cache_read: cached, cache_write: fresh, output} = counts;
			const total = add(counts, cost);
			rows.push({kind: 'request', item, cached, fresh, output, prompt, durationMs, usd: cost.usd, total});
			if (usage) {
				largestPrompt = Math.max(largestPrompt, prompt);
				lastTotal = usage.total;
				// The first request after a compaction says what the context came down to.
				for (const open of compactions.splice(0)) open.after = prompt;
			}
		} else if (item.kind === 'compaction') {
			const counts = item.usage;
			const cost = counts ? ownCost(counts) : {unpriced: false};
			const before = item.context ?? lastTotal;
			const total = add(counts ?? zero, cost);
			const row: LedgerCompactionRow = {kind: 'compaction', item, before, tokens: counts, usd: cost.usd, total};
			rows.push(row);
			if (item.status === 'completed') compactions.push(row);
		} else if (item.kind === 'subagent' && item.child) {
			const lines = treeSpend(item.child).filter(line => line.kind !== 'earlier');
			const counts = lines.reduce((sum, line) => addTokens(sum, line.tokens), zero);
			const requests = lines.reduce((sum, line) => sum + line.requests, 0);
			placedSubagent += billed(counts);
			const cost = linesCost(lines);
			rows.push({kind: 'subagent', item, requests, tokens: counts, usd: cost.usd, total: add(counts, cost)});
		}
	}
	// Subagents whose messages came tagged on this session's stream but whose session is not held here.
	const unplaced = view.spend.filter(line => line.kind === 'subagent');
	const unplacedTokens = unplaced.reduce((sum, line) => sum + billed(line.tokens), 0) - placedSubagent;
	if (unplacedTokens > 0 && placedSubagent === 0) {
		const counts = unplaced.reduce((sum, line) => addTokens(sum, line.tokens), zero);
		const cost = linesCost(unplaced);
		const requests = unplaced.reduce((sum, line) => sum + line.requests, 0);
		rows.push({kind: 'billed', label: 'subagents', requests, tokens: counts, usd: cost.usd, total: add(counts, cost)});
	}
	return {rows, contextWindow: view.header.contextWindow, total: {tokens, usd, unpriced}, largestPrompt};
}

/** Tokens a request is billed for: input (cached and fresh) and output. */
export function billed(counts: TokenCounts): number {
	return counts.cache_read + counts.cache_write + counts.output;
}

/** The prompt of each request that reported its usage, in order: the context size over the session. */
export function contextSizes(ledger: ContextLedger): number[] {
	const sizes: number[] = [];
	for (const row of ledger.rows) if (row.kind === 'request' && row.item.usage) sizes.push(row.prompt);
	return sizes;
}
