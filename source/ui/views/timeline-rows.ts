/**
 * The timeline drawn as rows: a summary, the token sparklines, the time axis, then one row
 * per request, tool call and compaction, each a label on the left and a bar on a shared time
 * axis on the right. Compactions also shade their columns in every row (a band). Pure: the
 * timeline model, a width, a window and the clock in, styled rows out.
 */
import type {TokenCounts} from '../../protocol/types.js';
import {formatClock, formatDuration, formatTokens} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import {summarizeToolCall} from '../../render/tool-summary.js';
import {
	isRunning,
	spanColumns,
	spanOf,
	sparkline,
	timeAxis,
	type TimeAxis,
	type Timeline,
	type TimelineRow,
} from '../../model/timeline.js';
import {
	fitMiddle,
	seg,
	segmentsWidth,
	truncateSegments,
	type Row,
	type Segment,
	type Style,
} from '../panes/segments.js';
import {glyph, spinnerAt, toolStateLook} from '../panes/theme.js';
import {shortId} from '../panes/pane-tool.js';
import {windowFor} from './picker.js';

/** What the timeline screen shows: which rows, and which one is selected. */
export type TimelineWindow = {
	/** Index of the first row shown. */
	top: number;
	/** Index of the selected row, -1 for none. */
	selected: number;
};

/** Rows above the list: summary, two sparklines, the axis (fewer on a short screen). */
export function timelineChrome(height: number): number {
	return height >= 8 ? 4 : height >= 4 ? 2 : 0;
}

/** The window that shows row `selected` of `count`, moving as little as possible from `top`. */
export function timelineWindow(count: number, listHeight: number, selected: number, top: number): TimelineWindow {
	if (count === 0) return {top: 0, selected: -1};
	return windowFor(count, listHeight, selected, top);
}

/** Everything `timelineScreen` needs besides the model. */
export type TimelineLook = {
	/** Columns for the rows (the body's gutter is the caller's). */
	width: number;
	/** Rows of the body. */
	height: number;
	window: TimelineWindow;
	now: number;
	/** What a request's tokens cost (`$0.0012`); undefined without a price. */
	costOf?: (usage: TokenCounts) => string | undefined;
	/** `+1 request not in the trace: title`: what a server billed beyond the trace, when it did. */
	outside?: string;
};

/** The timeline body: `height` rows at most; list rows carry their item's id, the chrome rows -1. */
export function timelineScreen(timeline: Timeline, look: TimelineLook): Row[] {
	const {width, height, now} = look;
	const axis = timeAxis(timeline, now);
	const labelWidth = Math.min(44, Math.max(22, Math.floor(width * 0.4)));
	const barWidth = Math.max(4, width - labelWidth - 1);
	const chrome = timelineChrome(height);
	const rows: Row[] = [];
	const top = (segments: Segment[]): void => {
		rows.push({itemId: -1, segments: truncateSegments(segments, width)});
	};
	if (chrome >= 2) {
		top(summaryRow(timeline, axis, look.outside));
		if (chrome >= 4) {
			top(
				sparkRow(
					'tokens / request',
					timeline.requests.map(request => request.usage?.total),
					labelWidth,
					barWidth,
					'cyan',
				),
			);
			top(
				sparkRow(
					'output / request',
					timeline.requests.map(request => request.usage?.output),
					labelWidth,
					barWidth,
					'magenta',
				),
			);
		}
		top(axisRow(axis, labelWidth, barWidth));
	}
	if (timeline.rows.length === 0) {
		top([seg(' no requests yet', {dim: true})]);
		return rows.slice(0, height);
	}
	const bands = axis ? compactionBands(timeline, axis, barWidth, now) : [];
	const end = Math.min(timeline.rows.length, look.window.top + Math.max(0, height - rows.length));
	for (let i = look.window.top; i < end; i++) {
		const row = timeline.rows[i]!;
		const label = fitLabel(labelOf(row, now, look.costOf), labelWidth);
		rows.push({itemId: row.itemId, segments: [...label, seg(' '), ...bar(row, axis, barWidth, bands, now)]});
	}
	return rows;
}

function summaryRow(timeline: Timeline, axis: TimeAxis | undefined, outside: string | undefined): Segment[] {
	const out: Segment[] = [
		seg(' timeline', {bold: true}),
		seg(
			`  ${timeline.requests.length} request${timeline.requests.length === 1 ? '' : 's'} · ` +
				`${timeline.toolCalls} tool call${timeline.toolCalls === 1 ? '' : 's'}`,
		),
	];
	if (outside !== undefined) out.push(seg(` · ${outside}`, {color: 'yellow'}));
	if (axis) {
		out.push(seg(`  ${formatClock(axis.start)} → ${formatClock(axis.end)}`, {dim: true}));
		out.push(seg(` (${formatDuration(axis.end - axis.start)})`, {dim: true}));
		if (axis.gaps.length > 0)
			out.push(seg(`  ┊ idle over ${Math.round(axis.gapMs / 1000)} s drawn shorter`, {dim: true}));
	}
	return out;
}

function sparkRow(
	label: string,
	values: ReadonlyArray<number | undefined>,
	labelWidth: number,
	barWidth: number,
	color: Style['color'],
): Segment[] {
	// The latest requests when there are more than columns.
	const shown = values.length > barWidth ? values.slice(values.length - barWidth) : values;
	const max = shown.reduce<number>((most, value) => Math.max(most, value ?? 0), 0);
	const parts = [
		part([seg(` ${label}`, {dim: true})]),
		...(max > 0 ? [part([seg(` ≤${formatTokens(max)}`, {dim: true})], 'whole')] : []),
	];
	return [...fitLabel(parts, labelWidth), seg(' '), seg(sparkline(shown), {color})];
}

function axisRow(axis: TimeAxis | undefined, labelWidth: number, barWidth: number): Segment[] {
	const label = fitLabel([seg(axis ? ` ${formatClock(axis.start)}` : ' time', {dim: true})], labelWidth);
	const cells = new Array<string>(barWidth).fill('─');
	cells[0] = '├';
	cells[barWidth - 1] = '┤';
	if (axis) {
		for (const gap of axis.gaps) {
			const {from} = spanColumns(axis, gap.from, gap.to, barWidth);
			cells[from] = '┊';
		}
	}
	return [...label, seg(' '), seg(cells.join(''), {dim: true})];
}

/** The columns compactions cover, shaded in every row. */
function compactionBands(
	timeline: Timeline,
	axis: TimeAxis,
	barWidth: number,
	now: number,
): Array<{from: number; to: number}> {
	const bands: Array<{from: number; to: number}> = [];
	for (const row of timeline.rows) {
		if (row.kind !== 'compaction') continue;
		const span = spanOf(row, now);
		if (span) bands.push(spanColumns(axis, span.start, span.end, barWidth));
	}
	return bands;
}

/**
 * A piece of a row's label: `whole` ones (a duration, a count) are shown whole or left out,
 * never cut inside a number; `middle` ones (a command) lose their middle; the rest their end.
 */
type LabelPart = {segments: Segment[]; cut?: 'whole' | 'middle'};

const part = (segments: Segment[], cut?: LabelPart['cut']): LabelPart => ({segments, cut});

function labelOf(row: TimelineRow, now: number, costOf: TimelineLook['costOf']): LabelPart[] {
	const span = spanOf(row, now);
	const duration = span ? formatDuration(span.end - span.start) : '';
	switch (row.kind) {
		case 'request': {
			const item = row.item;
			const look = requestLook(row);
			const out: LabelPart[] = [
				part([seg(' '), seg(look.mark, look.style), seg(' request', {bold: true})]),
				part([seg(` ${item.index}`, {bold: true})], 'whole'),
			];
			if (duration) out.push(part([seg(`  ${duration}`, {dim: true})], 'whole'));
			if (item.status !== 'completed' && item.status !== 'running')
				out.push(part([seg(`  ${sanitize(item.status)}`, look.style)]));
			if (item.attempt !== undefined && (item.attempt > 1 || item.retried || item.retryInMs !== undefined))
				out.push(part([seg(`  attempt ${item.attempt}`, {color: 'yellow'})], 'whole'));
			if (item.usage) out.push(part([seg(`  ${formatTokens(item.usage.total)} tok`, {color: 'cyan'})], 'whole'));
			const cost = item.usage && costOf?.(item.usage);
			if (cost) out.push(part([seg(`  ${cost}`)], 'whole'));
			return out;
		}
		case 'tool': {
			const item = row.item;
			const look = toolStateLook(item.state);
			const out: LabelPart[] = [
				part([
					seg(row.depth > 0 ? '    ' : ' '),
					seg(look.glyph ?? spinnerAt(now), look.style),
					seg(` ${sanitize(item.name) || 'tool'}`),
				]),
			];
			if (item.childSessionId)
				out.push(part([seg(` ${glyph.child} ${shortId(item.childSessionId)}`, {color: 'cyan'})], 'whole'));
			if (duration) out.push(part([seg(`  ${duration}`, {dim: true})], 'whole'));
			// Which call it is: 42 rows of `✓ exec_command 0.2 s` tell nothing apart.
			const gist = sanitize(summarizeToolCall(item.name, item.args, [], 1000).headline);
			if (gist !== '') out.push(part([seg(`  ${gist}`)], 'middle'));
			return out;
		}
		case 'compaction': {
			const item = row.item;
			const style: Style =
				item.status === 'completed' || item.status === 'running' ? {color: 'magenta'} : {color: 'red', bold: true};
			const out: LabelPart[] = [
				part([
					seg(' '),
					seg(item.status === 'running' ? spinnerAt(now) : '≋', style),
					seg(' compaction', {bold: true}),
				]),
			];
			if (duration) out.push(part([seg(`  ${duration}`, {dim: true})], 'whole'));
			if (item.status !== 'completed' && item.status !== 'running')
				out.push(part([seg(`  ${sanitize(item.status)}`, style)]));
			return out;
		}
	}
}

function requestLook(row: TimelineRow & {kind: 'request'}): {mark: string; style: Style; fill: Style} {
	const item = row.item;
	if (isRunning(row)) return {mark: '●', style: {color: 'cyan'}, fill: {color: 'cyan'}};
	if (item.status === 'completed') return {mark: glyph.ok, style: {color: 'green'}, fill: {color: 'green'}};
	if (item.status === 'aborted') return {mark: glyph.aborted, style: {color: 'yellow'}, fill: {color: 'yellow'}};
	if (item.retried || item.retryInMs !== undefined)
		return {mark: glyph.retry, style: {color: 'yellow'}, fill: {color: 'yellow'}};
	return {mark: glyph.fail, style: {color: 'red', bold: true}, fill: {color: 'red'}};
}

/** A label cut or padded to exactly `width` columns; a `whole` part that does not fit is left out, never cut. */
function fitLabel(parts: LabelPart[] | Segment[], width: number): Segment[] {
	const pieces: LabelPart[] =
		parts.length > 0 && 'segments' in parts[0]! ? (parts as LabelPart[]) : [part(parts as Segment[])];
	const out: Segment[] = [];
	let used = 0;
	for (const piece of pieces) {
		const w = segmentsWidth(piece.segments);
		if (used + w <= width) {
			out.push(...piece.segments);
			used += w;
			continue;
		}
		if (piece.cut === 'whole') continue;
		const room = width - used;
		if (piece.cut === 'middle' && piece.segments.length === 1) {
			const [only] = piece.segments;
			// Its two leading spaces stay; the text loses its middle.
			const lead = only!.text.match(/^ */)![0];
			if (room > lead.length + 4)
				out.push({...only!, text: lead + fitMiddle(only!.text.slice(lead.length), room - lead.length)});
		} else if (room > 1) {
			out.push(...truncateSegments(piece.segments, room));
		}
		break;
	}
	const left = width - segmentsWidth(out);
	return left > 0 ? [...out, seg(' '.repeat(left))] : out;
}

/** The row's bar on the axis: `█` for requests, `━` for tool calls, `▒` for compactions; bands shaded `░`. */
function bar(
	row: TimelineRow,
	axis: TimeAxis | undefined,
	width: number,
	bands: ReadonlyArray<{from: number; to: number}>,
	now: number,
): Segment[] {
	const span = axis ? spanOf(row, now) : undefined;
	const shade = new Array<boolean>(width).fill(false);
	for (const band of bands) for (let i = band.from; i <= band.to; i++) shade[i] = true;
	const blank = (from: number, to: number): Segment[] => {
		const out: Segment[] = [];
		let i = from;
		while (i < to) {
			const shaded = shade[i]!;
			let j = i;
			while (j < to && shade[j] === shaded) j++;
			out.push(shaded ? seg('░'.repeat(j - i), {color: 'magenta', dim: true}) : seg(' '.repeat(j - i)));
			i = j;
		}
		return out;
	};
	if (!axis || !span) return blank(0, width);
	const {from, to} = spanColumns(axis, span.start, span.end, width);
	let char: string;
	let style: Style;
	switch (row.kind) {
		case 'request':
			char = '█';
			style = requestLook(row).fill;
			break;
		case 'tool':
			char = '━';
			style = toolStateLook(row.item.state).style;
			break;
		case 'compaction':
			char = '▒';
			style = {color: 'magenta'};
			break;
	}
	const fill =
		span.running && to > from
			? [seg(char.repeat(to - from), style), seg('▶', style)]
			: [seg(char.repeat(to - from + 1), style)];
	return [...blank(0, from), ...fill, ...blank(to + 1, width)];
}
