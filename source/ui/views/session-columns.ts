/**
 * A session on one row, as the picker and `--list` on a terminal draw it: columns as data,
 * each with the widest cell it needs, and an order in which columns leave when the row is
 * narrow, so that the prompt (what tells sessions apart) keeps its room. At the narrowest
 * the compact layout is left: live mark, short id, size, age, prompt (`↳` for a subagent's).
 * Adding a column is adding an entry to `sessionColumns`.
 */
import {serverCostText, type ServerPickerEntry} from '../../server/session-list.js';
import type {PickerEntry} from '../../server/session-switcher.js';
import {usdText} from '../../cost/arithmetic.js';
import {formatBytes, relativeTime} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import {seg, segmentsWidth, textWidth, truncateSegments, type Segment, type Style} from '../panes/segments.js';
import {glyph} from '../panes/theme.js';

export type {PickerEntry};

/** Whether an entry is a server's session. */
export function isServerEntry(entry: PickerEntry): entry is ServerPickerEntry {
	return 'kind' in entry && entry.kind === 'server';
}

/** What a cell may know besides its entry. */
export type CellContext = {
	now: number;
	selected: boolean;
	current: boolean /** Under its parent in the overview (0: top level). */;
	depth?: number;
};

/** A column of the row. */
export type SessionColumn = {
	name: string;
	/** The cell, unpadded. */
	cell(entry: PickerEntry, context: CellContext): Segment[];
	/** Columns wanted for `entries` at `now` (the widest cell, or less); 0 leaves the column out. */
	width(entries: readonly PickerEntry[], now: number): number;
	/** Padding goes before the cell (numbers) instead of after it. */
	right?: boolean;
	/** Spaces after the column. */
	gap: number;
	/** It may narrow to this many columns (its text cut) before anything leaves. */
	narrowest?: number;
	/** Columns leave the narrow row lowest first; a column without one stays. */
	leaves?: number;
};

/** The least room the prompt (or title) keeps: it is what tells sessions apart. */
export const promptRoom = 30;

const widest = (entries: readonly PickerEntry[], text: (entry: PickerEntry) => string): number =>
	entries.reduce((most, entry) => Math.max(most, textWidth(text(entry))), 0);

/** Values every one of several sessions share are said once (the picker's title), not in a column. */
const sharedBy = (entries: readonly PickerEntry[], text: (entry: PickerEntry) => string): boolean =>
	entries.length > 1 && entries.every(entry => text(entry) === text(entries[0]!));

/** `project/agent`, or the folder of a session outside the usual layout. */
export function whereOf(entry: PickerEntry): string {
	if (isServerEntry(entry)) return sanitize(`${entry.project}/${entry.agent}`);
	return sanitize(
		entry.project !== undefined ? `${entry.project}/${entry.agent ?? '?'}` : (entry.folder.split(/[\\/]/).pop() ?? ''),
	);
}

/** The model (else the provider) the session ran on. */
export function modelOf(entry: PickerEntry): string {
	return sanitize(entry.model ?? entry.provider ?? '?');
}

/** `12-02 14:43`, local time. */
export function startText(ms: number): string {
	if (!Number.isFinite(ms)) return '?';
	const d = new Date(ms);
	const p = (n: number): string => String(n).padStart(2, '0');
	return `${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The last eight characters of a session id (its random part). */
function shortOf(entry: PickerEntry): string {
	const id = sanitize(entry.sessionId);
	return id.length > 8 ? id.slice(-8) : id;
}

/** When a session was last active: its newest message on disk (a copied file's time says nothing), a server's word. */
export function lastActiveMs(entry: PickerEntry): number {
	const ms = Date.parse(
		!isServerEntry(entry) && entry.lastMessageAt !== undefined ? entry.lastMessageAt : entry.lastActivityAt,
	);
	return Number.isFinite(ms) ? ms : 0;
}

const ageOf = (entry: PickerEntry, now: number): string => relativeTime(Math.max(0, now - lastActiveMs(entry)));
const sizeOf = (entry: PickerEntry): string => (isServerEntry(entry) ? '' : formatBytes(entry.size));
// On disk priced by --list only (commands/list-cost.ts); a server's entries carry the server's figure once it came.
const costOf = (entry: PickerEntry): string =>
	isServerEntry(entry) ? serverCostText(entry) : entry.costUsd === undefined ? '' : usdText(entry.costUsd);
const hl = (context: CellContext, style: Style = {}): Style =>
	context.selected ? {...style, inverse: true, dim: false} : style;

/** The first prompt (a server's session: its title), on one line. */
export function promptOf(entry: PickerEntry): string {
	if (isServerEntry(entry))
		return entry.title !== undefined ? sanitize(entry.title).replace(/\s+/g, ' ') : '(no title yet)';
	if (entry.firstPrompt !== undefined) return sanitize(entry.firstPrompt).replace(/\s+/g, ' ');
	return entry.unreadableHeadLines ? '(unreadable head)' : '(no prompt)';
}

/** The columns before the prompt, in order. */
export const sessionColumns: readonly SessionColumn[] = [
	{
		name: 'live',
		cell: entry => [
			entry.live
				? seg('●', {color: isServerEntry(entry) && entry.state === 'compacting' ? 'yellow' : 'green'})
				: seg(' '),
		],
		width: () => 1,
		gap: 1,
	},
	{
		name: 'start',
		cell: (entry, context) => [
			seg(entry.startedAt ? startText(Date.parse(entry.startedAt)) : '?', hl(context, {dim: true})),
		],
		width: () => 11,
		gap: 2,
		leaves: 4,
	},
	{
		name: 'id',
		cell: (entry, context) => [
			seg(shortOf(entry), hl(context, {color: 'cyan', bold: context.current})),
			seg(context.current ? '*' : ' ', {color: 'cyan'}),
		],
		width: entries => widest(entries, shortOf) + 1,
		gap: 1,
	},
	{
		name: 'where',
		cell: (entry, context) => [seg(whereOf(entry), hl(context))],
		// Wide enough for the server's own default_project/default_agent.
		width: entries => (sharedBy(entries, whereOf) ? 0 : Math.min(32, widest(entries, whereOf))),
		gap: 2,
		narrowest: 12,
		leaves: 3,
	},
	{
		name: 'model',
		cell: (entry, context) => [seg(modelOf(entry), hl(context, {dim: true}))],
		width: entries => (sharedBy(entries, modelOf) ? 0 : Math.min(24, widest(entries, modelOf))),
		gap: 2,
		narrowest: 10,
		leaves: 1,
	},
	{
		name: 'cost',
		cell: (entry, context) => [seg(costOf(entry), hl(context))],
		width: entries => widest(entries, costOf),
		right: true,
		gap: 2,
		leaves: 2,
	},
	{
		name: 'size',
		cell: (entry, context) => [seg(sizeOf(entry), hl(context, {dim: true}))],
		width: entries => widest(entries, sizeOf),
		right: true,
		gap: 2,
	},
	{
		name: 'age',
		cell: (entry, context) => [
			seg(ageOf(entry, context.now), hl(context, entry.live ? {color: 'green'} : {dim: true})),
		],
		// At least "just now": the column keeps its place as the ages grow.
		width: (entries, now) =>
			Math.max(
				8,
				widest(entries, entry => ageOf(entry, now)),
			),
		right: true,
		gap: 2,
	},
];

/** Each column's width for rows of `width` columns; 0: left out. */
export type ColumnWidths = readonly number[];

/**
 * The widths of `columns` for `entries` on rows of `width` columns: narrowed, then left out
 * in their order, until the prompt has `promptRoom` (or nothing more can go). `width`
 * undefined: every column as wide as its widest cell.
 */
export function fitSessionColumns(
	entries: readonly PickerEntry[],
	width: number | undefined,
	now: number,
	columns: readonly SessionColumn[] = sessionColumns,
): ColumnWidths {
	const widths = columns.map(column => column.width(entries, now));
	if (width === undefined) return widths;
	const used = (): number => widths.reduce((sum, w, i) => sum + (w > 0 ? w + columns[i]!.gap : 0), 0);
	if (used() + promptRoom <= width) return widths;
	columns.forEach((column, i) => {
		if (column.narrowest !== undefined) widths[i] = Math.min(widths[i]!, column.narrowest);
	});
	const leaving = columns
		.map((column, i) => ({i, order: column.leaves}))
		.filter((c): c is {i: number; order: number} => c.order !== undefined)
		.sort((a, b) => a.order - b.order);
	for (const {i} of leaving) {
		if (used() + promptRoom <= width) break;
		widths[i] = 0;
	}
	return widths;
}

/** One session on one row: the fitted columns, then the prompt (cut to `width` when given). */
export function sessionRow(
	entry: PickerEntry,
	widths: ColumnWidths,
	context: CellContext,
	width?: number,
	columns: readonly SessionColumn[] = sessionColumns,
): Segment[] {
	const out: Segment[] = [];
	columns.forEach((column, i) => {
		const w = widths[i]!;
		if (w <= 0) return;
		const cell = truncateSegments(column.cell(entry, context), w);
		const pad = seg(' '.repeat(Math.max(0, w - segmentsWidth(cell))));
		out.push(...(column.right ? [pad, ...cell] : [...cell, pad]), seg(' '.repeat(column.gap)));
	});
	if ((context.depth ?? 0) > 1) out.push(seg('  '.repeat(context.depth! - 1)));
	if (entry.source === 'subagent' || (context.depth ?? 0) > 0) out.push(seg('↳ ', {color: 'magenta'}));
	// A session that waits for a decision is found without opening it (the overview says it in its state column).
	if (isServerEntry(entry) && entry.waiting > 0 && !columns.some(column => column.name === 'state'))
		out.push(seg(`${glyph.waiting} ${entry.waiting}`, {color: 'yellow', bold: true}), seg(' '));
	out.push(seg(promptOf(entry), hl(context)));
	return width !== undefined && segmentsWidth(out) > width ? truncateSegments(out, width) : out;
}
