/**
 * The context view's numbers for `--stats --json`: `requests`, one row per request, compaction,
 * subagent and request billed outside the trace, in order, each with its running total; and
 * `context`, what fills the newest request's context by part and its largest items. Plain
 * JSON values (numbers, strings, null for what is not known), snake_case as the harness writes
 * its own. Pure.
 */
import type {PriceTable} from '../cost/prices.js';
import {contextFill, contextPartList, largestPieces} from '../model/context-fill.js';
import type {ContextFill, ContextPart, TextSize} from '../model/context-fill.js';
import {contextLedger, type ExtraBilled, type LedgerRow, type RunningTotal} from '../model/context-ledger.js';
import type {SessionView} from '../model/view-model.js';
import type {TokenCounts} from '../protocol/types.js';
import {pieceLabel} from '../render/context-bar.js';

type Running = {tokens: number; costUsd: number | null; unpriced: boolean};

/** One row of `requests`. */
export type RequestRowJson =
	| {
			kind: 'request';
			index: number;
			/** The request_end status (`completed`, `timeout`, `aborted`…), `running` before it. */
			status: string;
			attempt: number | null;
			retried: boolean;
			/** The request's token_usage `request` counters; null when it reported none (a failed attempt). */
			tokens: TokenCounts | null;
			/** cache_read + cache_write: the context it was sent. */
			promptTokens: number;
			contextWindow: number | null;
			durationMs: number | null;
			costUsd: number | null;
			running: Running;
	  }
	| {
			kind: 'compaction';
			status: string;
			contextBefore: number | null;
			contextAfter: number | null;
			tokens: TokenCounts | null;
			costUsd: number | null;
			running: Running;
	  }
	| {
			kind: 'subagent';
			sessionId: string;
			requests: number;
			tokens: TokenCounts;
			costUsd: number | null;
			running: Running;
	  }
	| {kind: 'billed'; label: string; requests: number; tokens: TokenCounts; costUsd: number | null; running: Running};

/** `context`: the newest request's prompt by part, and its largest items. */
export type ContextJson = {
	/** The newest request that reported its usage in the current context; null before one did. */
	requestIndex: number | null;
	promptTokens: number;
	contextWindow: number | null;
	/** Every part, in a fixed order; `estimatedTokens` of `tokens` were split by size rather than known exactly. */
	parts: Record<ContextPart, {tokens: number; estimatedTokens: number}>;
	/** Each request's growth over the one before and where it went (sums to `growth`). */
	steps: Array<{
		requestIndex: number;
		growth: number;
		split: 'exact' | 'by size' | 'shrank';
		parts: Partial<Record<ContextPart, number>>;
	}>;
	largest: Array<{part: ContextPart; label: string; tokens: number}>;
};

/** The two fields the stats JSON object takes: `requests` and `context`. */
export function contextStatsJson(
	view: SessionView,
	prices: PriceTable | undefined,
	extra: readonly ExtraBilled[] = [],
	sizeOf?: TextSize,
): {requests: RequestRowJson[]; context: ContextJson} {
	const ledger = contextLedger(view, prices, extra);
	const window = ledger.contextWindow ?? null;
	return {
		requests: ledger.rows.map(row => rowJson(row, window)),
		context: fillJson(contextFill(view, sizeOf), window),
	};
}

function rowJson(row: LedgerRow, window: number | null): RequestRowJson {
	const cost = row.usd ?? null;
	const running = runningJson(row.total);
	switch (row.kind) {
		case 'request': {
			const item = row.item;
			return {
				kind: 'request',
				index: item.index,
				status: item.status,
				attempt: item.attempt ?? null,
				retried: item.retried,
				tokens: item.usage ? {...item.usage} : null,
				promptTokens: row.prompt,
				contextWindow: window,
				durationMs: row.durationMs ?? null,
				costUsd: cost,
				running,
			};
		}
		case 'compaction':
			return {
				kind: 'compaction',
				status: row.item.status,
				contextBefore: row.before ?? null,
				contextAfter: row.after ?? null,
				tokens: row.tokens ? {...row.tokens} : null,
				costUsd: cost,
				running,
			};
		case 'subagent': {
			const {requests, tokens} = row;
			return {kind: 'subagent', sessionId: row.item.sessionId, requests, tokens: {...tokens}, costUsd: cost, running};
		}
		case 'billed':
			return {
				kind: 'billed',
				label: row.label,
				requests: row.requests,
				tokens: {...row.tokens},
				costUsd: cost,
				running,
			};
	}
}

function runningJson(total: RunningTotal): Running {
	return {tokens: total.tokens, costUsd: total.usd ?? null, unpriced: total.unpriced};
}

function fillJson(fill: ContextFill, window: number | null): ContextJson {
	const entries = contextPartList.map(part => {
		const {tokens, estimated} = fill.parts[part];
		return [part, {tokens, estimatedTokens: estimated}];
	});
	const parts = Object.fromEntries(entries) as ContextJson['parts'];
	return {
		requestIndex: fill.request?.index ?? null,
		promptTokens: fill.prompt,
		contextWindow: window,
		parts,
		steps: fill.steps.map(step => ({
			requestIndex: step.request.index,
			growth: step.growth,
			split: step.split,
			parts: {...step.parts},
		})),
		largest: largestPieces(fill).map(piece => ({part: piece.part, label: pieceLabel(piece), tokens: piece.tokens})),
	};
}
