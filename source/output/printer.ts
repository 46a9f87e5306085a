/** Print mode: writes each finalized entry of the store's session as plain text. */
import type {SessionStore} from '../model/store.js';
import {PlainRenderer} from '../render/plain.js';
import type {SafeWriter} from './safe-writer.js';

export type Attached = {
	/** Write what is left (and the closing totals) and stop listening. */
	finish(): void;
};

export function attachPrinter(store: SessionStore, out: SafeWriter, options: {color: boolean}): Attached {
	const renderer = new PlainRenderer(options);
	let totalsWritten = false;
	const drain = (): void => {
		const entries = store.model.takeFinalized();
		if (entries.length === 0) return;
		const lines: string[] = [];
		for (const entry of entries) lines.push(...renderer.entry(entry));
		out.write(`${lines.join('\n')}\n`);
	};
	const writeTotals = (): void => {
		if (totalsWritten) return;
		totalsWritten = true;
		out.write(`${renderer.totals(store.view).join('\n')}\n`);
	};
	const unsubscribe = store.subscribe(() => {
		drain();
		if (store.view.ended) writeTotals();
	});
	drain();
	return {
		finish() {
			drain();
			writeTotals();
			unsubscribe();
		},
	};
}
