/**
 * The sessions under the data root as `--list`, the picker and the footer's offers show
 * them: each one's summary from session-locator, with what the head of its first shard says.
 */
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
	if (n >= 5 && parts[n - 2] === 'traces' && parts[n - 4] === 'agents')
		return {project: parts[n - 5], agent: parts[n - 3]};
	return {};
}
