/** Print mode: writes each finalized entry of the store's session as plain text. */
import {sanitize} from '../render/sanitize.js';
import type {SessionStore} from '../model/session-store.js';
import {identityOf} from '../model/session/ids.js';
import type {FinalizedEntry} from '../model/session/core.js';
import type {Item, SessionView} from '../model/view-model.js';
import {PlainRenderer} from '../render/plain.js';
import type {Highlighter} from '../render/code-colour.js';
import {NestedBlocks} from './nested-blocks.js';
import {ByteBatcher} from './byte-batcher.js';
import type {PrerenderedOutputs} from '../fastpath/prerendered-outputs.js';
import type {PrerenderedArgs} from '../fastpath/prerendered-args.js';
import type {SafeWriter} from './safe-writer.js';

// Loaded with the printer: main.ts makes one when it prints plain text.
export {PrerenderedOutputs} from '../fastpath/prerendered-outputs.js';
export {PrerenderedArgs} from '../fastpath/prerendered-args.js';
export {lineCutter} from '../fastpath/line-cuts.js';

export type Attached = {
	/** Write what is left (and the closing totals) and stop listening. */
	finish(): void;
};

export type PrinterOptions = {
	color: boolean;
	/**
	 * Whether the store's model can be rebuilt under the printer (an SSE resync), so printed
	 * entries must be remembered to be skipped in the rebuilt history. A trace file is never
	 * rebuilt: remembering costs about 6 % of print mode's time on a large one.
	 */
	canRebuild?: boolean;
	/** Tool outputs made ready to print as they were read: the renderer takes them by their tokens. */
	prerendered?: PrerenderedOutputs;
	/** Calls' arguments made ready to print as they were read (without colour only). */
	prerenderedArgs?: PrerenderedArgs;
	/** The totals wait for `finish` (a server's prices may still come when the session ends). */
	totalsOnFinish?: boolean;
	/** What the input is called, for the header of a session that gives no id (render/plain.ts). */
	name?: string;
	/** Takes the notes about the input rather than the session (a later shard alone): stderr's, one line each. */
	aside?: (line: string) => void;
	/** With colour: code in colour (render/code-print.ts). */
	highlighter?: Highlighter;
};

export function attachPrinter(store: SessionStore, out: SafeWriter, options: PrinterOptions): Attached {
	const renderer = new PlainRenderer({
		color: options.color,
		prerendered: options.prerendered,
		prerenderedArgs: options.prerenderedArgs,
		name: options.name,
		prices: () => store.status.prices,
		highlighter: options.highlighter,
	});
	// Without colour, tool outputs' colours are dropped: the kernel can drop them too.
	if (options.prerendered && !options.color) options.prerendered.stripColor = true;
	// Lines are encoded into one buffer and written once per batch of inputs, never joined.
	const batch = new ByteBatcher(out);
	let totalsWritten = false;
	// Totals close a session that was shown: when nothing was read (a connection that failed,
	// an empty trace), stdout stays empty.
	let printedAny = false;
	const printed = options.canRebuild === false ? undefined : new PrintedEntries();
	let model = store.model;
	// How many times the model was rebuilt: an entry printed from an earlier model is not printed again.
	let generation = 0;
	let identities = new EntryIdentities();
	let blocks = new NestedBlocks();
	const write = (entry: FinalizedEntry): void => {
		if (options.aside && entry.item.kind === 'notice' && entry.item.aside) {
			options.aside(`penguin-view: note: ${sanitize(entry.item.text)}\n`);
			return;
		}
		// Rendered even when skipped: the renderer notes the session headers it has written.
		const lines = renderer.entry(entry);
		if (printed) {
			const key = identities.of(entry);
			// Not only while the history is applied: an entry it holds back (a header waiting for
			// its tool list) may come out after it.
			if (printed.before(key, generation)) return;
			printed.add(key, generation);
		}
		for (const line of lines) batch.line(line);
		if (lines.length > 0) printedAny = true;
	};
	// Entries are rendered after each input, as the message that made them final left them
	// (a later message may still change the item: a deny after the output, a second request
	// retrying this one). The model holds back an entry whose line can still gain something
	// (the session header its tool list, a run_subagent call its child): see takeFinalized.
	// So the output is a function of the messages, whatever reads the bytes came in.
	const accept = (entry: FinalizedEntry): void => blocks.accept(entry, write);
	const render = (all = false): void => {
		if (store.model !== model) {
			// An SSE resync rebuilds the model from history: what was printed already is not printed
			// again. It is known by what it stands for (the keys the screen's rebuild keeps ids by),
			// not by how it reads: a text printed as it streamed reads with another time in history.
			model = store.model;
			generation++;
			identities = new EntryIdentities();
			blocks = new NestedBlocks();
		}
		// A nested block stays whole: a parent's entries wait for its end (nested-blocks.ts).
		model.drainFinalized(all, accept);
		if (all) for (const entry of blocks.flush()) write(entry);
	};
	const writeTotals = (): void => {
		if (totalsWritten || !printedAny) return;
		totalsWritten = true;
		for (const line of renderer.totals(store.view)) batch.line(line);
		batch.flush();
	};
	const stopRendering = store.afterEachInput(() => render());
	const unsubscribe = store.subscribe(() => {
		render();
		batch.flush();
		if (store.view.ended && !options.totalsOnFinish) writeTotals();
	});
	render();
	batch.flush();
	return {
		finish() {
			render(true);
			batch.flush();
			writeTotals();
			stopRendering();
			unsubscribe();
		},
	};
}

/**
 * What a printed entry stands for: the session it is in, its item's identity (a tool call by its
 * id, a text as the n-th text of its session; see identityOf) and the moment of the item.
 */
class EntryIdentities {
	private readonly items = new WeakMap<Item, string>();
	private readonly counts = new WeakMap<SessionView, Map<string, number>>();

	of(entry: FinalizedEntry): string {
		let key = this.items.get(entry.item);
		if (key === undefined) {
			const identity = identityOf(entry.item);
			key = identity.key;
			if (identity.counted) {
				let counts = this.counts.get(entry.session);
				if (!counts) this.counts.set(entry.session, (counts = new Map()));
				const n = counts.get(key) ?? 0;
				counts.set(key, n + 1);
				key = `${key}#${n}`;
			}
			key = `${entry.depth === 0 ? '' : (entry.session.header.sessionId ?? '?')}|${key}`;
			this.items.set(entry.item, key);
		}
		return `${key}|${entry.what}`;
	}
}

// Enough to cover any history a resync brings back in practice, bounded for endless streams
// (a key is about 30 characters: a few MB at most).
const rememberedEntries = 100_000;

/** The entries printed lately, by identity, with the model (its generation) each was printed from. */
class PrintedEntries {
	private readonly printed = new Map<string, number>();
	/** How many slots of the ring each key holds. */
	private readonly slots = new Map<string, number>();
	// The keys in the order they were printed, a ring: the oldest is forgotten in O(1).
	// (Taking a Map's first key after many deletions walks past every deleted slot: on a
	// 1 GB trace that made print mode twice as slow.)
	private readonly order: string[] = [];
	private next = 0;

	add(key: string, generation: number): void {
		this.printed.set(key, generation);
		this.slots.set(key, (this.slots.get(key) ?? 0) + 1);
		if (this.order.length < rememberedEntries) {
			this.order.push(key);
			return;
		}
		const oldest = this.order[this.next]!;
		this.order[this.next] = key;
		this.next = (this.next + 1) % rememberedEntries;
		const left = (this.slots.get(oldest) ?? 1) - 1;
		if (left > 0) this.slots.set(oldest, left);
		else {
			this.slots.delete(oldest);
			this.printed.delete(oldest);
		}
	}

	/** Printed from an earlier model than `generation`. */
	before(key: string, generation: number): boolean {
		const at = this.printed.get(key);
		return at !== undefined && at < generation;
	}
}
