/**
 * The header's context trail: a sparkline of the prompt of each request (the context it was
 * sent, so a compaction shows as a drop) and what the session and its subagents cost. Kept
 * as the session grows: the items are scanned once each (new ones only), so a frame costs
 * the requests shown, never the session's length.
 */
import {costOfUsage, costText} from '../../cost/arithmetic.js';
import type {PriceTable} from '../../cost/prices.js';
import {treeSpend} from '../../model/session/spend.js';
import type {ServerFigure} from '../../model/server-billed.js';
import {liveServerCost} from '../../render/cost-text.js';
import {sparkline} from '../../model/timeline.js';
import type {RequestItem, SessionView, SpendLine, SubagentItem} from '../../model/view-model.js';
import {seg, segmentsWidth, type Segment} from '../panes/segments.js';

/** Requests drawn at most: the newest ones. */
export const trailRequests = 24;

/** One session's requests and subagents, found as its items arrive. */
export class ContextTrail {
	private view?: SessionView;
	private scanned = 0;
	private readonly requests: RequestItem[] = [];
	private readonly subagents: SubagentItem[] = [];

	/** The prompts of the newest `count` requests that reported their usage, oldest first. */
	sizes(view: SessionView, count = trailRequests): number[] {
		this.sync(view);
		const out: number[] = [];
		for (let i = this.requests.length - 1; i >= 0 && out.length < count; i--) {
			const usage = this.requests[i]!.usage;
			if (usage) out.push(usage.cache_read + usage.cache_write);
		}
		return out.reverse();
	}

	/**
	 * `$0.0353` for the session and every subagent it holds (read from disk or streamed); undefined without prices. A
	 * server's session: the server's figure, which holds its subagents' requests as the web's header does.
	 */
	cost(view: SessionView, status: {prices?: PriceTable; serverCost?: ServerFigure | 'unknown'}): string | undefined {
		const {prices, serverCost: server} = status;
		if (server !== undefined && server !== 'unknown' && server.usd !== undefined)
			return costText(liveServerCost(view, prices, server));
		if (prices === undefined || prices.size === 0) return undefined;
		this.sync(view);
		const lines: SpendLine[] = view.spend.filter(line => line.kind !== 'subagent');
		let children = 0;
		for (const item of this.subagents) {
			if (!item.child) continue;
			children++;
			lines.push(...treeSpend(item.child));
		}
		// Subagents known only by what they passed up (no session of theirs here).
		if (children === 0) lines.push(...view.spend.filter(line => line.kind === 'subagent'));
		return costText(costOfUsage(lines, prices));
	}

	/**
	 * What changes when the context view's numbers may: a request begun or ended or given its
	 * usage, a subagent, spending, a compaction opened or closed. Not a new item alone: what
	 * fills the context counts items up to the newest request with usage, which they follow.
	 */
	changeKey(view: SessionView): string {
		this.sync(view);
		const last = this.requests.at(-1);
		let spent = 0;
		for (const line of view.spend) spent += line.tokens.total;
		const counts = `${this.requests.length}:${last?.rev ?? -1}:${this.subagents.length}`;
		return `${counts}:${spent}:${view.compacting}:${view.shard}`;
	}

	private sync(view: SessionView): void {
		if (view !== this.view) {
			this.view = view;
			this.scanned = 0;
			this.requests.length = 0;
			this.subagents.length = 0;
		}
		const items = view.items;
		for (; this.scanned < items.length; this.scanned++) {
			const item = items[this.scanned]!;
			if (item.kind === 'request') this.requests.push(item);
			else if (item.kind === 'subagent') this.subagents.push(item);
		}
	}
}

/** `ctx ▂▃▅▇▁▂ $0.0353`: the segments, or none when there is nothing to show. */
export function trailSegments(sizes: readonly number[], cost: string | undefined): Segment[] {
	const out: Segment[] = [];
	if (sizes.length > 1) out.push(seg('ctx ', {dim: true}), seg(sparkline(sizes), {color: 'cyan'}));
	if (cost !== undefined) out.push(seg(out.length > 0 ? ` ${cost}` : cost, {bold: true}));
	return out;
}

/** The trail cut to fit `room` columns: fewer requests, then none; undefined when even the cost does not fit. */
export function fittedTrail(sizes: readonly number[], cost: string | undefined, room: number): Segment[] {
	for (let count = sizes.length; count >= 2; count--) {
		const segments = trailSegments(sizes.slice(sizes.length - count), cost);
		if (segmentsWidth(segments) <= room) return segments;
	}
	const alone = trailSegments([], cost);
	return segmentsWidth(alone) <= room ? alone : [];
}
