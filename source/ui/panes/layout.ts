/**
 * Layout: the view model, a width and the open/closed state → panes of rows. Pure apart from its cache: rows are kept
 * per item, keyed by the item's rev, the width and its open state, so a frame re-lays out only what changed (a growing
 * message, a call that finished); panes that move with the clock are redone once a second. The cache is bounded
 * (keptRowsLimit): memory follows what is drawn, not how long the session is.
 *
 * Lazy: a pane's rows are made when the viewport asks for them, so a frame costs what is on screen, however long the
 * session. The width is what pane content may use: the caller keeps its own gutter for the focus mark. Subagent
 * sessions are laid out as nested panes, indented, when their pane is open.
 *
 * A held text (model/held-text.ts) is read back through the reader the Layouter is given, only for a pane it lays out:
 * what the viewport shows, once per change of the item.
 */
import type {PriceTable} from '../../cost/prices.js';
import {sessionCostText} from '../../render/cost-text.js';
import {shown, type Shown, type TextReader} from '../../model/held-text.js';
import type {Item, ItemKind, SessionView, SubagentItem, ToolCallItem} from '../../model/view-model.js';
import {sanitize} from '../../render/sanitize.js';
import type {CodePainter} from './code-colours.js';
import type {InlineImages} from './pane-types.js';
import {isOpen, type OpenState, type PaneGroup} from './open-state.js';
import {
	abortPane,
	compactionPane,
	goalPane,
	imagePane,
	malformedPane,
	mcpPane,
	noticePane,
	requestPane,
	shardPane,
	unknownPane,
} from './pane-events.js';
import {isLive, isProblem, paneGroup} from './pane-kinds.js';
import {assistantTextPane, thinkingPane, userTextPane} from './pane-text.js';
import {shortId, toolCallPane} from './pane-tool.js';
import type {PaneInput, PaneRows} from './pane-types.js';
import {seg, spread, type Row, type Segment} from './segments.js';
import {excerpt, labelled} from './text-bits.js';
import {glyph, spinnerAt, toolStateLook} from './theme.js';
import {wrapSegments} from './wrap.js';

/** One item's rows and what the screen needs to know about it. */
export type Pane = {
	itemId: number;
	kind: ItemKind;
	/** 0 for the main session, 1 inside a subagent, … */
	depth: number;
	/** Empty for items that draw nothing (a request that went well). */
	rows: Row[];
	/** The group it opens with; undefined when it has nothing more to show. */
	group?: PaneGroup;
	open: boolean;
	problem: boolean;
	/** Moves with the clock (spinner, countdown): worth a tick while visible. */
	live: boolean;
	/** The pane line each row shows, where the builder says (pane-types.ts); see rowLine. */
	lines?: readonly number[];
};

/**
 * The pane line (0: its first) row `row` of `pane` shows, of `count` (the pane's own lines,
 * line-numbering.ts): what its builder said, else the row's own place; never past the last.
 */
export function rowLine(pane: Pane, row: number, count: number): number {
	if (!pane.open) return 0;
	const said = pane.lines?.[row];
	return Math.max(0, Math.min(count - 1, said ?? row));
}

/** The first row of `pane` that shows pane line `line`, or the nearest line before it that it shows (a hidden one). */
export function rowOfLine(pane: Pane, line: number, count: number): number {
	let best = 0;
	for (let row = 1; row < pane.rows.length; row++) {
		const at = rowLine(pane, row, count);
		if (at > line) break;
		if (at > rowLine(pane, best, count)) best = row;
	}
	return best;
}

/**
 * The laid-out session, lazily: the items in reading order are known at once, but a pane's rows are made only when
 * asked for (the viewport asks only for what it shows), so a frame costs what is on screen, not the session's length.
 */
export type Layout = {
	/** The width the rows were made for. */
	readonly width: number;
	/** Entries in reading order: the session's items, and a subagent's after it when it is open. */
	readonly count: number;
	item(index: number): Item;
	/** Nesting depth of an entry (0: the main session), without laying it out. */
	depth(index: number): number;
	pane(index: number): Pane;
	/** The entry index of an item, or -1; `hint` is where it was last time (checked first). */
	indexOf(itemId: number, hint?: number): number;
};

type Entry = {
	rev: number;
	width: number;
	open: boolean;
	full: boolean;
	tick: number;
	extra: number;
	pane: Pane;
	memo?: unknown;
	built: Segment[][];
};

/**
 * About how many rows the cache keeps of panes no recent frame asked for: the panes a frame lays out are always kept,
 * and past this the least recently used others go (laid out again if scrolled back to). Unbounded, a day's stream
 * kept the rows of every answer it ever drew.
 */
const keptRowsLimit = 5_000;

/** Items in reading order, with depth and session where some are nested. */
type Flat = {items: readonly Item[]; depths?: number[]; sessions?: SessionView[]};

/** Each nesting level indents child rows by this bar. */
const nestBar: Segment = seg('│ ', {dim: true});

/** Lays out sessions, keeping rows per item between calls. */
export class Layouter {
	// Least recently used first: a pane's entry moves to the end when a frame asks for it.
	private readonly cache = new Map<number, Entry & {frame: number}>();
	private cachedRows = 0;
	/** Counts layout() calls: the entries asked for since the last one are the frame's. */
	private frame = 0;
	private readonly parentCalls = new WeakMap<SubagentItem, ToolCallItem>();
	private readonly subagents = new WeakMap<SessionView, {scanned: number; items: SubagentItem[]}>();
	private view?: SessionView;
	private prices?: PriceTable;
	private codeVersion = 0;

	/**
	 * `texts` reads back the texts the model holds (none without it: nothing held). With `keepRows`, a pane laid out
	 * again keeps the rows it had: a row whose segments are the very array the builder gave last time is the same Row
	 * object, so a growing answer makes only its tail's rows each frame, not 2,000 for a 200 kB one (false: all made
	 * anew, the reference test/ui/growing-tail.test.ts compares with). `code` colours code (none: plain); `images`
	 * draws images inline (none: labels). `linked` false: no links drawn, so no workspace paths looked for (costly).
	 */
	constructor(
		private readonly texts?: TextReader,
		private readonly keepRows = true,
		private readonly code?: CodePainter,
		private readonly images?: InlineImages,
		private readonly linked = true,
	) {}

	/** The layout of `view` at `width` columns. `nowMs` drives spinners and countdowns. */
	layout(
		view: SessionView,
		width: number,
		open: OpenState,
		nowMs: number,
		stoppedAt?: number,
		prices?: PriceTable,
	): Layout {
		// Rows laid out before the highlighter came in are drawn in colour now.
		if (
			view !== this.view ||
			prices !== this.prices ||
			(this.code !== undefined && this.code.version !== this.codeVersion)
		) {
			this.prices = prices;
			this.codeVersion = this.code?.version ?? 0;
			// A rebuilt model numbers its items afresh: nothing cached is about them (nor are costs, with new prices).
			this.cache.clear();
			this.cachedRows = 0;
			this.view = view;
		}
		this.frame++;
		const flat = this.flatten(view, open);
		const paneWidth = Math.max(1, width);
		let index: Map<number, number> | undefined;
		return {
			width: paneWidth,
			count: flat.items.length,
			item: i => flat.items[i]!,
			depth: i => flat.depths?.[i] ?? 0,
			pane: i => this.pane(flat, i, paneWidth, open, nowMs, view, stoppedAt),
			indexOf(itemId: number, hint?: number): number {
				if (hint !== undefined && flat.items[hint]?.id === itemId) return hint;
				// One session's items have ids that grow in reading order: a binary search finds
				// an item without indexing the whole session, which on 1 GB costs more than a frame.
				if (!flat.depths) {
					const found = searchById(flat.items, itemId);
					if (found !== -1) return found;
				}
				if (!index) {
					index = new Map();
					for (let i = 0; i < flat.items.length; i++) index.set(flat.items[i]!.id, i);
				}
				return index.get(itemId) ?? -1;
			},
		};
	}

	/** The items in reading order; the session's own array when no subagent pane is open. */
	private flatten(view: SessionView, open: OpenState): Flat {
		const opened = this.subagentsOf(view).filter(item => item.child && isOpen(open, item.id, 'details'));
		if (opened.length === 0) return {items: view.items};
		const items: Item[] = [];
		const depths: number[] = [];
		const sessions: SessionView[] = [];
		const walk = (session: SessionView, depth: number): void => {
			for (const item of session.items) {
				items.push(item);
				depths.push(depth);
				sessions.push(session);
				if (item.kind === 'subagent' && item.child && isOpen(open, item.id, 'details')) walk(item.child, depth + 1);
			}
		};
		walk(view, 0);
		return {items, depths, sessions};
	}

	/** The subagent items of a session, found by scanning only what was added since last time. */
	private subagentsOf(view: SessionView): SubagentItem[] {
		let known = this.subagents.get(view);
		if (!known || known.scanned > view.items.length) {
			known = {scanned: 0, items: []};
			this.subagents.set(view, known);
		}
		const items = view.items;
		for (let i = known.scanned; i < items.length; i++) {
			const item = items[i]!;
			if (item.kind === 'subagent') known.items.push(item);
		}
		known.scanned = items.length;
		return known.items;
	}

	private pane(
		flat: Flat,
		index: number,
		width: number,
		openState: OpenState,
		now: number,
		root: SessionView,
		stoppedAt?: number,
	): Pane {
		const item = flat.items[index]!;
		const depth = flat.depths?.[index] ?? 0;
		const session = flat.sessions?.[index] ?? root;
		const group = paneGroup(item);
		const open = group === undefined ? false : isOpen(openState, item.id, group);
		const full = openState.full.has(item.id);
		const live = isLive(item, now);
		const tick = live ? Math.floor(now / 1000) : 0;
		const innerWidth = Math.max(1, width - depth * 2);
		const call = item.kind === 'subagent' ? this.parentCall(flat, item, index) : undefined;
		const callLive = call !== undefined && isLive(call, now);
		const extra = call ? call.rev * 2 + (callLive ? Math.floor(now / 1000) * 2 + 1 : 0) : 0;
		const cached = this.cache.get(item.id);
		if (
			cached &&
			cached.rev === item.rev &&
			cached.width === innerWidth &&
			cached.open === open &&
			cached.full === full &&
			cached.tick === tick &&
			cached.extra === extra &&
			cached.pane.depth === depth
		) {
			if (cached.frame !== this.frame) {
				cached.frame = this.frame;
				this.cache.delete(item.id);
				this.cache.set(item.id, cached);
			}
			return cached.pane;
		}
		const input: PaneInput = {
			width: innerWidth,
			open,
			full,
			now,
			stoppedAt,
			tools: session.header.tools,
			workspace: this.linked ? session.header.workspace : undefined,
			images: this.images,
			memo: cached?.memo,
			prices: this.prices,
			code: this.code,
		};
		const built =
			item.kind === 'subagent'
				? subagentPane(item, call, input, this.texts)
				: buildRows(shown(item, this.texts), input, this.texts);
		const prefix = depth > 0 ? new Array<Segment>(depth).fill(nestBar) : undefined;
		const rows = rowsOf(
			built.rows,
			this.keepRows && cached?.pane.depth === depth ? cached : undefined,
			item.id,
			prefix,
		);
		const pane: Pane = {
			itemId: item.id,
			kind: item.kind,
			depth,
			rows,
			group,
			open,
			problem: isProblem(item),
			live: live || callLive,
			lines: built.lines,
		};
		if (cached) this.cachedRows -= cached.pane.rows.length;
		this.cache.delete(item.id);
		this.cache.set(item.id, {
			rev: item.rev,
			width: innerWidth,
			open,
			full,
			tick,
			extra,
			pane,
			memo: built.memo,
			built: built.rows,
			frame: this.frame,
		});
		this.cachedRows += rows.length;
		this.evict();
		return pane;
	}

	/** Drops the least recently used entries past the limit, never one this frame asked for. */
	private evict(): void {
		for (const [id, entry] of this.cache) {
			if (this.cachedRows <= keptRowsLimit || entry.frame === this.frame) return;
			this.cache.delete(id);
			this.cachedRows -= entry.pane.rows.length;
		}
	}

	/** The run_subagent call that started a child: usually just before its pointer. */
	private parentCall(flat: Flat, item: SubagentItem, index: number): ToolCallItem | undefined {
		const known = this.parentCalls.get(item);
		if (known) return known;
		for (let i = index - 1; i >= 0 && i >= index - 500; i--) {
			const other = flat.items[i]!;
			if (other.kind === 'tool_call' && other.childSessionId === item.sessionId) {
				this.parentCalls.set(item, other);
				return other;
			}
		}
		return undefined;
	}
}

/**
 * A pane's Row objects: last time's for each row whose segments are the very array they had there. Runs of kept rows
 * are copied in bulk (slice, concat): stored one at a time, 2,000 rows kept from the frame before cost ten times what
 * making them anew did in the program's CPU profile (each store of an old object pays the garbage collector's barrier
 * while it marks, which it often does while an answer streams).
 */
function rowsOf(
	built: readonly Segment[][],
	before: Entry | undefined,
	itemId: number,
	prefix: Segment[] | undefined,
): Row[] {
	const old = before?.built ?? [];
	const oldRows = before?.pane.rows ?? [];
	const both = Math.min(built.length, old.length);
	let rows: Row[] = [];
	for (let i = 0; i < built.length; ) {
		let end = i;
		while (end < both && old[end] === built[end]) end++;
		if (end > i) {
			rows = rows.length === 0 ? oldRows.slice(i, end) : rows.concat(oldRows.slice(i, end));
			i = end;
		} else {
			const segments = built[i++]!;
			rows.push({itemId, segments: prefix ? [...prefix, ...segments] : segments});
		}
	}
	return rows;
}

/** The index of the item with id `itemId` in items whose ids increase, or -1. */
function searchById(items: readonly Item[], itemId: number): number {
	let low = 0;
	let high = items.length - 1;
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const id = items[middle]!.id;
		if (id === itemId) return middle;
		if (id < itemId) low = middle + 1;
		else high = middle - 1;
	}
	return -1;
}

/** Every pane with rows, laid out: for tests and small sessions (the screen never needs all). */
export function allPanes(layout: Layout): Pane[] {
	const panes: Pane[] = [];
	for (let i = 0; i < layout.count; i++) {
		const pane = layout.pane(i);
		if (pane.rows.length > 0) panes.push(pane);
	}
	return panes;
}

/** Every row of the session, in order. */
export function allRows(layout: Layout): Row[] {
	return allPanes(layout).flatMap(pane => pane.rows);
}

function buildRows(item: Shown<Item>, input: PaneInput, texts: TextReader | undefined): PaneRows {
	switch (item.kind) {
		case 'user_text':
			return userTextPane(item, input);
		case 'assistant_text':
			return assistantTextPane(item, input);
		case 'thinking':
			return thinkingPane(item, input);
		case 'tool_call':
			return toolCallPane(item, input);
		case 'image':
			return imagePane(item, input);
		case 'request':
			return requestPane(item, input);
		case 'compaction':
			return compactionPane(item, input);
		case 'shard':
			return shardPane(item, input);
		case 'abort':
			return abortPane(item, input);
		case 'malformed':
			return malformedPane(item, input);
		case 'notice':
			return noticePane(item, input);
		case 'goal_finished':
			return goalPane(item, input);
		case 'mcp_connect':
			return mcpPane(item, input);
		case 'unknown':
			return unknownPane(item, input);
		case 'subagent':
			return subagentPane(item, undefined, input, texts);
	}
}

/** A subagent's summary line: what it was asked, how many calls, its state, its id. */
function subagentPane(
	item: SubagentItem,
	call: ToolCallItem | undefined,
	input: PaneInput,
	texts: TextReader | undefined,
): PaneRows {
	const child = item.child;
	const description = item.description ? excerpt(item.description) : child ? firstPrompt(child, texts) : '';
	const facts: Segment[] = [];
	if (description) facts.push(seg(description));
	// The title the server gave the child session (it comes on the parent's stream).
	const title = child?.header.title ? excerpt(child.header.title, 200) : '';
	if (title && title !== description) facts.push(seg(`${description ? '  ' : ''}“${title}”`, {bold: true}));
	if (child && child.items.length > 0)
		facts.push(seg(` · ${child.counts.toolCalls} tool call${child.counts.toolCalls === 1 ? '' : 's'}`, {dim: true}));
	// What it and its own subagents cost.
	const cost = child ? sessionCostText(child, input.prices) : undefined;
	if (cost !== undefined) facts.push(seg(` · ${cost}`));
	const state = call ? toolStateLook(call.state) : undefined;
	if (call && state) {
		const running = call.state === 'running' || call.state === 'streaming';
		// In a trace that stopped, it runs no more: no spinner.
		const stalled = running && input.stoppedAt !== undefined && call.output === undefined;
		const word =
			call.state === 'done' ? 'done' : stalled ? 'stalled' : running ? 'running' : (state.word ?? call.state);
		const mark = state.glyph ?? (stalled ? glyph.unanswered : spinnerAt(input.now));
		facts.push(seg(' · '), seg(`${mark} ${word}`, state.style));
	} else if (child?.ended) {
		facts.push(seg(' · ended', {dim: true}));
	}
	const head = labelled(
		input.open ? glyph.open : glyph.closed,
		[seg('subagent', {color: 'magenta', bold: true})],
		facts,
	);
	const right: Segment[] = [seg(`${glyph.child} ${shortId(item.sessionId)}`, {color: 'cyan'})];
	// A call inside it (at any depth) waits for a human: seen without opening the pane.
	if (child && child.awaitingApproval > 0)
		right.unshift(seg(' waiting for approval ', {color: 'yellow', inverse: true, bold: true}), seg('  '));
	const rows: Segment[][] = [spread(head, right, input.width)];
	if (input.open && (!child || child.items.length === 0)) {
		const why = item.missing ? sanitize(item.missing) : 'its messages are not here (its trace was not found)';
		for (const line of why.split('\n'))
			rows.push(...wrapSegments([seg(line, {dim: true})], input.width, {first: [seg('  ')], rest: [seg('  ')]}));
	}
	return {rows};
}

function firstPrompt(view: SessionView, texts: TextReader | undefined): string {
	const first = view.items.find(item => item.kind === 'user_text');
	return first && first.kind === 'user_text' ? excerpt(shown(first, texts).text, 200) : '';
}
