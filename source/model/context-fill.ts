/**
 * What fills the context now: the prompt of the newest request that reported its usage, split
 * into the parts that make it (system prompt, tool definitions, user messages, assistant text,
 * thinking, tool calls, tool outputs, compaction summary). Exact where the trace allows it:
 * each request's growth in prompt tokens over the one before belongs to the items added
 * between the two requests' begins (the earlier one's answer, the outputs, what the user
 * said). Within one such step, and for the first request of a context (which also carries the
 * system prompt and the tools), the tokens are split by the items' sizes in characters: those
 * shares are estimates, and say so. A step whose items are all of one part is exact. A step
 * whose prompt shrank (a provider dropping old thinking) scales what was there down.
 * Only the items since the last completed compaction are looked at.
 * Pure: the view model and a way to size a (maybe held) text in, parts out.
 */
import type {CompactionItem, Item, Kept, RequestItem, SessionView} from './view-model.js';
import type {HoldingItem} from './held-text.js';

/** The parts a context is made of; `unattributed` is growth with no item in the trace to give it to. */
export const contextPartList = [
	'system_prompt',
	'tool_definitions',
	'user_messages',
	'assistant_text',
	'thinking',
	'tool_calls',
	'tool_outputs',
	'compaction_summary',
	'unattributed',
] as const;

export type ContextPart = (typeof contextPartList)[number];

/** One thing in the context: an item's text (a call gives two: call, output), the system prompt, the tools. */
export type ContextPiece = {part: ContextPart; item?: Item; chars: number; tokens: number};

/** How the tokens of a part were found: all `exact`, or some of them `estimated` by size. */
export type PartTokens = {tokens: number; estimated: number};

/** One request's growth over the one before and where it went. */
export type ContextStep = {
	request: RequestItem;
	/** Its prompt less the previous request's (the whole prompt for a context's first request). */
	growth: number;
	/** The growth by part: sums to `growth`. */
	parts: Partial<Record<ContextPart, number>>;
	/** `exact`: one part took it all; `by size`: split by the items' characters; `shrank`: the prompt got smaller. */
	split: 'exact' | 'by size' | 'shrank';
};

export type ContextFill = {
	/** The newest request with usage in the current context; undefined before one ends. */
	request?: RequestItem;
	/** Its prompt tokens (cached and fresh input). */
	prompt: number;
	parts: Record<ContextPart, PartTokens>;
	steps: ContextStep[];
	/** The largest pieces with their share of the tokens, largest first (as many as asked for). */
	largest: ContextPiece[];
	/** The compaction the context starts after, if any. */
	after?: CompactionItem;
};

/** How many characters a text of `item` has (a held one read back, or sized where it is kept). */
export type TextSize = (item: HoldingItem, text: Kept) => number;

/** The size of a text, never read back: a held one counts as the length (or bytes) it was held with, else 0. */
export function keptSize(_item: HoldingItem, text: Kept): number {
	if (typeof text === 'string') return text.length;
	return 'bytes' in text ? text.bytes : (text.chars ?? 0);
}

/**
 * What fills the context of `view`'s newest request, with its `keep` largest pieces. One walk
 * over the items since the last compaction; only the largest pieces are kept, so that a context
 * of a hundred thousand items costs their walk and no more.
 */
export function contextFill(view: SessionView, sizeOf: TextSize = keptSize, keep = 10): ContextFill {
	const items = view.items;
	let start = 0;
	let after: CompactionItem | undefined;
	for (let i = items.length - 1; i >= 0; i--) {
		const item = items[i]!;
		if (item.kind === 'compaction' && item.status === 'completed') {
			start = i + 1;
			after = item;
			break;
		}
	}
	const steps: ContextStep[] = [];
	const account = new Shrinks(keep);
	let pending: ContextPiece[] = headerPieces(view);
	let previous: number | undefined;
	let newest: RequestItem | undefined;
	for (let i = start; i < items.length; i++) {
		const item = items[i]!;
		if (item.kind === 'request') {
			if (!item.usage) continue;
			const prompt = item.usage.cache_read + item.usage.cache_write;
			const growth = previous === undefined ? prompt : prompt - previous;
			steps.push(growth >= 0 ? share(item, growth, pending) : account.shrink(item, growth, previous!));
			for (const piece of pending) account.place(piece);
			pending = [];
			previous = prompt;
			newest = item;
			continue;
		}
		pending.push(...piecesOf(item, sizeOf));
	}
	const prompt = previous ?? 0;
	const totals = apportion(
		prompt,
		contextPartList.map(part => account.total(part)),
	);
	const entries = contextPartList.map((part, index) => [part, {tokens: totals[index]!, estimated: 0}]);
	const parts = Object.fromEntries(entries) as Record<ContextPart, PartTokens>;
	// A part is as estimated as the tokens it got from steps that were split; the rest is exact.
	for (const step of steps) {
		if (step.split === 'exact') continue;
		for (const [part, tokens] of Object.entries(step.parts) as Array<[ContextPart, number]>) {
			parts[part].estimated += Math.max(0, tokens);
		}
	}
	for (const part of contextPartList) parts[part].estimated = Math.min(parts[part].tokens, parts[part].estimated);
	return {request: newest, prompt, parts, steps, largest: account.largest(), after};
}

/** The `count` largest pieces, largest first (ties in the order they came); as many as the fill kept at most. */
export function largestPieces(fill: ContextFill, count = 10): ContextPiece[] {
	return fill.largest.slice(0, count).filter(piece => piece.tokens > 0);
}

/** The system prompt and the tool definitions: in every request of a context, first. */
function headerPieces(view: SessionView): ContextPiece[] {
	const out: ContextPiece[] = [];
	const prompt = view.header.systemPrompt;
	if (prompt) out.push({part: 'system_prompt', chars: prompt.length, tokens: 0});
	const tools = view.header.tools;
	if (tools.length > 0) out.push({part: 'tool_definitions', chars: JSON.stringify(tools).length, tokens: 0});
	return out;
}

/** What an item puts into the context; nothing for what the model is never sent (requests, rules, notices). */
function piecesOf(item: Item, sizeOf: TextSize): ContextPiece[] {
	switch (item.kind) {
		case 'user_text': {
			const part = item.marker === 'context_summary' ? 'compaction_summary' : 'user_messages';
			return [{part, item, chars: sizeOf(item, item.text), tokens: 0}];
		}
		case 'assistant_text':
			return [{part: 'assistant_text', item, chars: sizeOf(item, item.text), tokens: 0}];
		case 'thinking':
			return [{part: 'thinking', item, chars: item.inline ? 0 : sizeOf(item, item.text), tokens: 0}];
		case 'tool_call': {
			const out: ContextPiece[] = [{part: 'tool_calls', item, chars: item.name.length + item.args.length, tokens: 0}];
			if (item.output !== undefined)
				out.push({part: 'tool_outputs', item, chars: sizeOf(item, item.output), tokens: 0});
			return out;
		}
		default:
			return [];
	}
}

/** A step that grew: `growth` split over the step's pieces by their sizes (largest remainder, so it sums exactly). */
function share(request: RequestItem, growth: number, pending: ContextPiece[]): ContextStep {
	// Nothing grew: nothing to split (a long context has thousands of such steps).
	if (growth === 0) return {request, growth, parts: {}, split: 'exact'};
	const sized = pending.filter(piece => piece.chars > 0);
	if (growth > 0 && sized.length === 0) {
		pending.push({part: 'unattributed', chars: 0, tokens: growth});
		return {request, growth, parts: {unattributed: growth}, split: 'exact'};
	}
	const shares = apportion(
		growth,
		sized.map(piece => piece.chars),
	);
	sized.forEach((piece, index) => {
		piece.tokens = shares[index]!;
	});
	const parts: Partial<Record<ContextPart, number>> = {};
	for (const piece of sized) parts[piece.part] = (parts[piece.part] ?? 0) + piece.tokens;
	const kinds = new Set(sized.map(piece => piece.part));
	return {request, growth, parts, split: kinds.size <= 1 ? 'exact' : 'by size'};
}

/**
 * The running account of a context: each part's tokens, and the largest pieces. Steps whose
 * prompt shrank (a provider dropping old thinking, a trace that starts late) scale what was
 * there down to the new prompt, each part by its share; that is kept as one running factor
 * rather than rescaling every piece at every such step, and each kept piece's tokens are
 * worked out at the end.
 */
class Shrinks {
	/** The product of the factors since the last drop to nothing. */
	private factor = 1;
	private readonly totals = new Map<ContextPart, number>();
	/** The largest pieces so far by their tokens in today's terms (`weight`: tokens over the factor when placed). */
	private kept: Array<{piece: ContextPiece; weight: number}> = [];

	constructor(private readonly keep: number) {}

	place(piece: ContextPiece): void {
		this.totals.set(piece.part, (this.totals.get(piece.part) ?? 0) + piece.tokens);
		const weight = piece.tokens / this.factor;
		if (this.keep <= 0 || piece.tokens <= 0) return;
		if (this.kept.length === this.keep && weight <= this.kept.at(-1)!.weight) return;
		let at = this.kept.length;
		while (at > 0 && this.kept[at - 1]!.weight < weight) at--;
		this.kept.splice(at, 0, {piece, weight});
		if (this.kept.length > this.keep) this.kept.pop();
	}

	shrink(request: RequestItem, growth: number, previous: number): ContextStep {
		const scale = previous > 0 ? (previous + growth) / previous : 0;
		const kinds = [...this.totals.keys()];
		const drops = apportion(
			-growth,
			kinds.map(part => this.totals.get(part)!),
		);
		const parts: Partial<Record<ContextPart, number>> = {};
		kinds.forEach((part, index) => {
			if (drops[index] !== 0) parts[part] = -drops[index]!;
			this.totals.set(part, this.totals.get(part)! * scale);
		});
		if (scale === 0) {
			// Whatever came before is gone.
			this.kept = [];
			this.factor = 1;
		} else {
			this.factor *= scale;
		}
		return {request, growth, parts, split: 'shrank'};
	}

	/** A part's tokens now (a fraction: the caller rounds the parts together). */
	total(part: ContextPart): number {
		return this.totals.get(part) ?? 0;
	}

	/** The kept pieces with their tokens now, largest first. */
	largest(): ContextPiece[] {
		return this.kept.map(({piece, weight}) => ({...piece, tokens: Math.round(weight * this.factor)}));
	}
}

/** `total` split in proportion to `weights` as whole numbers that sum to it exactly (largest remainder). */
export function apportion(total: number, weights: readonly number[]): number[] {
	const sum = weights.reduce((a, b) => a + b, 0);
	if (weights.length === 0) return [];
	if (!(sum > 0)) return weights.map((_, index) => (index === 0 ? total : 0));
	const exact = weights.map(weight => (total * weight) / sum);
	const out = exact.map(Math.floor);
	let left = total - out.reduce((a, b) => a + b, 0);
	const order = exact
		.map((value, index) => ({index, rest: value - Math.floor(value)}))
		.sort((a, b) => b.rest - a.rest || a.index - b.index);
	for (const {index} of order) {
		if (left <= 0) break;
		out[index]!++;
		left--;
	}
	return out;
}
