/**
 * The screen as one document of lines, numbered as vim numbers folded text: every pane's
 * lines count whether its fold is open or closed, a wrapped line is one line, and a filter or
 * a resize renumbers nothing. The index holds one count per pane (its own lines: its head and
 * its body), in reading order, a subagent's panes right after its own; never a rendered row.
 * Line numbers here are 0-based; the footer and `:` add one.
 */

/** The document's panes in reading order: each item's id and how many lines it holds itself. */
export type DocumentEntries = {
	readonly ids: ArrayLike<number>;
	/** Lines before each entry: `starts[i + 1] - starts[i]` is entry i's own count. */
	readonly starts: ArrayLike<number>;
	/** How many entries there are (the arrays may be longer). */
	readonly count: number;
	/** All lines. */
	readonly total: number;
};

/** Where a line is: the item whose pane holds it, and the line within that pane. */
export type LinePlace = {itemId: number; line: number};

/** The entries for `counts` (pane ids and their own line counts, in reading order). */
export function documentEntries(ids: readonly number[], counts: readonly number[]): DocumentEntries {
	const starts = new Array<number>(ids.length + 1);
	let total = 0;
	for (let i = 0; i < ids.length; i++) {
		starts[i] = total;
		total += Math.max(0, counts[i]!);
	}
	starts[ids.length] = total;
	return {ids, starts, count: ids.length, total};
}

/** The entry holding line `line` (clamped to the document), -1 in an empty one. */
export function entryAt(entries: DocumentEntries, line: number): number {
	if (entries.total <= 0) return -1;
	const at = Math.max(0, Math.min(entries.total - 1, line));
	// The last entry that starts at or before the line: entries of no lines start where the next does.
	let low = 0;
	let high = entries.count - 1;
	while (low < high) {
		const middle = (low + high + 1) >>> 1;
		if (entries.starts[middle]! <= at) low = middle;
		else high = middle - 1;
	}
	return low;
}

/** Where line `line` is (clamped to the document); undefined in an empty one. */
export function placeOfLine(entries: DocumentEntries, line: number): LinePlace | undefined {
	const index = entryAt(entries, line);
	if (index === -1) return undefined;
	const at = Math.max(0, Math.min(entries.total - 1, line));
	return {itemId: entries.ids[index]!, line: at - entries.starts[index]!};
}

/** How many lines an entry holds itself. */
export function entryLines(entries: DocumentEntries, index: number): number {
	return entries.starts[index + 1]! - entries.starts[index]!;
}
