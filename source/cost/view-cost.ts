/** The cost of what a session view holds: its whole tree, or one request. Pure. */
import type {TokenCounts} from '../protocol/types.js';
import type {SessionHeader, SessionView, SpendLine} from '../model/view-model.js';
import {addTokens, costOf, costOfUsage, costText, type Cost} from './arithmetic.js';
import type {PriceTable} from './prices.js';

/** What the session and its subagents cost, optionally only the lines `kept`. */
export function sessionCost(view: SessionView, prices: PriceTable, kept: (line: SpendLine) => boolean = () => true): Cost {
	return costOfUsage(view.spend.filter(kept), prices);
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
		const same = merged.find(entry => entry.kind === line.kind && entry.provider === line.provider && entry.modelId === line.modelId);
		if (same) {
			same.requests += line.requests;
			same.tokens = addTokens(same.tokens, line.tokens);
		} else merged.push({...line});
	}
	return merged;
}

/** `$0.0353` for the session's tree; undefined without a price. */
export function sessionCostText(view: SessionView, prices: PriceTable | undefined): string | undefined {
	return prices === undefined || prices.size === 0 ? undefined : costText(sessionCost(view, prices));
}

/** `$0.0012` for one request of the session `header` names; undefined without a price. */
export function requestCostText(usage: TokenCounts | undefined, header: SessionHeader, prices: PriceTable | undefined): string | undefined {
	const rates = usage && prices?.rates(header.provider, header.modelId);
	return rates ? costText({usd: costOf(usage, rates), unpriced: false}) : undefined;
}
