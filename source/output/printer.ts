/** Print mode: writes each finalized entry of the store's session as plain text. */
import type {SessionStore} from '../model/store.js';
import {lineText, PlainRenderer, type PlainLine} from '../render/plain.js';
import {ByteBatcher} from './byte-batcher.js';
import type {PrerenderedOutputs} from './prerendered-outputs.js';
import type {SafeWriter} from './safe-writer.js';

// Loaded with the printer: main.ts makes one when it prints plain text.
export {PrerenderedOutputs} from './prerendered-outputs.js';

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
	/** The totals wait for `finish` (a server's prices may still come when the session ends). */
	totalsOnFinish?: boolean;
	/** What the input is called, for the header of a session that gives no id (render/plain.ts). */
	name?: string;
};

export function attachPrinter(store: SessionStore, out: SafeWriter, options: PrinterOptions): Attached {
	const renderer = new PlainRenderer({color: options.color, prerendered: options.prerendered, name: options.name, prices: () => store.status.prices});
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
	// While a rebuilt history is applied: how many times each entry has come again in it.
	let matched: Map<string, number> | undefined;
	// Entries are rendered after each input, as the message that made them final left them
	// (a later message may still change the item: a deny after the output, a second request
	// retrying this one). The model holds back an entry whose line can still gain something
	// (the session header its tool list, a run_subagent call its child): see takeFinalized.
	// So the output is a function of the messages, whatever reads the bytes came in.
	const render = (all = false): void => {
		if (store.model !== model) {
			// An SSE resync rebuilds the model from history: what was printed already is not printed again.
			model = store.model;
			matched = printed ? new Map() : undefined;
		}
		const entries = model.takeFinalized(all);
		for (const entry of entries) {
			const lines = renderer.entry(entry);
			if (printed) {
				const key = entryKey(entry.what, entry.depth, lines);
				if (matched) {
					// The n-th copy of an entry in the rebuilt history is skipped if it was printed n times.
					const seen = (matched.get(key) ?? 0) + 1;
					matched.set(key, seen);
					if (seen <= printed.count(key)) continue;
				}
				printed.add(key);
			}
			for (const line of lines) batch.line(line);
			if (lines.length > 0) printedAny = true;
		}
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
		// The rebuilt history (applied in one batch) is behind: what comes now is new.
		matched = undefined;
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

/** A cheap fingerprint of a printed entry: its first line (time, kind, ids) and its size. */
function entryKey(what: string, depth: number, lines: readonly PlainLine[]): string {
	let length = 0;
	for (const line of lines) {
		if (typeof line === 'string') length += line.length;
		else for (const piece of line) length += piece.length;
	}
	const first = lines[0];
	const head = first === undefined ? '' : typeof first === 'string' ? first : lineText(first.slice(0, 1));
	// A short hash of the head keeps each remembered key small.
	let hash = 5381;
	for (let i = 0; i < head.length && i < 200; i++) hash = ((hash * 33) ^ head.charCodeAt(i)) >>> 0;
	return `${what}|${depth}|${lines.length}|${length}|${hash.toString(36)}`;
}

// Enough to cover any history a resync brings back in practice, bounded for endless streams
// (a key is about 30 characters: a few MB at most).
const rememberedEntries = 100_000;

/** How many times each recent entry was printed. */
class PrintedEntries {
	private readonly counts = new Map<string, number>();
	// The keys in the order they were printed, a ring: the oldest is forgotten in O(1).
	// (Taking a Map's first key after many deletions walks past every deleted slot: on a
	// 1 GB trace that made print mode twice as slow.)
	private readonly order: string[] = [];
	private next = 0;

	add(key: string): void {
		this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
		if (this.order.length < rememberedEntries) {
			this.order.push(key);
			return;
		}
		const oldest = this.order[this.next]!;
		this.order[this.next] = key;
		this.next = (this.next + 1) % rememberedEntries;
		const left = (this.counts.get(oldest) ?? 1) - 1;
		if (left > 0) this.counts.set(oldest, left);
		else this.counts.delete(oldest);
	}

	count(key: string): number {
		return this.counts.get(key) ?? 0;
	}
}
