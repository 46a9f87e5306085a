/**
 * What a session spent: each token_usage's `request` counters added to the line of its model
 * and kind, in the session and in every session above it (as `subagent` there), so that a
 * session's lines always cover its whole tree. Attribution follows the harness's usage
 * recorder: a request costs at the model of the session that made it.
 */
import type {TokenCounts} from '../../protocol/types.js';
import type {SessionView, SpendKind, SpendLine} from '../view-model.js';

/** Passes a subagent's spending up to the session above it. */
export type SpendSink = (provider: string | undefined, modelId: string | undefined, tokens: TokenCounts) => void;

/** Adds one request's counters to `view.spend`. */
export function addSpend(view: SessionView, provider: string | undefined, modelId: string | undefined, kind: SpendKind, tokens: TokenCounts): void {
	const line = view.spend.find(entry => entry.kind === kind && entry.provider === provider && entry.modelId === modelId);
	if (line) {
		line.requests++;
		line.tokens = {
			cache_read: line.tokens.cache_read + tokens.cache_read,
			cache_write: line.tokens.cache_write + tokens.cache_write,
			output: line.tokens.output + tokens.output,
			total: line.tokens.total + tokens.total,
		};
	} else view.spend.push({provider, modelId, kind, requests: 1, tokens: {...tokens}} satisfies SpendLine);
}

/** A request of this session, billed at the session's model, here and above. */
export function spendRequest(view: SessionView, kind: 'conversation' | 'compaction', tokens: TokenCounts, above: SpendSink | undefined): void {
	const {provider, modelId} = view.header;
	addSpend(view, provider, modelId, kind, tokens);
	above?.(provider, modelId, tokens);
}

/** What a subagent of `view` reports its spending to: `view` adds it as `subagent`, and passes it on up. */
export function subagentSink(view: SessionView, above: SpendSink | undefined): SpendSink {
	return (provider, modelId, tokens) => {
		addSpend(view, provider, modelId, 'subagent', tokens);
		above?.(provider, modelId, tokens);
	};
}
