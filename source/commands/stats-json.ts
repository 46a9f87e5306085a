/**
 * `--stats --json`: the figures of `--stats` as one JSON object, for scripts. One schema,
 * written down in docs/stats-json.md; each part is an object or a list of its own, so that a
 * part added later (a table per request, the context's breakdown) is a new key, never a change
 * to one a script already reads. Pure: the stats and the prices in, the object out.
 */
import {billedOutsideTrace} from '../model/server-billed.js';
import {costOfUsage} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';
import type {SpendLine} from '../model/view-model.js';
import type {TokenCounts} from '../protocol/types.js';
import {safeJsonStringify} from '../export/safe-json.js';
import {contextStatsJson} from './stats-context-json.js';
import {readStats, type Stats, type StatsOptions, type Step} from './stats.js';

/** The schema's version: it changes only when a key changes its meaning or goes. */
export const statsSchemaVersion = 1;

/** A timed step: a tool call or a model request. */
export type StepJson = {kind: Step['kind']; label: string; durationMs: number; startedAt: string | null};

/** What a session (or a subagent's) spent on one model, for one kind of request. */
export type SpendJson = {
	provider: string | null;
	model: string | null;
	kind: SpendLine['kind'];
	requests: number;
	tokens: TokenCounts;
	usd: number | null;
};

/** `--stats --json`'s object (docs/stats-json.md). */
export type StatsDocument = {
	schema: number;
	session: {id: string | null; provider: string | null; model: string | null; durationMs: number | null};
	requests: {count: number; retries: number; notCompleted: number};
	tokens: (TokenCounts & {input: number; cacheHitRatio: number | null}) | null;
	cost: {usd: number | null; unpriced: boolean; byModel: SpendJson[]} | null;
	tools: Array<{
		name: string;
		calls: number;
		failed: number;
		timed: number;
		totalMs: number;
		meanMs: number | null;
		maxMs: number | null;
	}>;
	longestSteps: StepJson[];
	compactions: Array<{
		reason: string | null;
		mode: string | null;
		status: string;
		context: number | null;
		turns: number | null;
		durationMs: number | null;
	}>;
	aborts: number;
	malformedLines: number;
	subagents: Array<{sessionId: string; stats: StatsDocument | null; missing: string | null}>;
};

/** The stats of a session as `--stats --json` writes them (subagents nested, each priced as the session). */
export function statsDocument(stats: Stats, prices?: PriceTable): StatsDocument {
	const tokens = stats.tokens;
	return {
		schema: statsSchemaVersion,
		session: {
			id: stats.sessionId ?? null,
			provider: stats.provider ?? null,
			model: stats.modelId ?? null,
			durationMs: stats.durationMs ?? null,
		},
		requests: {count: stats.requests, retries: stats.retries, notCompleted: stats.failedRequests},
		tokens: tokens
			? {...tokens, input: tokens.total - tokens.output, cacheHitRatio: stats.cacheHitRatio ?? null}
			: null,
		cost: costJson(stats.spend, prices),
		tools: stats.tools.map(tool => ({
			name: tool.name,
			calls: tool.calls,
			failed: tool.failed,
			timed: tool.timed,
			totalMs: tool.totalMs,
			meanMs: tool.meanMs ?? null,
			maxMs: tool.maxMs ?? null,
		})),
		longestSteps: [...stats.longestToolCalls, ...stats.longestRequests]
			.sort((a, b) => b.durationMs - a.durationMs || (a.at ?? 0) - (b.at ?? 0))
			.map(stepJson),
		compactions: stats.compactions.map(c => ({
			reason: c.reason ?? null,
			mode: c.mode ?? null,
			status: c.status,
			context: c.context ?? null,
			turns: c.turns ?? null,
			durationMs: c.durationMs ?? null,
		})),
		aborts: stats.aborts,
		malformedLines: stats.malformedLines,
		subagents: stats.subagents.map(sub => ({
			sessionId: sub.sessionId,
			stats: sub.stats ? statsDocument(sub.stats, prices) : null,
			missing: sub.stats ? null : (sub.missing ?? 'not read'),
		})),
	};
}

function stepJson(step: Step): StepJson {
	const startedAt = step.at === undefined ? null : new Date(step.at).toISOString();
	return {kind: step.kind, label: step.label, durationMs: step.durationMs, startedAt};
}

/** The money: null without a price table; each model's spend priced when its model has a price. */
function costJson(spend: readonly SpendLine[], prices: PriceTable | undefined): StatsDocument['cost'] {
	if (prices === undefined || prices.size === 0) return null;
	const total = costOfUsage(spend, prices);
	return {
		usd: total.usd ?? null,
		unpriced: total.unpriced,
		byModel: spend.map(line => ({
			provider: line.provider ?? null,
			model: line.modelId ?? null,
			kind: line.kind,
			requests: line.requests,
			tokens: line.tokens,
			usd: costOfUsage([line], prices).usd ?? null,
		})),
	};
}

/** `--stats --json`: the object, two-space indented, on one write. */
export async function statsJsonCommand(options: StatsOptions): Promise<{stdout: string; stderr: string}> {
	const {stats, view, stderr} = await readStats(options);
	// The per-request table and the context's parts (docs/stats-json.md), after the subagents are read.
	const {requests, context} = contextStatsJson(view, options.prices, billedOutsideTrace(view, options.server));
	// A server's session: the server's own figure, the one its Cost line and the screen show (`cost` is the trace's).
	const figure = options.server;
	const serverCost = typeof figure === 'object' ? {usd: figure.usd ?? null, unpriced: figure.unpriced} : null;
	const document = {...statsDocument(stats, options.prices), serverCost, requestRows: requests, context};
	return {stdout: `${safeJsonStringify(document, 2)}\n`, stderr};
}
