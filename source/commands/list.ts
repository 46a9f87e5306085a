/**
 * `penguin-view --list`: the sessions under the data root, most recently active first (the
 * order session-locator uses for "newest"), one line each; `--json` gives the same as an
 * array of objects for scripts. Only the head of each session's first shard is read.
 */
import path from 'node:path';
import stringWidth from 'string-width';
import {listSessions, type SessionSummary} from '../io/session-locator.js';
import {formatBytes, oneLine, plural} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {safeJsonStringify} from '../export/safe-json.js';
import {readTraceHead, type TraceHead} from './trace-head.js';

/** A session whose newest shard changed this recently (ms) is marked live. */
export const liveWithinMs = 60_000;

/** One listed session; `--list --json` writes an array of these. */
export type ListEntry = {
	sessionId: string;
	/** From the layout `<root>/<project>/agents/<agent>/traces/<date>/`, when the folder follows it. */
	project?: string;
	agent?: string;
	folder: string;
	shards: string[];
	shardCount: number;
	/** Bytes, all shards. */
	size: number;
	/** ISO time of the session_meta (else the first message), when the head had one. */
	startedAt?: string;
	/** ISO time of the newest shard's last modification. */
	lastActivityAt: string;
	/** Milliseconds from the last activity to `now`. */
	idleMs: number;
	live: boolean;
	provider?: string;
	model?: string;
	/** `subagent` or `schedule` when the session was not started by a user. */
	source?: string;
	/** The first user text, on one line, shortened. */
	firstPrompt?: string;
	/** Lines of the head that could not be read (a torn or garbage start). */
	unreadableHeadLines?: number;
};

/** The outcome of a command, for the caller to write out. */
export type CommandOutput = {exitCode: number; stdout: string; stderr: string};

// Heads read at once: enough to hide latency, few enough to keep file handles in check.
const concurrency = 8;
const promptChars = 200;

/** `--list` and `--list --json`. */
export async function listCommand(options: {dataRoot: string; json: boolean; now?: number; width?: number}): Promise<CommandOutput> {
	const now = options.now ?? Date.now();
	const listed = await listSessions(options.dataRoot);
	if (!listed.ok) return {exitCode: 1, stdout: '', stderr: `${sanitize(listed.message)}\n`};
	const entries = await listEntries(listed.sessions, options.dataRoot, now);
	if (options.json) return {exitCode: 0, stdout: `${safeJsonStringify(entries, 2)}\n`, stderr: ''};
	if (entries.length === 0) {
		return {exitCode: 0, stdout: '', stderr: `no sessions found under ${sanitize(options.dataRoot)}\n`};
	}
	return {exitCode: 0, stdout: formatList(entries, options.width), stderr: ''};
}

/** Entries for sessions as listSessions found them (order kept). */
export async function listEntries(sessions: readonly SessionSummary[], dataRoot: string, now: number): Promise<ListEntry[]> {
	const heads: TraceHead[] = new Array(sessions.length);
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < sessions.length) {
			const index = next++;
			heads[index] = await readTraceHead(sessions[index].shards[0]);
		}
	};
	await Promise.all(Array.from({length: Math.min(concurrency, sessions.length)}, worker));
	return sessions.map((session, index) => entryOf(session, heads[index], dataRoot, now));
}

function entryOf(session: SessionSummary, head: TraceHead, dataRoot: string, now: number): ListEntry {
	const {project, agent} = layoutOf(session.folder, dataRoot);
	const idleMs = Math.max(0, now - session.mtimeMs);
	return {
		sessionId: session.sessionId,
		...(project !== undefined ? {project} : {}),
		...(agent !== undefined ? {agent} : {}),
		folder: session.folder,
		shards: session.shards,
		shardCount: session.shards.length,
		size: session.size,
		...(head.startedAt !== undefined ? {startedAt: new Date(head.startedAt).toISOString()} : {}),
		lastActivityAt: new Date(session.mtimeMs).toISOString(),
		idleMs,
		live: now - session.mtimeMs < liveWithinMs,
		...(head.provider ? {provider: head.provider} : {}),
		...(head.modelId ? {model: head.modelId} : {}),
		...(head.source ? {source: head.source} : {}),
		...(head.firstPrompt !== undefined ? {firstPrompt: oneLine(head.firstPrompt, promptChars)} : {}),
		...(head.malformed > 0 ? {unreadableHeadLines: head.malformed} : {}),
	};
}

/** Project and agent names when `folder` is `…/<project>/agents/<agent>/traces/<date>`. */
export function layoutOf(folder: string, dataRoot: string): {project?: string; agent?: string} {
	const parts = path.relative(path.resolve(dataRoot), path.resolve(folder)).split(path.sep);
	const n = parts.length;
	if (n >= 5 && parts[n - 2] === 'traces' && parts[n - 4] === 'agents') return {project: parts[n - 5], agent: parts[n - 3]};
	return {};
}

/** "just now", "42 s ago", "5 m ago", "3 h ago", "2 d ago". */
export function relativeTime(idleMs: number): string {
	if (idleMs < 10_000) return 'just now';
	if (idleMs < 60_000) return `${Math.floor(idleMs / 1000)} s ago`;
	if (idleMs < 3_600_000) return `${Math.floor(idleMs / 60_000)} m ago`;
	if (idleMs < 86_400_000) return `${Math.floor(idleMs / 3_600_000)} h ago`;
	return `${Math.floor(idleMs / 86_400_000)} d ago`;
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

// Local time, like a terminal user reads a clock.
function localMinute(ms: number): string {
	if (!Number.isFinite(ms)) return '?';
	const d = new Date(ms);
	const p = (n: number): string => String(n).padStart(2, '0');
	return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
