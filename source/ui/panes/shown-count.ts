/**
 * The footer's pane count counts what is drawn: a request that went well is an entry of the
 * layout but draws nothing (pane-kinds.ts), so it is left out of `pane N of M`, with a filter
 * or without. Counted as the session grows: entries seen before are not walked again, only the
 * few requests whose outcome may still change are looked at again.
 */
import type {Item} from '../../model/view-model.js';
import type {Layout} from './layout.js';
import {requestVisible} from './pane-kinds.js';

/** Whether an entry draws nothing, for good (a finished request that went well). */
const settledHidden = (item: Item): boolean =>
	item.kind === 'request' && (item.status === 'completed' || item.status === 'aborted');

/** Whether an entry draws nothing now (a request still running, or one that went well). */
export const drawsNothing = (item: Item): boolean => item.kind === 'request' && !requestVisible(item);

/** Counts a layout's entries that draw something, keeping what it walked for the next frame. */
export class ShownCount {
	private walked: Item[] = [];
	/** Indices of entries that draw nothing for good, ascending. */
	private hidden: number[] = [];
	/** Indices of requests whose outcome may still change. */
	private open: number[] = [];

	/** `pane index of count` in drawn entries: the entry's place among them, and how many there are. */
	position(layout: Layout, index: number): {index: number; count: number} {
		this.walk(layout);
		const openHidden = this.open.filter(at => drawsNothing(layout.item(at)));
		const before = (at: number): number => lowerBound(this.hidden, at) + openHidden.filter(i => i < at).length;
		return {index: index - before(index), count: layout.count - this.hidden.length - openHidden.length};
	}

	private walk(layout: Layout): void {
		const known = this.walked.length;
		// Another list of entries (a subagent opened, another session): walked again from the start.
		if (known > layout.count || (known > 0 && layout.item(known - 1) !== this.walked[known - 1])) {
			this.walked = [];
			this.hidden = [];
			this.open = [];
		}
		const stillOpen: number[] = [];
		for (const at of this.open) {
			if (settledHidden(layout.item(at))) this.hidden.splice(lowerBound(this.hidden, at), 0, at);
			else stillOpen.push(at);
		}
		this.open = stillOpen;
		for (let i = this.walked.length; i < layout.count; i++) {
			const item = layout.item(i);
			this.walked.push(item);
			if (settledHidden(item)) this.hidden.push(i);
			else if (item.kind === 'request') this.open.push(i);
		}
	}
}

/** How many of the ascending `values` are below `at`. */
function lowerBound(values: readonly number[], at: number): number {
	let low = 0;
	let high = values.length;
	while (low < high) {
		const mid = (low + high) >> 1;
		if (values[mid]! < at) low = mid + 1;
		else high = mid;
	}
	return low;
}
