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

type Running = {tokens: number; cost_usd: number | null; unpriced: boolean};

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
			prompt_tokens: number;
			context_window: number | null;
			duration_ms: number | null;
			cost_usd: number | null;
			running: Running;
	  }
	| {
			kind: 'compaction';
			status: string;
			context_before: number | null;
			context_after: number | null;
			tokens: TokenCounts | null;
			cost_usd: number | null;
			running: Running;
	  }
	| {
			kind: 'subagent';
			session_id: string;
			requests: number;
			tokens: TokenCounts;
			cost_usd: number | null;
			running: Running;
	  }
	| {kind: 'billed'; label: string; requests: number; tokens: TokenCounts; cost_usd: number | null; running: Running};

/** `context`: the newest request's prompt by part, and its largest items. */
export type ContextJson = {
	/** The newest request that reported its usage in the current context; null before one did. */
	request_index: number | null;
	prompt_tokens: number;
	context_window: number | null;
	/** Every part, in a fixed order; `estimated_tokens` of `tokens` were split by size rather than known exactly. */
	parts: Record<ContextPart, {tokens: number; estimated_tokens: number}>;
	/** Each request's growth over the one before and where it went (sums to `growth`). */
	steps: Array<{
		request_index: number;
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
				prompt_tokens: row.prompt,
				context_window: window,
				duration_ms: row.durationMs ?? null,
				cost_usd: cost,
				running,
			};
		}
		case 'compaction':
			return {
				kind: 'compaction',
				status: row.item.status,
				context_before: row.before ?? null,
				context_after: row.after ?? null,
				tokens: row.tokens ? {...row.tokens} : null,
				cost_usd: cost,
				running,
			};
		case 'subagent': {
			const {requests, tokens} = row;
			return {kind: 'subagent', session_id: row.item.sessionId, requests, tokens: {...tokens}, cost_usd: cost, running};
		}
		case 'billed':
			return {
				kind: 'billed',
				label: row.label,
				requests: row.requests,
				tokens: {...row.tokens},
				cost_usd: cost,
				running,
			};
	}
}

function runningJson(total: RunningTotal): Running {
	return {tokens: total.tokens, cost_usd: total.usd ?? null, unpriced: total.unpriced};
}

function fillJson(fill: ContextFill, window: number | null): ContextJson {
	const entries = contextPartList.map(part => {
		const {tokens, estimated} = fill.parts[part];
		return [part, {tokens, estimated_tokens: estimated}];
	});
	const parts = Object.fromEntries(entries) as ContextJson['parts'];
	return {
		request_index: fill.request?.index ?? null,
		prompt_tokens: fill.prompt,
		context_window: window,
		parts,
		steps: fill.steps.map(step => ({
			request_index: step.request.index,
			growth: step.growth,
			split: step.split,
			parts: {...step.parts},
		})),
		largest: largestPieces(fill).map(piece => ({part: piece.part, label: pieceLabel(piece), tokens: piece.tokens})),
	};
}
