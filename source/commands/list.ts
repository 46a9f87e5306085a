/**
 * `penguin-view --list`: the sessions under the data root, most recently active first (the
 * order session-locator uses for "newest"), one line each; `--json` gives the same as an
 * array of objects for scripts. Only the head of each session's first shard is read.
 */
import path from 'node:path';
import stringWidth from 'string-width';
import {listEntries, type ListEntry} from '../io/session-entries.js';
import {listSessions} from '../io/session-locator.js';
import {formatBytes, localMinute, oneLine, plural, relativeTime} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {safeJsonStringify} from '../export/safe-json.js';
import {usdText} from '../cost/arithmetic.js';
import {addCosts, type PricesOf} from './list-cost.js';

/** The outcome of a command, for the caller to write out. */
export type CommandOutput = {exitCode: number; stdout: string; stderr: string};

/** `--list` and `--list --json`. */
export async function listCommand(options: {dataRoot: string; json: boolean; now?: number; width?: number; pricesOf?: PricesOf}): Promise<CommandOutput> {
	const now = options.now ?? Date.now();
	const listed = await listSessions(options.dataRoot);
	if (!listed.ok) return {exitCode: 1, stdout: '', stderr: `${sanitize(listed.message)}\n`};
	const entries = await listEntries(listed.sessions, options.dataRoot, now);
	const notices = options.pricesOf ? await addCosts(entries, options.pricesOf) : [];
	const said = notices.map(notice => `penguin-view: ${sanitize(notice)}\n`).join('');
	if (options.json) return {exitCode: 0, stdout: `${safeJsonStringify(entries, 2)}\n`, stderr: said};
	if (entries.length === 0) {
		return {exitCode: 0, stdout: '', stderr: `no sessions found under ${sanitize(options.dataRoot)}\n`};
	}
	return {exitCode: 0, stdout: formatList(entries, options.width), stderr: said};
}

/**
 * The plain listing: aligned columns, the prompt last; every trace-borne string sanitized.
 * With `width` (a terminal's, when standard output is one) each line is cut to it, the
 * prompt first: a pipe gets whole lines.
 */
export function formatList(entries: readonly ListEntry[], width?: number): string {
	const rows = entries.map(entry => [
		entry.startedAt ? localMinute(Date.parse(entry.startedAt)) : '?',
		entry.live ? 'live' : '',
		clean(entry.sessionId, 80),
		clean(entry.project !== undefined ? `${entry.project}/${entry.agent}` : path.basename(entry.folder), 40),
		clean([entry.provider, entry.model].filter(Boolean).join('/') || '?', 40),
		entry.costUsd === undefined ? '' : usdText(entry.costUsd),
		plural(entry.shardCount, 'shard'),
		formatBytes(entry.size),
		relativeTime(entry.idleMs),
		entry.firstPrompt !== undefined ? clean(entry.firstPrompt, 60) : entry.unreadableHeadLines ? '(unreadable head)' : '(no prompt)',
	]);
	const widths = rows[0]?.map((_, column) => Math.max(...rows.map(row => stringWidth(row[column])))) ?? [];
	const lines = rows.map(row =>
		row
			.map((cell, column) => (column === row.length - 1 ? cell : cell + ' '.repeat(widths[column] - stringWidth(cell))))
			// A column empty in every row (no live session) takes no room.
			.filter((_, column) => widths[column] > 0 || column === row.length - 1)
			.join('  ')
			.trimEnd(),
	);
	const fitted = width === undefined ? lines : lines.map(line => cutTo(line, width));
	return fitted.length > 0 ? `${fitted.join('\n')}\n` : '';
}

/** A line cut to `width` columns, ending in `…` when cut. */
function cutTo(line: string, width: number): string {
	if (stringWidth(line) <= width) return line;
	let out = '';
	let used = 0;
	for (const char of line) {
		const w = stringWidth(char);
		if (used + w > width - 1) break;
		out += char;
		used += w;
	}
	return `${out}…`;
}

function clean(text: string, max: number): string {
	return sanitize(oneLine(text, max));
}

