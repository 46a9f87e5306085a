/**
 * What each session on a server cost, as the harness's own cost center says: one
 * `GET /api/projects/:p/usage?groupBy=session` a project (UsageResponse upstream). The server
 * keeps every request's tokens and prices them when asked, each model's sum at the project's
 * current prices, then folds them by session (services/usage-service.ts); the figure is shown
 * as given, never recomputed. A subagent's requests are recorded under the session that started
 * it (runtime/usage-recorder.ts): a session's figure holds its subagents', and a subagent's own
 * row has none.
 */
import {costText} from '../cost/arithmetic.js';
import {isRecord} from '../protocol/guards.js';
import type {TokenCounts} from '../protocol/types.js';

/** One session's cost (UsageGroupRow's `cost` and `hasUncosted`). */
export type SessionCost = {
	/** USD; undefined when none of its models had a price (the server's `cost: null`). */
	usd?: number;
	/** Some of its tokens were on a model without a price: `usd` leaves them out. */
	unpriced: boolean;
	/** Its requests and tokens (UsageGroupRow's `requests` and `total`), with its subagents'. */
	requests?: number;
	tokens?: number;
	/** Its tokens by kind (UsageGroupRow's `cacheRead`, `cacheWrite`, `output`, `total`), when each is a count. */
	counts?: TokenCounts;
};

const count = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** The `groups` of a usage answer grouped by session, by session id; undefined when the answer is not one. */
export function readSessionCosts(answer: unknown): Map<string, SessionCost> | undefined {
	if (!isRecord(answer) || answer['groupBy'] !== 'session' || !Array.isArray(answer['groups'])) return undefined;
	const costs = new Map<string, SessionCost>();
	for (const row of answer['groups']) {
		if (!isRecord(row) || typeof row['key'] !== 'string' || row['key'] === '') continue;
		const cost = row['cost'];
		const usd = typeof cost === 'number' && Number.isFinite(cost) && cost >= 0 ? cost : undefined;
		const requests = count(row['requests']);
		const tokens = count(row['total']);
		const [cacheRead, cacheWrite, output] = [count(row['cacheRead']), count(row['cacheWrite']), count(row['output'])];
		const counts =
			cacheRead === undefined || cacheWrite === undefined || output === undefined || tokens === undefined
				? undefined
				: {cache_read: cacheRead, cache_write: cacheWrite, output, total: tokens};
		costs.set(row['key'], {
			...(usd === undefined ? {} : {usd}),
			unpriced: row['hasUncosted'] === true,
			...(requests === undefined ? {} : {requests}),
			...(tokens === undefined ? {} : {tokens}),
			...(counts === undefined ? {} : {counts}),
		});
	}
	return costs;
}

/**
 * What the cost column says of a session: `$0.0353`, `$1.20*` (leaves out a model without a price), `—` (not known), or
 * nothing (no price).
 */
export function sessionCostText(cost: SessionCost | 'unknown' | undefined): string {
	if (cost === 'unknown') return '—';
	return cost === undefined ? '' : (costText(cost) ?? '');
}

/** The costs of some projects' sessions, and the projects whose usage did not come, with why. */
export type ServerCosts = {bySession: Map<string, SessionCost>; failed: Map<string, string>};

/** `known` with some projects' costs asked again: their sessions' new figures, and whether they came now. */
export function mergeCosts(
	known: ServerCosts | undefined,
	fresh: ServerCosts,
	projects: readonly string[],
): ServerCosts {
	const merged: ServerCosts = {bySession: new Map(known?.bySession), failed: new Map(known?.failed)};
	for (const project of projects) merged.failed.delete(project);
	for (const [project, why] of fresh.failed) merged.failed.set(project, why);
	for (const [session, cost] of fresh.bySession) merged.bySession.set(session, cost);
	return merged;
}

/** How the costs are asked for: one project's, and when to stop waiting. */
export type CostRequests = {
	sessionCosts(projectId: string, signal: AbortSignal): Promise<Map<string, SessionCost>>;
};

/**
 * Asks for every project's costs at once. `stop` ends the wait: what has not come by then
 * is failed with `late` (its request cancelled). Never rejects.
 */
export async function requestCosts(
	api: CostRequests,
	projects: readonly string[],
	stop: AbortSignal,
	late: string,
): Promise<ServerCosts> {
	const stopped = new Promise<'late'>(resolve => {
		if (stop.aborted) resolve('late');
		else stop.addEventListener('abort', () => resolve('late'), {once: true});
	});
	const costs: ServerCosts = {bySession: new Map(), failed: new Map()};
	await Promise.all(
		projects.map(async project => {
			const asked = api.sessionCosts(project, stop).then(
				found => ({found}),
				(error: unknown) => ({error: error instanceof Error ? error.message : String(error)}),
			);
			const outcome = await Promise.race([asked, stopped]);
			if (outcome === 'late' || stop.aborted) costs.failed.set(project, late);
			else if ('error' in outcome) costs.failed.set(project, outcome.error);
			else for (const [session, cost] of outcome.found) costs.bySession.set(session, cost);
		}),
	);
	return costs;
}
