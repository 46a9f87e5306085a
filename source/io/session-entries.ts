/**
 * The sessions under the data root as `--list`, the picker and the footer's offers show
 * them: each one's summary from session-locator, with what the head of its first shard says.
 */
import {open} from 'node:fs/promises';
import path from 'node:path';
import {oneLine} from '../render/format.js';
import type {TailActivity} from '../render/overview-activity.js';
import type {SessionSummary} from './session-locator.js';
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
	/** ISO time of the newest message (never later than `lastActivityAt`), when its tail has a timestamp. */
	lastMessageAt?: string;
	/** Milliseconds from the newest message (else the last modification) to `now`: what "ago" says. */
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
	/** USD of the session's own requests, when its model has a price (`--list` only: commands/list-cost.ts). */
	costUsd?: number;
	/** Model requests so far (its token_usage lines; the picker's overview only). */
	requests?: number;
	/** What the end of its trace says it does now (the picker's overview only: io/disk-overview.ts). */
	activity?: TailActivity;
	/** The session whose `subagent` pointer names this one, when the overview has seen it. */
	parentId?: string;
};

// Heads read at once: enough to hide latency, few enough to keep file handles in check.
const concurrency = 8;
const promptChars = 200;

/** Entries for sessions as listSessions found them (order kept). */
export async function listEntries(
	sessions: readonly SessionSummary[],
	dataRoot: string,
	now: number,
): Promise<ListEntry[]> {
	const heads: TraceHead[] = new Array(sessions.length);
	const newest: Array<number | undefined> = new Array(sessions.length);
	let next = 0;
	const worker = async (): Promise<void> => {
		while (next < sessions.length) {
			const index = next++;
			heads[index] = await readTraceHead(sessions[index].shards[0]);
			const last = sessions[index].shards.at(-1);
			newest[index] = last === undefined ? undefined : await newestMessageAt(last);
		}
	};
	await Promise.all(Array.from({length: Math.min(concurrency, sessions.length)}, worker));
	return sessions.map((session, index) => entryOf(session, heads[index], newest[index], dataRoot, now));
}

/** Bytes read from the end of a session's newest shard for the time of its newest message. */
export const newestMessageBytes = 64 * 1024;

/**
 * The time (ms) of the newest message in `file`: the timestamp at the start of the last line that
 * starts in its last `bytes` (the harness writes `timestamp` first). Undefined when there is none
 * or the file cannot be read.
 */
export async function newestMessageAt(file: string, bytes = newestMessageBytes): Promise<number | undefined> {
	let handle;
	try {
		handle = await open(file, 'r');
		const {size} = await handle.stat();
		const length = Math.min(size, bytes);
		const buffer = Buffer.alloc(length);
		const {bytesRead} = await handle.read(buffer, 0, length, size - length);
		return lastLineTime(buffer.subarray(0, bytesRead).toString('utf8'), length === size);
	} catch {
		return undefined;
	} finally {
		await handle?.close().catch(() => undefined);
	}
}

const lineTime = /^\{\s*"timestamp"\s*:\s*"([^"]{1,64})"/;

/** The timestamp of the last line of `text` that has one at its start; `whole`: the text starts at a line's start. */
export function lastLineTime(text: string, whole: boolean): number | undefined {
	let end = text.length;
	while (end > 0) {
		const start = text.lastIndexOf('\n', end - 1);
		if (start < 0 && !whole) return undefined;
		const found = lineTime.exec(text.slice(start + 1, start + 1 + 128));
		const at = found ? Date.parse(found[1]!) : Number.NaN;
		if (Number.isFinite(at)) return at;
		if (start < 0) return undefined;
		end = start;
	}
	return undefined;
}

/** When a session was last active, as the listing says it: its newest message, never later than its file's time. */
export function activityTimes(
	mtimeMs: number,
	newestAt: number | undefined,
	now: number,
): Pick<ListEntry, 'lastActivityAt' | 'lastMessageAt' | 'idleMs' | 'live'> {
	const at = newestAt === undefined ? mtimeMs : Math.min(newestAt, mtimeMs);
	return {
		lastActivityAt: new Date(mtimeMs).toISOString(),
		...(newestAt !== undefined ? {lastMessageAt: new Date(at).toISOString()} : {}),
		idleMs: Math.max(0, now - at),
		live: now - at < liveWithinMs,
	};
}

function entryOf(
	session: SessionSummary,
	head: TraceHead,
	newestAt: number | undefined,
	dataRoot: string,
	now: number,
) {
	const {project, agent} = layoutOf(session.folder, dataRoot);
	return {
		sessionId: session.sessionId,
		...(project !== undefined ? {project} : {}),
		...(agent !== undefined ? {agent} : {}),
		folder: session.folder,
		shards: session.shards,
		shardCount: session.shards.length,
		size: session.size,
		...(head.startedAt !== undefined ? {startedAt: new Date(head.startedAt).toISOString()} : {}),
		...activityTimes(session.mtimeMs, newestAt, now),
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
	if (n >= 5 && parts[n - 2] === 'traces' && parts[n - 4] === 'agents')
		return {project: parts[n - 5], agent: parts[n - 3]};
	return {};
}
