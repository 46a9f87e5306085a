/**
 * The cost of what a session view holds, as the screen and print mode write it: its whole tree, or one request. Pure.
 */
import type {TokenCounts} from '../protocol/types.js';
import type {SessionHeader, SessionView, SpendLine} from '../model/view-model.js';
import {costOf, costOfUsage, costText, type Cost} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';

/** What the session and its subagents cost, optionally only the lines `kept`. */
export function sessionCost(
	view: SessionView,
	prices: PriceTable,
	kept: (line: SpendLine) => boolean = () => true,
): Cost {
	return costOfUsage(view.spend.filter(kept), prices);
}

/** `$0.0353` for the session's tree; undefined without a price. */
export function sessionCostText(view: SessionView, prices: PriceTable | undefined): string | undefined {
	return prices === undefined || prices.size === 0 ? undefined : costText(sessionCost(view, prices));
}

/** `$0.0012` for one request of the session `header` names; undefined without a price. */
export function requestCostText(
	usage: TokenCounts | undefined,
	header: SessionHeader,
	prices: PriceTable | undefined,
): string | undefined {
	const rates = usage && prices?.rates(header.provider, header.modelId);
	return rates ? costText({usd: costOf(usage, rates), unpriced: false}) : undefined;
}
