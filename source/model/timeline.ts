/**
 * The timeline of a session, as data: one row per request (request_begin to request_end)
 * with the tool calls it made as spans under it (the call to its output), compactions as
 * bands, and a time axis that maps moments to a position between 0 and 1. Pure: the view
 * model and a clock in, rows out; drawing them is the screen's business (ui/views/timeline-rows.ts).
 *
 * Rows hold the items themselves, which the session model mutates in place, so that a row
 * always shows the item as it is now (a call that finished, a request that ended).
 */
import type {CompactionItem, RequestItem, SessionView, ToolCallItem} from './view-model.js';

/** One row of the timeline. */
export type TimelineRow =
	| {kind: 'request'; itemId: number; depth: 0; item: RequestItem}
	| {kind: 'tool'; itemId: number; depth: 0 | 1; item: ToolCallItem}
	| {kind: 'compaction'; itemId: number; depth: 0; item: CompactionItem};

/** The rows, and what the axis and sparklines need. */
export type Timeline = {
	rows: TimelineRow[];
	/** The session's requests in order, for the token sparklines. */
	requests: RequestItem[];
	toolCalls: number;
};

/** A moment-to-position map over the session's time, with long idle gaps shortened. */
export type TimeAxis = {
	/** Epoch ms of the first moment shown. */
	start: number;
	/** Epoch ms of the last moment shown (now, while something runs). */
	end: number;
	/** Idle stretches drawn shorter than they were: each as `gapMs`. */
	gaps: Array<{from: number; to: number}>;
	/** How long a shortened gap is drawn. */
	gapMs: number;
	/** Drawn length in ms: end - start, less what the gaps lost. */
	length: number;
};

/** Idle stretches longer than this are drawn as this long (a session waits on people for hours). */
export const defaultGapMs = 30_000;

/** The timeline rows of the main session (subagents appear as their run_subagent call). */
export function timelineOf(view: SessionView): Timeline {
	const rows: TimelineRow[] = [];
	const requests: RequestItem[] = [];
	let toolCalls = 0;
	let inRequest = false;
	for (const item of view.items) {
		switch (item.kind) {
			case 'request':
				rows.push({kind: 'request', itemId: item.id, depth: 0, item});
				requests.push(item);
				inRequest = true;
				break;
			case 'tool_call':
				// A call belongs to the request that asked for it: the last one before it.
				rows.push({kind: 'tool', itemId: item.id, depth: inRequest ? 1 : 0, item});
				toolCalls++;
				break;
			case 'compaction':
				rows.push({kind: 'compaction', itemId: item.id, depth: 0, item});
				// Calls after a compaction belong to the next request, not the one before it.
				inRequest = false;
				break;
			default:
				break;
		}
	}
	return {rows, requests, toolCalls};
}

/** When a row starts and ends; a running one ends now, one without a start has no span. */
export function spanOf(row: TimelineRow, nowMs: number): {start: number; end: number; running: boolean} | undefined {
	const start = row.item.at;
	if (start === undefined) return undefined;
	const running = isRunning(row);
	const end = row.item.endedAt ?? (running ? Math.max(start, nowMs) : start);
	return {start, end: Math.max(start, end), running};
}

/** Whether the row's span is still growing. */
export function isRunning(row: TimelineRow): boolean {
	switch (row.kind) {
		case 'request':
			return row.item.status === 'running' && row.item.endedAt === undefined;
		case 'tool':
			return (
				row.item.endedAt === undefined &&
				(row.item.state === 'running' || row.item.state === 'streaming' || row.item.state === 'awaiting_approval')
			);
		case 'compaction':
			return row.item.status === 'running' && row.item.endedAt === undefined;
	}
}

/** The axis for a timeline: from the first start to the last end (or now), long idle gaps shortened. */
export function timeAxis(timeline: Timeline, nowMs: number, gapMs = defaultGapMs): TimeAxis | undefined {
	const spans: Array<{start: number; end: number}> = [];
	for (const row of timeline.rows) {
		const span = spanOf(row, nowMs);
		if (span) spans.push(span);
	}
	if (spans.length === 0) return undefined;
	spans.sort((a, b) => a.start - b.start);
	const gaps: Array<{from: number; to: number}> = [];
	const start = spans[0]!.start;
	let reach = spans[0]!.end;
	for (const span of spans) {
		if (span.start - reach > gapMs) gaps.push({from: reach, to: span.start});
		reach = Math.max(reach, span.end);
	}
	const lost = gaps.reduce((sum, gap) => sum + (gap.to - gap.from - gapMs), 0);
	return {start, end: reach, gaps, gapMs, length: Math.max(1, reach - start - lost)};
}

/** Where moment `t` falls on the axis, from 0 (the start) to 1 (the end). */
export function axisPosition(axis: TimeAxis, t: number): number {
	const clamped = Math.min(axis.end, Math.max(axis.start, t));
	let drawn = clamped - axis.start;
	for (const gap of axis.gaps) {
		if (gap.from >= clamped) break;
		const length = gap.to - gap.from;
		// Inside a gap: the gap's drawn length, in proportion.
		const into = Math.min(clamped, gap.to) - gap.from;
		drawn -= into - (into / length) * axis.gapMs;
	}
	return Math.min(1, Math.max(0, drawn / axis.length));
}

/** The columns (first and last, inclusive) a span takes on a bar `columns` wide; at least one. */
export function spanColumns(axis: TimeAxis, start: number, end: number, columns: number): {from: number; to: number} {
	const last = Math.max(0, columns - 1);
	const from = Math.min(last, Math.floor(axisPosition(axis, start) * columns));
	const to = Math.min(last, Math.max(from, Math.ceil(axisPosition(axis, end) * columns) - 1));
	return {from, to};
}

const sparks = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

/** A sparkline of `values` (undefined: no data, drawn as a space), scaled to their largest. */
export function sparkline(values: ReadonlyArray<number | undefined>): string {
	let max = 0;
	for (const value of values) if (value !== undefined && value > max) max = value;
	let out = '';
	for (const value of values) {
		if (value === undefined || !(max > 0)) out += value === undefined ? ' ' : sparks[0];
		else out += sparks[Math.min(sparks.length - 1, Math.floor((value / max) * (sparks.length - 1) + 0.5))];
	}
	return out;
}
