/**
 * What a session spent: each token_usage's `request` counters added to the line of its model
 * and kind, in the session and in every session above it (as `subagent` there), so that a
 * session's lines always cover its whole tree. Attribution follows the harness's usage
 * recorder: a request costs at the model of the session that made it.
 */
import {addTokens} from '../../cost/arithmetic.js';
import type {TokenCounts} from '../../protocol/types.js';
import type {SessionView, SpendKind, SpendLine} from '../view-model.js';

/** Passes a subagent's spending up to the session above it. */
export type SpendSink = (
	provider: string | undefined,
	modelId: string | undefined,
	tokens: TokenCounts,
	requests: number,
) => void;

/** Adds one request's counters to `view.spend`. */
export function addSpend(
	view: SessionView,
	provider: string | undefined,
	modelId: string | undefined,
	kind: SpendKind,
	tokens: TokenCounts,
	requests = 1,
): void {
	const line = view.spend.find(
		entry => entry.kind === kind && entry.provider === provider && entry.modelId === modelId,
	);
	if (line) {
		line.requests += requests;
		line.tokens = {
			cache_read: line.tokens.cache_read + tokens.cache_read,
			cache_write: line.tokens.cache_write + tokens.cache_write,
			output: line.tokens.output + tokens.output,
			total: line.tokens.total + tokens.total,
		};
	} else view.spend.push({provider, modelId, kind, requests, tokens: {...tokens}} satisfies SpendLine);
}

/**
 * A request of this session, billed at the session's model, here and above. `session` is the
 * session's cumulative counter: what it holds beyond the requests seen was spent earlier.
 */
export function spendRequest(
	view: SessionView,
	kind: 'conversation' | 'compaction',
	tokens: TokenCounts,
	session: TokenCounts,
	above: SpendSink | undefined,
): void {
	const {provider, modelId} = view.header;
	addSpend(view, provider, modelId, kind, tokens);
	above?.(provider, modelId, tokens, 1);
	const seen: TokenCounts = {cache_read: 0, cache_write: 0, output: 0, total: 0};
	for (const line of view.spend) {
		if (line.kind === 'subagent') continue;
		seen.cache_read += line.tokens.cache_read;
		seen.cache_write += line.tokens.cache_write;
		seen.output += line.tokens.output;
		seen.total += line.tokens.total;
	}
	const gap: TokenCounts = {
		cache_read: Math.max(0, session.cache_read - seen.cache_read),
		cache_write: Math.max(0, session.cache_write - seen.cache_write),
		output: Math.max(0, session.output - seen.output),
		total: Math.max(0, session.total - seen.total),
	};
	if (gap.cache_read + gap.cache_write + gap.output === 0) return;
	// How many requests made it is not known: the line counts none.
	addSpend(view, provider, modelId, 'earlier', gap, 0);
	above?.(provider, modelId, gap, 0);
}

/** What a subagent of `view` reports its spending to: `view` adds it as `subagent`, and passes it on up. */
export function subagentSink(view: SessionView, above: SpendSink | undefined): SpendSink {
	return (provider, modelId, tokens, requests) => {
		addSpend(view, provider, modelId, 'subagent', tokens, requests);
		above?.(provider, modelId, tokens, requests);
	};
}

/**
 * What a session and the subagents its items hold spent, walking the items (children read
 * from disk afterwards, as --stats and --export do, never passed their spending up).
 */
export function treeSpend(view: SessionView, depth = 0): SpendLine[] {
	const lines: SpendLine[] = view.spend.filter(line => line.kind !== 'subagent');
	if (depth > 32) return lines;
	for (const item of view.items) {
		if (item.kind !== 'subagent' || item.child === undefined) continue;
		for (const line of treeSpend(item.child, depth + 1)) lines.push({...line, kind: 'subagent'});
	}
	return mergeLines(lines);
}

/** Lines of the same model and kind added together. */
function mergeLines(lines: readonly SpendLine[]): SpendLine[] {
	const merged: SpendLine[] = [];
	for (const line of lines) {
		const same = merged.find(
			entry => entry.kind === line.kind && entry.provider === line.provider && entry.modelId === line.modelId,
		);
		if (same) {
			same.requests += line.requests;
			same.tokens = addTokens(same.tokens, line.tokens);
		} else merged.push({...line});
	}
	return merged;
}
