/**
 * `--grep PATTERN [data root | folder | session …]`: every session's texts searched as grep
 * searches files, newest session first, each session's matches written as soon as it is read.
 * Exit 0 when something matched, 1 when nothing did, 2 when a session could not be read (it is
 * named on stderr; what was found elsewhere is still written).
 */
import {anchorPlan, scanKernel, scanTraceFiles} from '../io/grep-scan.js';
import {yieldToLoop} from '../io/yield-to-loop.js';
import type {SafeWriter} from '../output/safe-writer.js';
import {contentMatches} from '../ui/reading/content-matches.js';
import {contentPattern, type ContentPattern} from '../ui/reading/content-pattern.js';
import {matchLine, matchRecord, type MatchPlace} from './grep-output.js';
import {findGrepSessions, withinDates, type GrepSession} from './grep-sessions.js';

/** What is written: a line per match, a JSON line per match, the ids of sessions that match, or their counts. */
export type GrepMode = 'lines' | 'json' | 'files' | 'count';

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
};

/** What one session's search found: its matching lines (grep -c's count). */
export type SessionFound = {count: number; error?: string};

/** Searches `session`, handing each match to `onMatch` (which returns false to stop). */
export async function searchSession(
	session: GrepSession,
	pattern: ContentPattern,
	kernel: ReturnType<typeof scanKernel>,
	onMatch: (place: MatchPlace, match: ReturnType<typeof contentMatches>[number]) => boolean,
): Promise<SessionFound> {
	let count = 0;
	const files = session.shards.map(path => ({path, compressed: session.compressed || path.endsWith('.gz')}));
	const scanned = await scanTraceFiles(files, anchorPlan(pattern.anchor), kernel, candidate => {
		for (const match of contentMatches(candidate.text, pattern.regex)) {
			count++;
			const place = {sessionId: session.sessionId, shard: candidate.shard, traceLine: candidate.line};
			if (!onMatch(place, match)) return false;
		}
		return true;
	});
	return {count, ...scanned};
}

/** Runs the search over the sessions `targets` name (the data root's when none); the exit code. */
export async function grepCommand(targets: readonly string[], dataRoot: string, request: GrepRequest): Promise<number> {
	const {sessions, errors} = await findGrepSessions(targets, dataRoot);
	for (const error of errors) request.say(error);
	let matched = false;
	let failed = errors.length > 0;
	const kernel = scanKernel();
	for (const session of sessions) {
		if (!withinDates(session.stamp, request.since, request.until)) continue;
		if (request.out.isClosed()) break;
		const found = await searchSession(session, request.pattern, kernel, (place, match) => {
			if (request.mode === 'lines') request.out.write(matchLine(place, match, request.color));
			else if (request.mode === 'json') request.out.write(matchRecord(place, match, request.openQuery));
			// -l needs one match of a session; the others need every one.
			return request.mode !== 'files';
		});
		if (found.error !== undefined) {
			failed = true;
			request.say(found.error);
		}
		if (found.count > 0) {
			matched = true;
			if (request.mode === 'files') request.out.write(`${session.sessionId}\n`);
			if (request.mode === 'count') request.out.write(`${session.sessionId}:${found.count}\n`);
		}
		// What this session found reaches the reader before the next one is read.
		await yieldToLoop();
	}
	await request.out.flush();
	return failed ? 2 : matched ? 0 : 1;
}

/**
 * The picker's search of contents: each session of `sessions` (on disk) searched for `query` as the screen's search
 * reads it, `onHit` told of each that holds it; stops between sessions once `cancelled()` says so.
 */
export async function searchContents(
	sessions: ReadonlyArray<{sessionId: string; shards: readonly string[]}>,
	query: string,
	onHit: (sessionId: string, hit: {count: number; line: string}) => void,
	cancelled: () => boolean,
): Promise<void> {
	const pattern = contentPattern(query, {ignoreCase: false, fixed: false});
	if ('problem' in pattern) return;
	const kernel = scanKernel();
	for (const session of sessions) {
		if (cancelled()) return;
		let first: string | undefined;
		const found = await searchSession(
			{sessionId: session.sessionId, shards: [...session.shards], compressed: false, stamp: ''},
			pattern,
			kernel,
			(_place, match) => {
				first ??= match.line;
				return true;
			},
		);
		if (found.count > 0 && first !== undefined && !cancelled())
			onHit(session.sessionId, {count: found.count, line: first});
		// Keys are read between sessions.
		await yieldToLoop();
	}
}
