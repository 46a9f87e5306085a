/**
 * What a server billed for a session beyond what its trace holds. The harness records one usage row per
 * `token_usage` and per request that ended other than completed, its subagents' under the session that started
 * them (runtime/usage-recorder.ts upstream), and one more for each title request it makes for the session
 * (runtime/title-generator.ts: a one-shot request that writes nothing to the trace). Its usage route gives a
 * session's sums only, not its rows: what the sums hold beyond the trace's own requests is the title's. Pure.
 */
import {addTokens, type Cost} from '../cost/arithmetic.js';
import type {TokenCounts} from '../protocol/types.js';
import type {ExtraBilled} from './context-ledger.js';
import {treeSpend} from './session/spend.js';
import type {SessionView, SpendLine} from './view-model.js';

/** A server's figure for a session (its usage route's row): its cost, and its requests and tokens when given. */
export type ServerFigure = Cost & {requests?: number; tokens?: TokenCounts};

const zero: TokenCounts = {cache_read: 0, cache_write: 0, output: 0, total: 0};

/**
 * The requests the server billed for `view`'s session that its trace does not hold, as one `title` line priced at the
 * session's model (the title request is made on the session's own model); none while the server's sums do not exceed
 * the trace's in every count (a figure asked before the newest requests were recorded, or none given at all).
 */
export function billedOutsideTrace(view: SessionView, server: ServerFigure | 'unknown' | undefined): ExtraBilled[] {
	if (server === undefined || server === 'unknown' || server.requests === undefined || server.tokens === undefined)
		return [];
	// A subagent whose requests are not held here (its trace not read): what the sums hold beyond the trace is not only
	// the title's, so nothing is said.
	if (!subagentsCounted(view)) return [];
	const lines = wholeSpend(view);
	const seen = lines.reduce((sum, line) => addTokens(sum, line.tokens), zero);
	const seenRequests = lines.reduce((sum, line) => sum + line.requests, 0) + failedRequests(view);
	const tokens: TokenCounts = {
		cache_read: server.tokens.cache_read - seen.cache_read,
		cache_write: server.tokens.cache_write - seen.cache_write,
		output: server.tokens.output - seen.output,
		total: server.tokens.total - seen.total,
	};
	const requests = server.requests - seenRequests;
	const counts = [tokens.cache_read, tokens.cache_write, tokens.output, tokens.total];
	if (requests < 1 || counts.some(count => count < 0) || tokens.total === 0) return [];
	const {provider, modelId} = view.header;
	return [{label: 'title', requests, tokens, ...(provider ? {provider} : {}), ...(modelId ? {modelId} : {})}];
}

/** `+1 request not in the trace: title`, for the lines that say it; undefined when there are none. */
export function billedOutsideText(extra: readonly ExtraBilled[]): string | undefined {
	if (extra.length === 0) return undefined;
	const requests = extra.reduce((sum, line) => sum + line.requests, 0);
	const labels = [...new Set(extra.map(line => line.label))].join(', ');
	return `+${requests} ${requests === 1 ? 'request' : 'requests'} not in the trace: ${labels}`;
}

/**
 * The session's spending with its subagents': their own sessions' when held here, else what they passed up on this
 * session's stream.
 */
function wholeSpend(view: SessionView): SpendLine[] {
	const held = view.items.some(item => item.kind === 'subagent' && item.child !== undefined);
	return held ? treeSpend(view) : view.spend;
}

/** Every subagent's requests are counted: its session held here, or what it spent passed up on this stream. */
function subagentsCounted(view: SessionView): boolean {
	if (view.spend.some(line => line.kind === 'subagent')) return true;
	// A child known only by its pointer is an empty session: its trace not read.
	const read = (child: SessionView | undefined): boolean =>
		child !== undefined && (child.spend.length > 0 || child.items.some(item => item.kind === 'request'));
	return view.items.every(item => item.kind !== 'subagent' || read(item.child));
}

/** Requests that ended other than completed, here and in the subagents held: the server records a row for each. */
function failedRequests(view: SessionView, depth = 0): number {
	let failed = 0;
	for (const item of view.items) {
		if (item.kind === 'request' && item.endedAt !== undefined && item.status !== 'completed') failed++;
		else if (item.kind === 'subagent' && item.child && depth < 32) failed += failedRequests(item.child, depth + 1);
	}
	return failed;
}
