/**
 * The sessions `--grep` searches: those under each folder named (a data root or any folder of
 * its layout, gzip traces too), each session named (a trace file or an id), or the data root's
 * when nothing is named; kept within `--since`/`--until`, newest first.
 */
import {stat} from 'node:fs/promises';
import path from 'node:path';
import {listSessions, locateSession} from '../io/session-locator.js';

/**
 * A session to search: its id, its files (`compressed`: all read through gunzip; else those named `.gz`), and its start
 * as session ids write it (`YYYY-MM-DD-HH-MM-SS`).
 */
export type GrepSession = {sessionId: string; shards: string[]; compressed: boolean; stamp: string};

/** The sessions found, and one line for each operand that could not be read. */
export type FoundSessions = {sessions: GrepSession[]; errors: string[]};

const stampPattern = /^session-(\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2})-/;

/** When a session started, as its id writes it (local time); else its files' last change, written the same way. */
export function sessionStamp(sessionId: string, mtimeMs: number): string {
	const fromId = stampPattern.exec(sessionId)?.[1];
	if (fromId !== undefined) return fromId;
	const d = new Date(mtimeMs);
	const p = (n: number): string => String(n).padStart(2, '0');
	const day = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
	return `${day}-${p(d.getHours())}-${p(d.getMinutes())}-${p(d.getSeconds())}`;
}

/** `--since`/`--until`'s value as a session id writes a time (`2026-12-02`, `2026-12-02 14:43`); undefined when not. */
export function readStamp(value: string): string | undefined {
	const written = value.trim().replace(/[T :]/g, '-');
	return /^\d{4}(?:-\d{2}){0,5}$/.test(written) ? written : undefined;
}

/** Whether `stamp` lies within `since` and `until` (each a start of a stamp, both ends included). */
export function withinDates(stamp: string, since: string | undefined, until: string | undefined): boolean {
	if (since !== undefined && stamp.slice(0, since.length) < since) return false;
	return until === undefined || stamp.slice(0, until.length) <= until;
}

/** The sessions under `targets` (the data root when none), newest first, each once. */
export async function findGrepSessions(targets: readonly string[], dataRoot: string): Promise<FoundSessions> {
	const errors: string[] = [];
	const byPath = new Map<string, GrepSession>();
	const add = (sessionId: string, shards: string[], compressed: boolean, mtimeMs: number): void => {
		if (shards.length === 0) return;
		// A rotated session's gzip shards are listed apart from its plain ones: one session again, its shards in order.
		const key = `${path.dirname(shards[0]!)}\0${sessionId}`;
		const known = byPath.get(key);
		if (known === undefined) {
			byPath.set(key, {sessionId, shards, compressed, stamp: sessionStamp(sessionId, mtimeMs)});
			return;
		}
		const more = shards.filter(shard => !known.shards.includes(shard));
		if (more.length === 0) return;
		known.shards = [...known.shards, ...more].sort((a, b) => (path.basename(a) < path.basename(b) ? -1 : 1));
		// Each file is then read as its name says (`.gz`: through gunzip).
		known.compressed = false;
	};
	for (const target of targets.length > 0 ? targets : [dataRoot]) {
		const info = await stat(target).catch(() => undefined);
		if (info?.isDirectory()) {
			// A folder names every session in it, gzip traces too.
			const listed = await listSessions(target, {gzip: true});
			if (!listed.ok) errors.push(listed.message);
			else for (const s of listed.sessions) add(s.sessionId, s.shards, s.compressed === true, s.mtimeMs);
			continue;
		}
		const located = await locateSession(target, {dataRoot});
		if (!located.ok) errors.push(located.message);
		else if (located.kind === 'stream') errors.push(`${target}: not a trace file, a session id or a folder`);
		else add(located.sessionId, located.shards, located.compressed === true, info?.mtimeMs ?? 0);
	}
	const sessions = [...byPath.values()].sort((a, b) =>
		a.stamp !== b.stamp ? (a.stamp < b.stamp ? 1 : -1) : a.sessionId < b.sessionId ? 1 : -1,
	);
	return {sessions, errors};
}
