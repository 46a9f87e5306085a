/**
 * `penguin-view --stats <trace>`: what a session cost and where its time went, as a plain
 * table. Built from the view model (the same SessionModel the screen uses), so stats and
 * screen never disagree; subagent sessions known to the view are reported nested.
 */
import type {ModelInput} from '../model/input.js';
import type {SessionView, SpendLine, ToolCallItem} from '../model/view-model.js';
import type {PriceTable} from '../cost/prices.js';
import {treeSpend} from '../model/session/spend.js';
import {costLine, costTable, costTableHead, costTableRight} from './stats-cost.js';
import type {TokenCounts} from '../protocol/types.js';
import {formatTokens, oneLine, plural} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {summarizeToolCall} from '../render/tool-summary.js';
import {durationText} from '../export/duration-text.js';
import {loadChildSessions, type ChildSearch} from './subagents-from-disk.js';
import {toView} from './to-view.js';
import {contextSection} from './stats-context.js';
import {plainBar, type BarGlyphs} from '../render/context-bar.js';
import {billedOutsideText, billedOutsideTrace, type ServerFigure} from '../model/server-billed.js';
import {billed, type ExtraBilled} from '../model/context-ledger.js';
import {costOfUsage, usdText} from '../cost/arithmetic.js';

/** Calls of one tool. Durations count only calls whose output came (call → output). */
export type ToolStats = {
	name: string;
	calls: number;
	/** Calls that failed, were denied, forbidden, aborted or never answered. */
	failed: number;
	/** Calls with a known duration. */
	timed: number;
	totalMs: number;
	meanMs?: number;
	maxMs?: number;
};

/** One timed step: a tool call or a model request. */
export type Step = {
	kind: 'tool' | 'request';
	/** `exec_command $ ls -la`, `request 3 (timeout, attempt 2)`. */
	label: string;
	durationMs: number;
	/** Epoch ms when it started. */
	at?: number;
};

/** One compaction. */
export type CompactionStats = {
	reason?: string;
	mode?: string;
	status: string;
	context?: number;
	turns?: number;
	durationMs?: number;
};

/** A subagent: its stats, or why they are not known. */
export type SubagentStats = {sessionId: string; stats?: Stats; missing?: string};

/** Everything `--stats` reports for one session. */
export type Stats = {
	sessionId?: string;
	provider?: string;
	modelId?: string;
	/** First to last timestamp seen, in ms. */
	durationMs?: number;
	requests: number;
	/** Failed requests that the engine retried. */
	retries: number;
	/** Requests that ended other than completed (retried ones included). */
	failedRequests: number;
	toolCalls: number;
	/** By number of calls, most first. */
	tools: ToolStats[];
	/** Session totals, from the last token_usage. */
	tokens?: TokenCounts;
	/**
	 * cache_read / (total − output). A request's `total` counts its input (cached or not)
	 * plus its output (the fixtures' numbers add up that way: 750 + 750 + 73 = 1573), so
	 * total − output is the input, and the ratio is the share of input served from cache.
	 */
	cacheHitRatio?: number;
	/** The five longest tool calls, longest first. */
	longestToolCalls: Step[];
	/** The five longest requests, longest first. */
	longestRequests: Step[];
	compactions: CompactionStats[];
	aborts: number;
	malformedLines: number;
	subagents: SubagentStats[];
	/** What the session and its subagents spent, by model and kind (priced when formatted). */
	spend: SpendLine[];
};

const longestCount = 5;
const failedStates = new Set(['failed', 'denied', 'forbidden', 'aborted', 'unanswered']);

/** The stats of a session view (pure). */
export function statsOf(view: SessionView): Stats {
	return statsAt(view, 0);
}

function statsAt(view: SessionView, depth: number): Stats {
	const tools = new Map<string, ToolStats>();
	const toolSteps: Step[] = [];
	const requestSteps: Step[] = [];
	const compactions: CompactionStats[] = [];
	const subagents: SubagentStats[] = [];
	let failedRequests = 0;
	let aborts = 0;
	let first: number | undefined;
	let last: number | undefined;
	const seen = (ms: number | undefined): void => {
		if (ms === undefined) return;
		first = first === undefined ? ms : Math.min(first, ms);
		last = last === undefined ? ms : Math.max(last, ms);
	};
	for (const item of view.items) {
		seen(item.at);
		switch (item.kind) {
			case 'tool_call': {
				seen(item.endedAt);
				const entry = tools.get(item.name) ?? {name: item.name, calls: 0, failed: 0, timed: 0, totalMs: 0};
				entry.calls++;
				if (failedStates.has(item.state)) entry.failed++;
				const duration = durationOf(item.at, item.endedAt);
				if (duration !== undefined) {
					entry.timed++;
					entry.totalMs += duration;
					entry.maxMs = Math.max(entry.maxMs ?? 0, duration);
					toolSteps.push({kind: 'tool', label: toolLabel(item, view), durationMs: duration, at: item.at});
				}
				tools.set(item.name, entry);
				break;
			}
			case 'request': {
				seen(item.endedAt);
				if (item.status !== 'completed' && item.status !== 'running') failedRequests++;
				const duration = durationOf(item.at, item.endedAt);
				if (duration !== undefined) {
					const detail =
						item.status === 'completed'
							? ''
							: ` (${item.status}${item.attempt !== undefined ? `, attempt ${item.attempt}` : ''})`;
					requestSteps.push({
						kind: 'request',
						label: `request ${item.index}${detail}`,
						durationMs: duration,
						at: item.at,
					});
				}
				break;
			}
			case 'compaction':
				seen(item.endedAt);
				compactions.push({
					reason: item.reason,
					mode: item.mode,
					status: item.status,
					context: item.context,
					turns: item.turns,
					durationMs: durationOf(item.at, item.endedAt),
				});
				break;
			case 'abort':
				aborts++;
				break;
			case 'subagent':
				if (item.child && (item.child.items.length > 0 || item.child.header.sessionId) && depth < 8) {
					subagents.push({sessionId: item.sessionId, stats: statsAt(item.child, depth + 1)});
				} else {
					subagents.push({sessionId: item.sessionId, missing: item.missing ?? 'not read'});
				}
				break;
			default:
				// Any other kind: counted in the session's totals (view.counts), or nothing to time.
				break;
		}
	}
	for (const entry of tools.values()) {
		if (entry.timed > 0) entry.meanMs = entry.totalMs / entry.timed;
	}
	const tokens = view.tokens.session;
	const input = tokens ? tokens.total - tokens.output : 0;
	return {
		sessionId: view.header.sessionId,
		provider: view.header.provider,
		modelId: view.header.modelId,
		durationMs: first !== undefined && last !== undefined ? last - first : undefined,
		requests: view.counts.requests,
		retries: view.counts.retries,
		failedRequests,
		toolCalls: view.counts.toolCalls,
		tools: [...tools.values()].sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)),
		tokens,
		cacheHitRatio: tokens && input > 0 ? tokens.cache_read / input : undefined,
		longestToolCalls: longest(toolSteps),
		longestRequests: longest(requestSteps),
		compactions,
		aborts,
		malformedLines: view.counts.malformed,
		subagents,
		spend: treeSpend(view),
	};
}

function durationOf(start: number | undefined, end: number | undefined): number | undefined {
	return start !== undefined && end !== undefined && end >= start ? end - start : undefined;
}

function longest(steps: Step[]): Step[] {
	return [...steps].sort((a, b) => b.durationMs - a.durationMs || (a.at ?? 0) - (b.at ?? 0)).slice(0, longestCount);
}

function toolLabel(item: ToolCallItem, view: SessionView): string {
	const headline = summarizeToolCall(item.name, item.args, view.header.tools, 60).headline;
	return headline ? `${item.name} ${headline}` : item.name;
}

// ---------------------------------------------------------------------------------------
// Formatting

/** The stats as plain text (trace strings sanitized), ending in a newline. */
/** What a server says of the session beyond its trace: its own figure, and the requests it billed outside the trace. */
export type ServerSide = {figure?: ServerFigure | 'unknown'; extra: readonly ExtraBilled[]};

/** The stats as text; `server`: a server's session's figure and what it billed outside the trace. */
export function formatStats(stats: Stats, prices?: PriceTable, pricesNote?: string, server?: ServerSide): string {
	return `${formatAt(stats, 0, prices, pricesNote, server).join('\n')}\n`;
}

// Untrusted text (tool names, arguments, ids) on one line, with no control sequences.
function clean(text: string, max = 80): string {
	return sanitize(oneLine(text, max));
}

function formatAt(
	stats: Stats,
	depth: number,
	prices: PriceTable | undefined,
	pricesNote?: string,
	server?: ServerSide,
): string[] {
	const lines: string[] = [];
	const model = [stats.provider, stats.modelId].filter(Boolean).join('/');
	lines.push(`Session     ${clean(stats.sessionId ?? 'unknown')}${model ? `  (${clean(model)})` : ''}`);
	if (stats.durationMs !== undefined) lines.push(`Duration    ${durationText(stats.durationMs)}`);
	lines.push(
		`Requests    ${stats.requests}  (${plural(stats.retries, 'retry', 'retries')}, ` +
			`${stats.failedRequests} not completed)`,
	);
	const outside = server && billedOutsideText(server.extra);
	if (server && outside) lines.push(`            ${outside} (${billedFigures(server.extra, prices)})`);
	lines.push(`Tool calls  ${stats.toolCalls}`);
	if (stats.tokens) {
		const t = stats.tokens;
		const ratio = stats.cacheHitRatio !== undefined ? `, cache hit ${(stats.cacheHitRatio * 100).toFixed(1)}%` : '';
		lines.push(
			`Tokens      ${formatTokens(t.total)} total: ${formatTokens(t.total - t.output)} input ` +
				`(${formatTokens(t.cache_read)} cache read, ` +
				`${formatTokens(t.cache_write)} cache write), ${formatTokens(t.output)} output${ratio}`,
		);
	} else {
		lines.push('Tokens      no token usage recorded');
	}
	const cost = costLine(stats.spend, prices, server?.figure);
	if (cost !== undefined) lines.push(cost);
	// No prices at all: the cost is unknown, and here is why (a project with no config, most often).
	else if (pricesNote !== undefined && (prices === undefined || prices.size === 0)) {
		lines.push(`Cost        —  (${clean(pricesNote, 300)})`);
	}
	if (stats.aborts > 0) lines.push(`Aborts      ${stats.aborts}`);
	if (stats.malformedLines > 0) lines.push(`Unreadable  ${plural(stats.malformedLines, 'line')}`);

	if (stats.tools.length > 0) {
		lines.push(
			'',
			...table(
				['Tool', 'Calls', 'Failed', 'Total', 'Mean', 'Max'],
				stats.tools.map(t => [
					clean(t.name || '(unnamed)', 40),
					String(t.calls),
					String(t.failed),
					t.timed > 0 ? durationText(t.totalMs) : '-',
					t.meanMs !== undefined ? durationText(t.meanMs) : '-',
					t.maxMs !== undefined ? durationText(t.maxMs) : '-',
				]),
				[false, true, true, true, true, true],
			),
		);
	}
	const costs = depth === 0 ? costTable(stats.spend, prices) : [];
	if (costs.length > 0) lines.push('', ...table(costTableHead, costs, costTableRight));
	const steps = (title: string, list: Step[]): void => {
		if (list.length === 0) return;
		lines.push(
			'',
			title,
			...table(
				[],
				list.map(step => [durationText(step.durationMs), clean(step.label)]),
				[true, false],
			).map(line => `  ${line}`),
		);
	};
	steps('Longest tool calls', stats.longestToolCalls);
	steps('Longest requests', stats.longestRequests);
	if (stats.compactions.length > 0) {
		lines.push('', 'Compactions');
		for (const c of stats.compactions) {
			const how = [c.reason, c.mode]
				.filter(Boolean)
				.map(part => clean(part!, 20))
				.join(', ');
			const facts = [
				c.context !== undefined ? `at ${formatTokens(c.context)} tokens` : undefined,
				c.turns !== undefined ? plural(c.turns, 'turn') : undefined,
				c.durationMs !== undefined ? durationText(c.durationMs) : undefined,
			].filter(Boolean);
			lines.push(
				`  ${how || 'compaction'}: ${clean(c.status, 20)}${facts.length > 0 ? `  (${facts.join(', ')})` : ''}`,
			);
		}
	}
	for (const sub of stats.subagents) {
		lines.push('', `Subagent ${clean(sub.sessionId)}`);
		if (sub.stats) lines.push(...formatAt(sub.stats, depth + 1, prices).map(line => (line === '' ? '' : `  ${line}`)));
		else lines.push(`  ${clean(sub.missing ?? 'not read', 200)}`);
	}
	return lines;
}

// Columns padded to their widest cell; numbers right-aligned. Widths are in code units: every
// cell here is ASCII except trace text, which sits in the last column and is not padded.
function table(head: string[], rows: string[][], right: boolean[]): string[] {
	const all = head.length > 0 ? [head, ...rows] : rows;
	const widths = right.map((_, column) => Math.max(...all.map(row => (row[column] ?? '').length)));
	return all.map(row =>
		row
			.map((cell, column) => {
				if (column === row.length - 1 && !right[column]) return cell;
				return right[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]);
			})
			.join('  ')
			.trimEnd(),
	);
}

/** What `--stats` is given: a session's inputs (or finished view), and where its subagents are. */
export type StatsOptions = {
	inputs: ModelInput[] | SessionView;
	/** Where to find subagent traces; without it, only children the view already holds are shown. */
	children?: ChildSearch;
	now?: number;
	/** The session's prices; without them, tokens only. */
	prices?: PriceTable;
	/** The context table's bars: Unicode blocks on a terminal, plain characters (the default) else. */
	bars?: BarGlyphs;
	/** Why there are no prices, said on the Cost line. */
	pricesNote?: string;
	/** A server's session: the server's figure (its usage route), or `unknown` when it did not answer. */
	server?: ServerFigure | 'unknown';
};

/** The stats of a session, its subagents read from disk when told where, and what could not be read. */
export async function readStats(options: StatsOptions): Promise<{stats: Stats; view: SessionView; stderr: string}> {
	const view = toView(options.inputs, options.now ?? Date.now());
	const stderr: string[] = [];
	if (options.children) {
		const loaded = await loadChildSessions(view, options.children);
		stderr.push(...loaded.missing.map(line => `subagent ${sanitize(oneLine(line, 500))}`));
	}
	return {stats: statsOf(view), view, stderr: stderr.length > 0 ? `${stderr.join('\n')}\n` : ''};
}

/** `--stats`: a session's inputs (or finished view) to the stats text, with the per-request context table. */
export async function statsCommand(options: StatsOptions): Promise<{stdout: string; stderr: string}> {
	const {stats, view, stderr} = await readStats(options);
	const extra = billedOutsideTrace(view, options.server);
	const context = contextSection(view, options.prices, options.bars ?? plainBar, extra);
	const server = {figure: options.server, extra};
	const text = formatStats(stats, options.prices, options.pricesNote, server);
	return {stdout: text + (context.length > 0 ? `${context.join('\n')}\n` : ''), stderr};
}

/** `95 tokens, $0.00411`: what the requests billed outside the trace came to, priced at the session's model. */
function billedFigures(extra: readonly ExtraBilled[], prices: PriceTable | undefined): string {
	const tokens = extra.reduce((sum, line) => sum + billed(line.tokens), 0);
	const usd =
		prices &&
		costOfUsage(
			extra.map(line => ({...line, kind: 'earlier' as const})),
			prices,
		).usd;
	return `${formatTokens(tokens)} tokens${usd === undefined ? '' : `, ${usdText(usd)}`}`;
}
