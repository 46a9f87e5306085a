/**
 * The sessions under the data root as the overview shows them: the listing `--list` uses,
 * each session's head read once (kept while it is listed), and for each session written in
 * the last hour what the end of its newest shard says it does now (render/overview-activity.ts).
 * Bounded: a tail is the last `tailBytes` of one file, read again only when the file's size
 * or time changed; memory is a few small records per listed session, whatever their size.
 */
import {open} from 'node:fs/promises';
import {costOfUsage} from '../cost/arithmetic.js';
import {tailActivity, type TailActivity} from '../render/overview-activity.js';
import type {ReadPrices} from './project-prices.js';
import {SessionTallies, type Tally} from './session-tally.js';
import {activityTimes, listEntries, newestMessageAt, type ListEntry} from './session-entries.js';
import {listSessions, type SessionSummary} from './session-locator.js';

/** Bytes read from the end of an active session's newest shard. */
export const tailBytes = 32 * 1024;
/** Sessions written this recently (ms) have their tail read. */
export const activeWithinMs = 60 * 60_000;
// Tails read at once.
const concurrency = 8;

type Tail = {file: string; size: number; mtimeMs: number; activity: TailActivity};

/** The last `bytes` of `file` as whole lines (the first, cut, is left out); [] when it cannot be read. */
export async function readTailLines(file: string, bytes = tailBytes): Promise<string[]> {
	let handle;
	try {
		handle = await open(file, 'r');
		const {size} = await handle.stat();
		const length = Math.min(size, bytes);
		const buffer = Buffer.alloc(length);
		const {bytesRead} = await handle.read(buffer, 0, length, size - length);
		const lines = buffer.subarray(0, bytesRead).toString('utf8').split('\n');
		return length < size ? lines.slice(1) : lines;
	} catch {
		return [];
	} finally {
		await handle?.close().catch(() => undefined);
	}
}

/** A data root's sessions for the overview, read again on each `list`, reusing what did not change. */
export class DiskOverview {
	private readonly heads = new Map<string, ListEntry>();
	private readonly tails = new Map<string, Tail>();
	private readonly parents = new Map<string, string>();
	/** Each session's newest message time, read again when its file's time changes. */
	private readonly newest = new Map<string, {mtimeMs: number; at?: number}>();
	private readonly tallies = new SessionTallies();
	private readonly counted = new Map<string, {key: string; tally: Tally; costUsd?: number}>();
	private tallying: Promise<void> | undefined;

	constructor(
		private readonly dataRoot: string,
		private readonly limits: {tailBytes?: number; activeWithinMs?: number} = {},
		/** A session's prices (its project's, or --prices): the overview then shows what it cost. */
		private readonly pricesOf?: (tracePath: string) => Promise<ReadPrices>,
	) {}

	/** The requests, tokens and costs counted behind the listing are in (tests and the bench wait for it). */
	async settled(): Promise<void> {
		await this.tallying;
	}

	/** The sessions, most recently active first, each with its activity when it is active. */
	async list(now: number): Promise<ListEntry[]> {
		const listed = await listSessions(this.dataRoot);
		if (!listed.ok) throw new Error(listed.message);
		const entries = await this.entries(listed.sessions, now);
		await this.readTails(listed.sessions, now);
		const ids = new Set(listed.sessions.map(session => session.sessionId));
		for (const map of [this.heads, this.tails, this.parents, this.newest]) {
			for (const id of map.keys()) if (!ids.has(id)) map.delete(id);
		}
		for (const id of this.counted.keys()) if (!ids.has(id)) this.counted.delete(id);
		this.tallies.retain(new Set(listed.sessions.flatMap(session => session.shards)));
		for (const [id, tail] of this.tails) for (const child of tail.activity.children) this.parents.set(child, id);
		// Counted behind the listing: what is not in yet shows at the next one.
		this.tallying ??= this.count(entries).finally(() => (this.tallying = undefined));
		return entries.map(entry => {
			const activity = this.tails.get(entry.sessionId)?.activity;
			const parentId = this.parents.get(entry.sessionId);
			const counted = this.counted.get(entry.sessionId);
			const tokens = activity?.tokens ?? counted?.tally.tokens.total;
			return {
				...entry,
				...(activity || tokens !== undefined
					? {
							activity: {
								...(activity ?? {state: 'idle', waiting: 0, children: []}),
								...(tokens !== undefined ? {tokens} : {}),
							},
						}
					: {}),
				...(parentId !== undefined ? {parentId} : {}),
				...(counted ? {requests: counted.tally.requests} : {}),
				...(counted?.costUsd !== undefined ? {costUsd: counted.costUsd} : {}),
			};
		});
	}

	/** Counts each session whose size or time changed since it was last counted, two at a time. */
	private async count(entries: readonly ListEntry[]): Promise<void> {
		const due = entries.filter(
			entry => this.counted.get(entry.sessionId)?.key !== `${entry.size}:${entry.lastActivityAt}`,
		);
		let next = 0;
		const worker = async (): Promise<void> => {
			while (next < due.length) {
				const entry = due[next++]!;
				const tally = await this.tallies.tally(entry.shards);
				if (tally === undefined) continue;
				const read =
					this.pricesOf && entry.shards[0] !== undefined
						? await this.pricesOf(entry.shards[0]).catch(() => undefined)
						: undefined;
				const priced = read?.prices.rates(entry.provider, entry.model)
					? costOfUsage([{provider: entry.provider, modelId: entry.model, tokens: tally.tokens}], read.prices).usd
					: undefined;
				this.counted.set(entry.sessionId, {
					key: `${entry.size}:${entry.lastActivityAt}`,
					tally,
					...(priced !== undefined ? {costUsd: priced} : {}),
				});
			}
		};
		await Promise.all(Array.from({length: Math.min(2, due.length)}, worker));
	}

	/** Entries for the listing: heads read only for sessions not seen before (or seen before their first prompt). */
	private async entries(sessions: readonly SessionSummary[], now: number): Promise<ListEntry[]> {
		const unknown = sessions.filter(session => !this.heads.has(session.sessionId));
		const fresh = await listEntries(unknown, this.dataRoot, now);
		for (const entry of fresh) {
			// A head still being written may not hold its prompt yet: read it again next time.
			if (entry.firstPrompt !== undefined || !entry.live) this.heads.set(entry.sessionId, entry);
		}
		const byId = new Map(fresh.map(entry => [entry.sessionId, entry]));
		for (const entry of fresh) {
			const at = entry.lastMessageAt === undefined ? undefined : Date.parse(entry.lastMessageAt);
			this.newest.set(entry.sessionId, {mtimeMs: Date.parse(entry.lastActivityAt), ...(at !== undefined ? {at} : {})});
		}
		const stale = sessions.filter(session => this.newest.get(session.sessionId)?.mtimeMs !== session.mtimeMs);
		let next = 0;
		const worker = async (): Promise<void> => {
			while (next < stale.length) {
				const session = stale[next++]!;
				const file = session.shards.at(-1);
				const at = file === undefined ? undefined : await newestMessageAt(file);
				this.newest.set(session.sessionId, {mtimeMs: session.mtimeMs, ...(at !== undefined ? {at} : {})});
			}
		};
		await Promise.all(Array.from({length: Math.min(concurrency, stale.length)}, worker));
		return sessions.map(session => {
			const known = byId.get(session.sessionId) ?? this.heads.get(session.sessionId)!;
			const {lastMessageAt: _old, ...rest} = known;
			return {
				...rest,
				shards: session.shards,
				shardCount: session.shards.length,
				size: session.size,
				...activityTimes(session.mtimeMs, this.newest.get(session.sessionId)?.at, now),
			};
		});
	}

	private async readTails(sessions: readonly SessionSummary[], now: number): Promise<void> {
		const window = this.limits.activeWithinMs ?? activeWithinMs;
		const due: Array<{id: string; file: string; size: number; mtimeMs: number}> = [];
		for (const session of sessions) {
			const file = session.shards.at(-1);
			if (file === undefined || now - session.mtimeMs > window) {
				this.tails.delete(session.sessionId);
				continue;
			}
			const known = this.tails.get(session.sessionId);
			// The summary's size (all shards) and time change whenever the newest shard grows.
			const size = session.size;
			if (known?.file === file && known.size === size && known.mtimeMs === session.mtimeMs) continue;
			due.push({id: session.sessionId, file, size, mtimeMs: session.mtimeMs});
		}
		let next = 0;
		const worker = async (): Promise<void> => {
			while (next < due.length) {
				const {id, file, size, mtimeMs} = due[next++]!;
				const lines = await readTailLines(file, this.limits.tailBytes);
				this.tails.set(id, {file, size, mtimeMs, activity: tailActivity(lines)});
			}
		};
		await Promise.all(Array.from({length: Math.min(concurrency, due.length)}, worker));
	}
}
