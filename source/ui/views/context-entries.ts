/**
 * The context view (C) as a list of entries, before any width: the ledger's rows, then what
 * fills the context now (a row per part) and the largest items. Each entry that stands for
 * something in the session carries that item's id (Enter goes to it), the others -1. Pure.
 */
import type {ContextLedger, LedgerRow} from '../../model/context-ledger.js';
import {contextPartList, largestPieces} from '../../model/context-fill.js';
import type {ContextFill, ContextPart, ContextPiece, PartTokens} from '../../model/context-fill.js';

export type ContextEntry =
	| {kind: 'ledger'; itemId: number; row: LedgerRow}
	| {kind: 'heading'; itemId: -1; text: string; detail?: string}
	| {kind: 'part'; itemId: -1; part: ContextPart; tokens: PartTokens; of: number}
	| {kind: 'piece'; itemId: number; piece: ContextPiece}
	| {kind: 'note'; itemId: -1; text: string}
	| {kind: 'blank'; itemId: -1};

/** What the view shows, and where its newest request is (the row a live view keeps selected). */
export type ContextScreen = {
	ledger: ContextLedger;
	fill: ContextFill;
	entries: ContextEntry[];
	newest: number;
	/** `+1 request not in the trace: title`: what a server billed beyond the trace, when it did. */
	outside?: string;
};

/** How estimated shares are found, said once under the parts. */
export const estimateNote =
	'~ part estimated: a step’s growth split by the characters of its items ' +
	'(a context’s first request, a step adding several kinds)';

/** The entries of the view. */
export function contextScreenOf(ledger: ContextLedger, fill: ContextFill, largest = 10): ContextScreen {
	const entries: ContextEntry[] = [];
	let newest = -1;
	for (const row of ledger.rows) {
		if (row.kind === 'request') newest = entries.length;
		entries.push({kind: 'ledger', itemId: itemIdOf(row), row});
	}
	if (ledger.rows.length === 0) entries.push({kind: 'note', itemId: -1, text: 'no requests yet'});
	entries.push({kind: 'blank', itemId: -1});
	if (fill.request) {
		const detail = `request ${fill.request.index}`;
		entries.push({kind: 'heading', itemId: -1, text: 'what fills the context now', detail});
		for (const part of contextPartList) {
			const tokens = fill.parts[part];
			if (tokens.tokens !== 0) entries.push({kind: 'part', itemId: -1, part, tokens, of: fill.prompt});
		}
		const estimated = contextPartList.some(part => fill.parts[part].estimated > 0);
		if (estimated) entries.push({kind: 'note', itemId: -1, text: estimateNote});
		const pieces = largestPieces(fill, largest);
		if (pieces.length > 0) {
			entries.push({kind: 'blank', itemId: -1});
			entries.push({kind: 'heading', itemId: -1, text: `the ${pieces.length} largest items`});
			for (const piece of pieces) entries.push({kind: 'piece', itemId: piece.item?.id ?? -1, piece});
		}
	} else {
		const text = 'what fills the context: once a request of this context reports its tokens';
		entries.push({kind: 'note', itemId: -1, text});
	}
	return {ledger, fill, entries, newest};
}

function itemIdOf(row: LedgerRow): number {
	return row.kind === 'billed' ? -1 : row.item.id;
}
