/**
 * The cost of what a session view holds, as the screen and print mode write it: its whole tree, or one request. Pure.
 */
import type {TokenCounts} from '../protocol/types.js';
import type {SessionHeader, SessionView, SpendLine} from '../model/view-model.js';
import {costOf, costOfUsage, costText, type Cost} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';
import type {ServerFigure} from '../model/server-billed.js';

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

/**
 * What a session's cost reads as where it is shown: a server's own figure when it gave one (as the web does), the
 * trace's marked `from the trace` when its usage did not answer, else the trace's.
 */
export function shownCostText(
	view: SessionView,
	prices: PriceTable | undefined,
	server: ServerFigure | 'unknown' | undefined,
): string | undefined {
	if (server !== undefined && server !== 'unknown') return costText(liveServerCost(view, prices, server));
	const trace = sessionCostText(view, prices);
	return server === 'unknown' && trace !== undefined ? `${trace} from the trace` : trace;
}

/**
 * A server's figure while a run goes on: it is asked when the session opens and when a run ends, so requests that end
 * between come after it; while the trace's own figure (subagents' included) passes it, that is shown, as the web's
 * header never shows less than its live estimate. The server's figure alone once it holds them (the title's request
 * too, which the trace's never does).
 */
export function liveServerCost(view: SessionView, prices: PriceTable | undefined, server: ServerFigure): Cost {
	const trace = prices === undefined || prices.size === 0 ? undefined : sessionCost(view, prices).usd;
	return server.usd !== undefined && trace !== undefined && trace > server.usd ? {...server, usd: trace} : server;
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
