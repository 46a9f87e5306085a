/**
 * `--grep PATTERN --sse SERVER`: the sessions the server lists, searched through their traces over HTTP (the upstream
 * has no search route: `GET /api/sessions/:id/traces` and `…/traces/:index`, paged, with the program's request
 * limits), a few sessions at a time, written newest first as each is done; a progress line on a terminal's stderr.
 */
import {ServerApi} from '../server/api.js';
import {serverApiFor} from '../server/server-api-for.js';
import {entryOf} from '../server/session-list.js';
import type {ServerAddress} from '../io/sse/server-address.js';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import {eventMatches, type ContentMatch} from '../ui/reading/content-matches.js';
import {rawTextLines} from '../ui/reading/search-match.js';
import {matchLine, matchRecord, type MatchPlace} from './grep-output.js';
import {sessionStamp, withinDates} from './grep-sessions.js';
import type {GrepRequest} from './grep.js';
import {inOrderPool} from './ordered-pool.js';

/** How many sessions are asked for at once (each reads its shards one request at a time). */
export const sessionsAtOnce = 3;

/** What one session's trace held: its matches in order, or why it could not be read. */
type SessionResult = {matches: Array<{place: MatchPlace; match: ContentMatch}>; error?: string};

/** Searches the server's sessions as `request` says; `progress` hears how many of how many are done. The exit code. */
export async function serverGrep(
	address: ServerAddress,
	flags: Flags,
	settings: Settings,
	request: GrepRequest,
	progress: (done: number, total: number) => void = terminalProgress(),
): Promise<number> {
	const api = await serverApiFor(address, flags, settings);
	if (!(api instanceof ServerApi)) {
		request.say(api.message);
		return 2;
	}
	let listed;
	try {
		await api.connect();
		listed = await api.allSessions();
	} catch (error) {
		request.say(error instanceof Error ? error.message : String(error));
		return 2;
	}
	for (const refused of listed.refused) request.say(refused);
	const sessions = listed.sessions
		.map(session => {
			const entry = entryOf(session);
			const started = entry.startedAt === undefined ? Date.parse(entry.lastActivityAt) : Date.parse(entry.startedAt);
			return {sessionId: entry.sessionId, stamp: sessionStamp(entry.sessionId, started)};
		})
		.filter(session => withinDates(session.stamp, request.since, request.until))
		.sort((a, b) => (a.stamp !== b.stamp ? (a.stamp < b.stamp ? 1 : -1) : a.sessionId < b.sessionId ? 1 : -1));
	let matched = false;
	let failed = listed.refused.length > 0;
	let done = 0;
	progress(0, sessions.length);
	await inOrderPool(
		sessions,
		sessionsAtOnce,
		async session => searchOverHttp(api, session.sessionId, request),
		(result, session) => {
			// What is written starts on a line of its own, the progress line drawn again under it.
			progress(-1, sessions.length);
			if (result.error !== undefined) {
				failed = true;
				request.say(`${session.sessionId}: ${result.error}`);
			}
			if (result.matches.length > 0) {
				matched = true;
				write(request, session.sessionId, result.matches);
			}
			progress(++done, sessions.length);
		},
	);
	progress(-1, sessions.length);
	await request.out.flush();
	return failed ? 2 : matched ? 0 : 1;
}

async function searchOverHttp(api: ServerApi, sessionId: string, request: GrepRequest): Promise<SessionResult> {
	const matches: SessionResult['matches'] = [];
	const {anchor, regex} = request.pattern;
	const linesThatMay = anchor === '' ? undefined : rawTextLines(anchor);
	try {
		for (const file of await api.traceFiles(sessionId)) {
			await api.traceEvents(sessionId, file.index, (events, before) => {
				events.forEach((event, i) => {
					const place = {sessionId, shard: file.index, traceLine: before + i + 1};
					for (const match of eventMatches(event, regex, linesThatMay)) matches.push({place, match});
				});
			});
		}
	} catch (error) {
		return {matches, error: error instanceof Error ? error.message : String(error)};
	}
	return {matches};
}

function write(request: GrepRequest, sessionId: string, matches: SessionResult['matches']): void {
	const {out, mode} = request;
	if (mode === 'files') out.write(`${sessionId}\n`);
	else if (mode === 'count') out.write(`${sessionId}:${matches.length}\n`);
	else
		for (const {place, match} of matches)
			out.write(
				mode === 'json' ? matchRecord(place, match, request.openQuery) : matchLine(place, match, request.color),
			);
}

/** `searched 3 of 12 sessions` on stderr, redrawn in place, when stderr is a terminal; wiped at the end (-1). */
function terminalProgress(): (done: number, total: number) => void {
	if (process.stderr.isTTY !== true) return () => undefined;
	return (done, total) =>
		process.stderr.write(done < 0 ? '\r\u001B[K' : `\r\u001B[Ksearched ${done} of ${total} sessions…`);
}
