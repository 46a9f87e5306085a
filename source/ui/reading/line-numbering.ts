/**
 * The document index of a session (document-index.ts), kept between frames: each pane's
 * own line count comes from the model, never from rows (a held text carries the count it was
 * held with), and is counted again only when its item changed. The index is made again only
 * when the session's revision moved.
 */
import {isHeld, type Kept} from '../../model/held-text.js';
import type {Item, SessionView} from '../../model/view-model.js';
import {lineCount} from '../../render/format.js';
import {documentEntries, type DocumentEntries} from './document-index.js';
import {drawsNothing} from '../panes/shown-count.js';

/** Lines of a text as the model keeps it (a held one: the count it was held with). */
function keptLines(text: Kept | undefined): number {
	if (text === undefined) return 0;
	if (isHeld(text)) return text.lines ?? 1;
	return lineCount(text);
}

/** How many line feeds a text holds. */
function newlinesIn(text: string): number {
	let count = 0;
	for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
	return count;
}

/** Lines of a streaming text from the pieces it grew by: the text itself is never joined (model/text-pieces.ts). */
function pieceLines(pieces: readonly string[]): number {
	let newlines = 0;
	for (const piece of pieces) newlines += newlinesIn(piece);
	return newlines + openLine(pieces);
}

/** 1 when the pieces' text ends inside a line (no line feed after its last characters), else 0. */
function openLine(pieces: readonly string[]): number {
	for (let i = pieces.length - 1; i >= 0; i--) if (pieces[i] !== '') return pieces[i]!.endsWith('\n') ? 0 : 1;
	return 0;
}

/**
 * How many lines an item's pane holds itself, open or closed: its head, then its body. A call:
 * its head (arguments with it) and its output's lines; a message: its text's lines (the first on
 * the head's row); thinking: its head and its lines; anything else one line; nothing for an
 * entry that draws nothing.
 */
export function paneLineCount(item: Item, streamed: (pieces: readonly string[]) => number = pieceLines): number {
	if (drawsNothing(item)) return 0;
	switch (item.kind) {
		case 'tool_call':
			return 1 + keptLines(item.output);
		case 'user_text':
			return item.marker ? 1 + keptLines(item.text) : Math.max(1, keptLines(item.text));
		case 'assistant_text':
			return Math.max(1, item.streaming && item.pieces ? streamed(item.pieces) : keptLines(item.text));
		case 'thinking':
			if (item.inline || item.encrypted) return 1;
			return 1 + (item.streaming && item.pieces ? streamed(item.pieces) : keptLines(item.text));
		default:
			return 1;
	}
}

type Numbered = {
	view: SessionView;
	rev: number;
	entries: DocumentEntries;
	byId?: Map<number, number>;
	nested: boolean;
	parents: number[];
	/** Without nesting: each entry's item, its revision and its count when last counted. */
	items: Item[];
	revs: number[];
	counts: number[];
};

/** Numbers a session's lines, a subagent's after its pane, keeping each item's count while it does not change. */
export class LineNumbering {
	private readonly counts = new WeakMap<Item, {rev: number; lines: number}>();
	/** A streaming text's whole pieces counted so far (only the last piece grows): a frame counts its last piece alone. */
	private readonly pieceCounts = new WeakMap<readonly string[], {whole: number; newlines: number}>();
	private readonly streamed = (pieces: readonly string[]): number => {
		let known = this.pieceCounts.get(pieces);
		if (!known || known.whole > pieces.length - 1) known = {whole: 0, newlines: 0};
		for (; known.whole < pieces.length - 1; known.whole++) known.newlines += newlinesIn(pieces[known.whole]!);
		this.pieceCounts.set(pieces, known);
		return known.newlines + newlinesIn(pieces[pieces.length - 1] ?? '') + openLine(pieces);
	};
	private last?: Numbered;

	/** The index of `view`'s lines. */
	entries(view: SessionView): DocumentEntries {
		return this.numbered(view).entries;
	}

	/** The first line of item `itemId`'s pane, or undefined for an item not in the session. */
	startOf(view: SessionView, itemId: number): number | undefined {
		const index = this.indexOf(view, itemId);
		return index === -1 ? undefined : this.numbered(view).entries.starts[index];
	}

	/** The entry of item `itemId`, or -1. */
	indexOf(view: SessionView, itemId: number): number {
		const numbered = this.numbered(view);
		const {ids, count} = numbered.entries;
		if (!numbered.nested) {
			// One session's ids grow in reading order.
			let low = 0;
			let high = count - 1;
			while (low <= high) {
				const middle = (low + high) >>> 1;
				const id = ids[middle]!;
				if (id === itemId) return middle;
				if (id < itemId) low = middle + 1;
				else high = middle - 1;
			}
			return -1;
		}
		if (!numbered.byId) {
			numbered.byId = new Map();
			for (let i = 0; i < count; i++) numbered.byId.set(ids[i]!, i);
		}
		return numbered.byId.get(itemId) ?? -1;
	}

	/** The subagent panes item `itemId` is nested in, outermost first. */
	ancestorsOf(view: SessionView, itemId: number): number[] {
		const numbered = this.numbered(view);
		const ancestors: number[] = [];
		for (let at = numbered.parents[this.indexOf(view, itemId)]; at !== undefined; at = numbered.parents[at])
			ancestors.unshift(numbered.entries.ids[at]!);
		return ancestors;
	}

	private numbered(view: SessionView): Numbered {
		if (this.last && this.last.view === view && this.last.rev === view.rev) return this.last;
		if (this.last && this.last.view === view && !this.last.nested) {
			const flat = this.flatAgain(this.last, view);
			if (flat) return flat;
		}
		const ids: number[] = [];
		const counts: number[] = [];
		// The entry of each nested item's subagent pane (only nested items are listed).
		const parents: number[] = [];
		let nested = false;
		const walk = (items: readonly Item[], parent: number): void => {
			for (const item of items) {
				const at = ids.length;
				ids.push(item.id);
				counts.push(this.countOf(item));
				if (parent !== -1) parents[at] = parent;
				if (item.kind === 'subagent' && item.child && item.child.items.length > 0) {
					nested = true;
					walk(item.child.items, at);
				}
			}
		};
		walk(view.items, -1);
		const entries = documentEntries(ids, counts);
		const revs = nested ? [] : view.items.map(item => item.rev);
		this.last = {view, rev: view.rev, entries, nested, parents, items: nested ? [] : view.items.slice(), revs, counts};
		return this.last;
	}

	/**
	 * The numbering of a session with no subagent's panes in it, made again from the last one:
	 * only the items that changed are counted again, and the lines before the first whose count
	 * changed are not summed again (a frame of a growing session costs a look at each item's
	 * revision, not a count). Undefined when a subagent's session now has items (made anew).
	 */
	private flatAgain(last: Numbered, view: SessionView): Numbered | undefined {
		const {items: known, revs, counts} = last;
		const items = view.items;
		let first = Math.min(known.length, items.length);
		for (let i = 0; i < items.length; i++) {
			const item = items[i]!;
			if (known[i] === item && revs[i] === item.rev) continue;
			if (item.kind === 'subagent' && item.child && item.child.items.length > 0) return undefined;
			known[i] = item;
			revs[i] = item.rev;
			(last.entries.ids as number[])[i] = item.id;
			const lines = paneLineCount(item, this.streamed);
			if (counts[i] !== lines || i >= last.entries.count) {
				counts[i] = lines;
				if (i < first) first = i;
			}
		}
		known.length = items.length;
		revs.length = items.length;
		counts.length = items.length;
		const ids = last.entries.ids as number[];
		const starts = last.entries.starts as number[];
		ids.length = items.length;
		starts.length = items.length + 1;
		let total = first === 0 ? 0 : starts[first]!;
		for (let i = first; i < items.length; i++) {
			ids[i] = items[i]!.id;
			starts[i] = total;
			total += counts[i]!;
		}
		starts[items.length] = total;
		this.last = {...last, rev: view.rev, entries: {ids, starts, count: items.length, total}, byId: undefined};
		return this.last;
	}

	private countOf(item: Item): number {
		const known = this.counts.get(item);
		if (known && known.rev === item.rev) return known.lines;
		const lines = paneLineCount(item, this.streamed);
		this.counts.set(item, {rev: item.rev, lines});
		return lines;
	}
}
