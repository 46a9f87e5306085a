/**
 * `penguin-view --list`: the sessions under the data root, most recently active first (the
 * order session-locator uses for "newest"), one line each; `--json` gives the same as JSON
 * Lines, one object a session, for scripts. Only the head of each session's first shard is read.
 */
import path from 'node:path';
import {measureWidth} from '../render/width.js';
import {listEntries, type ListEntry} from '../io/session-entries.js';
import {listSessions} from '../io/session-locator.js';
import {formatBytes, localMinute, oneLine, plural, relativeTime} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {safeJsonStringify} from '../export/safe-json.js';
import {rowText} from '../ui/panes/segments.js';
import {
	fitSessionColumns,
	promptRoom,
	sessionColumns,
	sessionRow,
	type PickerEntry,
} from '../ui/views/session-columns.js';
import {usdText} from '../cost/arithmetic.js';
import {addCosts, type PricesOf} from './list-cost.js';

/** The outcome of a command, for the caller to write out. */
export type CommandOutput = {exitCode: number; stdout: string; stderr: string};

/** `--list` and `--list --json`. */
export async function listCommand(options: {
	dataRoot: string;
	json: boolean;
	now?: number;
	width?: number;
	pricesOf?: PricesOf;
}): Promise<CommandOutput> {
	const now = options.now ?? Date.now();
	const listed = await listSessions(options.dataRoot);
	if (!listed.ok) return {exitCode: 1, stdout: '', stderr: `${sanitize(listed.message)}\n`};
	const entries = await listEntries(listed.sessions, options.dataRoot, now);
	const notices = options.pricesOf ? await addCosts(entries, options.pricesOf) : [];
	const said = notices.map(notice => `penguin-view: ${sanitize(notice)}\n`).join('');
	if (options.json)
		return {exitCode: 0, stdout: entries.map(entry => `${safeJsonStringify(entry)}\n`).join(''), stderr: said};
	if (entries.length === 0) {
		return {exitCode: 0, stdout: '', stderr: `no sessions found under ${sanitize(options.dataRoot)}\n`};
	}
	const stdout = options.width === undefined ? formatList(entries) : fittedList(entries, options.width, now);
	return {exitCode: 0, stdout, stderr: said};
}

/**
 * On a terminal: a line of headings, then the picker's rows (session-columns.ts) fitted to its
 * width, the prompt keeping its room (a server's list: the title).
 */
export function fittedList(
	entries: readonly PickerEntry[],
	width: number,
	now: number,
	lastHeading = 'PROMPT',
): string {
	const widths = headedWidths(fitSessionColumns(entries, width, now), width);
	const context = {now, selected: false, current: false};
	const rows = entries.map(entry => `${rowText(sessionRow(entry, widths, context, width)).trimEnd()}\n`);
	return [headingLine(widths, width, lastHeading), ...rows].join('');
}

// Each column's heading, as `ps` and `docker ps` write theirs; the prompt's comes last.
const headings: Readonly<Record<string, string>> = {
	start: 'STARTED',
	id: 'ID',
	where: 'PROJECT/AGENT',
	model: 'MODEL',
	cost: 'COST',
	size: 'SIZE',
	age: 'ACTIVE',
};

/** The columns widened to their headings (`COST` over `—`) while the prompt keeps its room; else as fitted. */
function headedWidths(widths: readonly number[], width: number): readonly number[] {
	const widened = widths.map((w, i) => (w > 0 ? Math.max(w, (headings[sessionColumns[i]!.name] ?? '').length) : 0));
	const used = widened.reduce((sum, w, i) => sum + (w > 0 ? w + sessionColumns[i]!.gap : 0), 0);
	return used + promptRoom <= width ? widened : widths;
}

/** The headings over the fitted columns: each cut to its column, numbers' headings on the right as their cells. */
function headingLine(widths: readonly number[], width: number, last: string): string {
	const cells = sessionColumns.map((column, i) => {
		const w = widths[i]!;
		if (w <= 0) return '';
		const name = (headings[column.name] ?? '').slice(0, w);
		const pad = ' '.repeat(w - name.length);
		return (column.right ? pad + name : name + pad) + ' '.repeat(column.gap);
	});
	return `${(cells.join('') + last).slice(0, width).trimEnd()}\n`;
}

/** The listing for a pipe: aligned columns, every field whole, the prompt last; every trace-borne string sanitized. */
export function formatList(entries: readonly ListEntry[]): string {
	const rows = entries.map(entry => [
		entry.startedAt ? localMinute(Date.parse(entry.startedAt)) : '?',
		entry.live ? 'live' : '',
		clean(entry.sessionId),
		clean(entry.project !== undefined ? `${entry.project}/${entry.agent}` : path.basename(entry.folder)),
		clean([entry.provider, entry.model].filter(Boolean).join('/') || '?'),
		entry.costUsd === undefined ? '' : usdText(entry.costUsd),
		plural(entry.shardCount, 'shard'),
		formatBytes(entry.size),
		relativeTime(entry.idleMs),
		(entry.source === 'subagent' ? '↳ ' : '') +
			(entry.firstPrompt !== undefined
				? clean(entry.firstPrompt)
				: entry.unreadableHeadLines
					? '(unreadable head)'
					: '(no prompt)'),
	]);
	return alignedLines(rows);
}

/**
 * Rows of cells as lines, each column as wide as its widest cell, the last one unpadded; a column empty in every row
 * takes no room.
 */
export function alignedLines(rows: readonly string[][]): string {
	const widths = rows[0]?.map((_, column) => Math.max(...rows.map(row => measureWidth(row[column]!)))) ?? [];
	const lines = rows.map(row =>
		row
			.map((cell, column) =>
				column === row.length - 1 ? cell : cell + ' '.repeat(widths[column]! - measureWidth(cell)),
			)
			.filter((_, column) => widths[column]! > 0 || column === row.length - 1)
			.join('  ')
			.trimEnd(),
	);
	return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** A trace-borne text on one line, whole, without control characters. */
function clean(text: string): string {
	return sanitize(oneLine(text, Number.POSITIVE_INFINITY));
}
