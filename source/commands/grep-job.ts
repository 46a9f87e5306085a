/**
 * One session's search for `--grep`, with what it writes: the one home of that work, run in the program's own thread
 * or in a worker thread (grep-worker.ts, grep-threads.ts) alike. What a job needs crosses to a worker as plain data.
 */
import {anchorPlan, scanTraceFiles, type scanKernel} from '../io/grep-scan.js';
import {lineBytesMatches} from '../ui/reading/content-matches.js';
import {rawTextLines} from '../ui/reading/search-match.js';
import {writtenAsIs} from '../model/written-as-is.js';
import type {ContentPattern} from '../ui/reading/content-pattern.js';
import {matchLine, matchRecord, type MatchPlace} from './grep-output.js';
import type {GrepSession} from './grep-sessions.js';

/** What is written: a line per match, a JSON line per match, the ids of sessions that match, or their counts. */
export type GrepMode = 'lines' | 'json' | 'files' | 'count';

/** What one session's search found: its matching lines (grep -c's count), the first of them. */
export type SessionFound = {count: number; first?: string; error?: string};

/** A pattern as plain data (a RegExp does not cross to a worker). */
export type PatternData = {source: string; flags: string; anchor: string; query: string};

/** One session to search, and how its matches are written. */
export type GrepJob = {session: GrepSession; pattern: PatternData; mode: GrepMode; color: boolean; openQuery: string};

/** The pattern as data. */
export function patternData(pattern: ContentPattern): PatternData {
	return {source: pattern.regex.source, flags: pattern.regex.flags, anchor: pattern.anchor, query: pattern.query};
}

/** The pattern again from its data. */
export function patternOf(data: PatternData): ContentPattern {
	return {regex: new RegExp(data.source, data.flags), anchor: data.anchor, query: data.query};
}

/** Searches `session`, handing each match to `onMatch` (which returns false to stop). */
export async function searchSession(
	session: GrepSession,
	pattern: ContentPattern,
	kernel: ReturnType<typeof scanKernel>,
	onMatch: (place: MatchPlace, match: ReturnType<typeof lineBytesMatches>[number]) => boolean,
): Promise<SessionFound> {
	let count = 0;
	let first: string | undefined;
	const files = session.shards.map(path => ({path, compressed: session.compressed || path.endsWith('.gz')}));
	const linesThatMay = pattern.anchor === '' ? undefined : rawTextLines(pattern.anchor);
	const plan = anchorPlan(pattern.anchor);
	const filter = plan ? {plan} : {asIs: writtenAsIs(pattern.regex)};
	const scanned = await scanTraceFiles(files, filter, kernel, candidate => {
		for (const match of lineBytesMatches(candidate, pattern.regex, linesThatMay)) {
			count++;
			first ??= match.line;
			const place = {sessionId: session.sessionId, shard: candidate.shard, traceLine: candidate.line};
			if (!onMatch(place, match)) return false;
		}
		return true;
	});
	return {count, first, ...scanned};
}

/**
 * Runs `job`, handing `write` the text its matches are written as (a line, or a JSON line, each; nothing for -l and
 * -c, whose line is the caller's once the session is done). `write` returns false once nobody reads: the search stops.
 */
export function runGrepJob(
	job: GrepJob,
	pattern: ContentPattern,
	kernel: ReturnType<typeof scanKernel>,
	write: (text: string) => boolean,
): Promise<SessionFound> {
	return searchSession(job.session, pattern, kernel, (place, match) => {
		if (job.mode === 'lines') return write(matchLine(place, match, job.color));
		if (job.mode === 'json') return write(matchRecord(place, match, job.openQuery));
		// -l needs one match of a session; -c needs every one.
		return job.mode !== 'files';
	});
}
