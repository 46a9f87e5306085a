/**
 * `--grep PATTERN [data root | folder | session …]`: every session's texts searched as grep
 * searches files, newest session first, each session's matches written as soon as it is read.
 * Exit 0 when something matched, 1 when nothing did, 2 when a session could not be read (it is
 * named on stderr; what was found elsewhere is still written).
 */
import {statSync} from 'node:fs';
import {yieldToLoop} from '../io/yield-to-loop.js';
import type {SafeWriter} from '../output/safe-writer.js';
import {contentPattern, type ContentPattern} from '../ui/reading/content-pattern.js';
import {patternData, type GrepJob, type GrepMode} from './grep-job.js';
import {findGrepSessions, withinDates, type GrepSession} from './grep-sessions.js';
import {ownThread, threadMinBytes, workerThreads, type JobRunner} from './grep-threads.js';
import {inOrderPool} from './ordered-pool.js';

export type {GrepMode, SessionFound} from './grep-job.js';

/** A search's request. */
export type GrepRequest = {
	pattern: ContentPattern;
	/** The `+/…` query that opens a session at a match (grep-output.ts's openQuery). */
	openQuery: string;
	mode: GrepMode;
	color: boolean;
	since?: string;
	until?: string;
	out: SafeWriter;
	say: (text: string) => void;
	/** Worker threads to search in (settings' switch; undefined: one a core, at most 4, for 16 MiB or more). */
	threads?: number;
};

/** Where the jobs run: threads when asked for, or when there are cores and enough to read. */
function runnerFor(sessions: readonly GrepSession[], threads: number | undefined, cores: number): JobRunner {
	if (sessions.length < 2) return ownThread();
	if (threads !== undefined) return (threads > 1 && workerThreads(Math.min(threads, sessions.length))) || ownThread();
	let bytes = 0;
	for (const session of sessions)
		for (const shard of session.shards) bytes += statSync(shard, {throwIfNoEntry: false})?.size ?? 0;
	const count = Math.min(cores, 4, sessions.length);
	return (bytes >= threadMinBytes && count > 1 && workerThreads(count)) || ownThread();
}

/** Runs the search over the sessions `targets` name (the data root's when none); the exit code. */
export async function grepCommand(
	targets: readonly string[],
	dataRoot: string,
	request: GrepRequest,
	cores = 1,
): Promise<number> {
	const found = await findGrepSessions(targets, dataRoot);
	for (const error of found.errors) request.say(error);
	const sessions = found.sessions.filter(session => withinDates(session.stamp, request.since, request.until));
	const runner = runnerFor(sessions, request.threads, cores);
	const jobOf = (session: GrepSession): GrepJob => ({
		session,
		pattern: patternData(request.pattern),
		mode: request.mode,
		color: request.color,
		openQuery: request.openQuery,
	});
	let matched = false;
	let failed = found.errors.length > 0;
	const write = (text: string): void => {
		if (!request.out.isClosed()) request.out.write(text);
	};
	try {
		// Newest first, as found: the first session not yet written writes its matches as they come.
		await inOrderPool(
			sessions,
			runner.width,
			async (session, piece) => {
				const result = await runner.run(jobOf(session), text => {
					piece(text);
					return !request.out.isClosed();
				});
				// What this session found reaches the reader before the next one is read.
				await yieldToLoop();
				return result;
			},
			(result, session) => {
				if (result.error !== undefined) {
					failed = true;
					request.say(result.error);
				}
				if (result.count === 0) return;
				matched = true;
				if (request.mode === 'files') write(`${session.sessionId}\n`);
				if (request.mode === 'count') write(`${session.sessionId}:${result.count}\n`);
			},
			write,
			() => request.out.isClosed(),
		);
	} finally {
		await runner.close();
	}
	await request.out.flush();
	return failed ? 2 : matched ? 0 : 1;
}

/**
 * The picker's search of contents: each session of `sessions` (on disk) searched for `query` as the screen's search
 * reads it, `onHit` told of each that holds it; stops between sessions once `cancelled()` says so. The reading is done
 * in a worker thread (the program's own when run from the sources): the screen's keys and stream never wait for it.
 */
export async function searchContents(
	sessions: ReadonlyArray<{sessionId: string; shards: readonly string[]}>,
	query: string,
	onHit: (sessionId: string, hit: {count: number; line: string}) => void,
	cancelled: () => boolean,
): Promise<void> {
	const pattern = contentPattern(query, {ignoreCase: false, fixed: false});
	if ('problem' in pattern) return;
	const runner = workerThreads(1) ?? ownThread();
	try {
		for (const session of sessions) {
			if (cancelled()) return;
			const job: GrepJob = {
				session: {sessionId: session.sessionId, shards: [...session.shards], compressed: false, stamp: ''},
				pattern: patternData(pattern),
				mode: 'count',
				color: false,
				openQuery: '',
			};
			const found = await runner.run(job, () => true);
			if (found.count > 0 && found.first !== undefined && !cancelled())
				onHit(session.sessionId, {count: found.count, line: found.first});
			// Keys are read between sessions.
			await yieldToLoop();
		}
	} finally {
		await runner.close();
	}
}
