// The harness's usage answer (`GET /api/projects/:p/usage`, UsageResponse in packages/server/src/api/types.ts) for the
// fake
// server, grouped as the route groups it: the records' tokens summed by group and model, each model's sum priced with
// the
// project's prices, then folded into the group, as services/usage-service.ts's foldGroups and foldBucket do (a model
// without a price leaves cost alone and sets hasUncosted; cost stays null when no model had one).

/** One usage_records row: one request's tokens (a subagent's recorded under its top-level session). */
export type UsageRecord = {
	sessionId: string;
	agentId?: string;
	provider: string;
	modelId: string;
	cacheRead: number;
	cacheWrite: number;
	output: number;
	total: number;
};

/** A model's prices in USD per million tokens (PricingRates). */
export type HarnessPrices = Record<string, {cacheRead: number; cacheWrite: number; output: number}>;

/** The key of a model in HarnessPrices. */
export const modelKey = (provider: string, modelId: string): string => `${provider}\0${modelId}`;

type Row = {
	key: string;
	cacheRead: number;
	cacheWrite: number;
	output: number;
	total: number;
	requests: number;
	cost: number | null;
	hasUncosted: boolean;
};

/** usage-service's foldGroups for groupBy=session over `records`, priced with `prices`. */
export function harnessSessionGroups(records: readonly UsageRecord[], prices: HarnessPrices): Row[] {
	// The repo's GROUP BY session_id, provider, model_id first: sums per session and model.
	const sums = new Map<string, UsageRecord & {requests: number}>();
	for (const record of records) {
		const key = `${record.sessionId}\0${modelKey(record.provider, record.modelId)}`;
		const known = sums.get(key);
		if (known) {
			known.cacheRead += record.cacheRead;
			known.cacheWrite += record.cacheWrite;
			known.output += record.output;
			known.total += record.total;
			known.requests += 1;
		} else sums.set(key, {...record, requests: 1});
	}
	const byKey = new Map<string, Row>();
	for (const r of sums.values()) {
		const acc = byKey.get(r.sessionId) ?? {
			key: r.sessionId,
			cacheRead: 0,
			cacheWrite: 0,
			output: 0,
			total: 0,
			requests: 0,
			cost: null,
			hasUncosted: false,
		};
		acc.cacheRead += r.cacheRead;
		acc.cacheWrite += r.cacheWrite;
		acc.output += r.output;
		acc.total += r.total;
		acc.requests += r.requests;
		const rate = prices[modelKey(r.provider, r.modelId)];
		if (rate)
			acc.cost =
				(acc.cost ?? 0) +
				(r.cacheRead * rate.cacheRead + r.cacheWrite * rate.cacheWrite + r.output * rate.output) / 1e6;
		else acc.hasUncosted = true;
		byKey.set(r.sessionId, acc);
	}
	return [...byKey.values()].sort((a, b) => b.total - a.total);
}

/** A whole UsageResponse grouped by session, with these groups (the rest as a server with no other usage gives it). */
export function usageAnswer(groups: readonly Row[]): {status: number; json: unknown} {
	const bucket = {
		total: groups.reduce((sum, row) => sum + row.total, 0),
		requests: groups.reduce((sum, row) => sum + row.requests, 0),
		cost: groups.some(row => row.cost !== null) ? groups.reduce((sum, row) => sum + (row.cost ?? 0), 0) : null,
		hasUncosted: groups.some(row => row.hasUncosted),
	};
	return {
		status: 200,
		json: {
			summary: {today: bucket, last7d: bucket, total: bucket},
			groupBy: 'session',
			groups,
			granularity: 'day',
			series: [],
			byAgentSeries: [],
			byModelSeries: [],
			errors: {total: 0, unexpected: 0, topCode: null, recent: []},
			agentIds: ['default_agent'],
			models: [],
		},
	};
}
