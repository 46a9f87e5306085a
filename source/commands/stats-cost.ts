/**
 * The money part of `--stats`: what each model cost for each kind of request (the session's
 * own conversation, its compactions, its subagents, what it spent before the trace or stream
 * at hand began), and the total, counted as the harness's
 * cost center counts (cost/arithmetic.ts). Nothing when no model has a price.
 */
import {costOfUsage, costText, usdText} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';
import type {SpendLine} from '../model/view-model.js';
import type {ServerFigure} from '../model/server-billed.js';
import {formatTokens, oneLine} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';

/** The `Cost` line of a session (its subagents included); undefined without a price. */
export function costLine(
	spend: readonly SpendLine[],
	prices: PriceTable | undefined,
	server?: ServerFigure | 'unknown',
): string | undefined {
	// A server's session: the server's own figure, as the screen, the picker and --list show it.
	if (server !== undefined && server !== 'unknown' && server.usd !== undefined)
		return `Cost        ${costText(server)}  (the server's figure, with what it billed outside the trace)`;
	if (prices === undefined || prices.size === 0) return undefined;
	const cost = costOfUsage(spend, prices);
	const text = costText(cost);
	return text === undefined
		? undefined
		: `Cost        ${text}${server === 'unknown' ? ' from the trace' : ''}` +
				`${cost.unpriced ? '  (* leaves out models without a price)' : ''}`;
}

/** The table of cost by model and kind, with its total row; empty without a price. */
export function costTable(spend: readonly SpendLine[], prices: PriceTable | undefined): string[][] {
	if (prices === undefined || prices.size === 0 || costOfUsage(spend, prices).usd === undefined) return [];
	const order: Record<SpendLine['kind'], number> = {earlier: 0, conversation: 1, compaction: 2, subagent: 3};
	const sorted = [...spend].sort((a, b) => modelOf(a).localeCompare(modelOf(b)) || order[a.kind] - order[b.kind]);
	const rows = sorted.map(line => {
		const cost = costOfUsage([line], prices);
		return [
			sanitize(oneLine(modelOf(line), 60)),
			line.kind,
			String(line.requests),
			formatTokens(line.tokens.cache_read),
			formatTokens(line.tokens.cache_write),
			formatTokens(line.tokens.output),
			cost.usd === undefined ? 'no price' : usdText(cost.usd),
		];
	});
	const total = costOfUsage(spend, prices);
	const sum = (pick: (line: SpendLine) => number): number => spend.reduce((acc, line) => acc + pick(line), 0);
	rows.push([
		'Total',
		'',
		String(sum(line => line.requests)),
		formatTokens(sum(line => line.tokens.cache_read)),
		formatTokens(sum(line => line.tokens.cache_write)),
		formatTokens(sum(line => line.tokens.output)),
		costText(total) ?? '-',
	]);
	return rows;
}

/** The head of the cost table. */
export const costTableHead = ['Model', 'Kind', 'Requests', 'Cache read', 'Cache write', 'Output', 'Cost'];
/** Which columns of the cost table are numbers (right-aligned). */
export const costTableRight = [false, false, true, true, true, true, true];

function modelOf(line: SpendLine): string {
	return line.provider === undefined || line.modelId === undefined
		? '(model unknown)'
		: `${line.provider}/${line.modelId}`;
}
