/**
 * What `--grep` writes for a match: grep's one line (`SHORT-ID  HH:MM:SS  KIND  text`, the
 * match coloured when colour is on), a JSON Lines record with what a script needs to open the
 * session at the match, and how to open it (`penguin-view SESSION +/PATTERN`).
 */
import {paint} from '../render/color.js';
import {formatClock} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import type {ContentMatch} from '../ui/reading/content-matches.js';
import {escapeRegExp} from '../model/regexp-escape.js';

/** How long a matched line is shown at most (characters): a longer one is cut around its first match. */
const shownLength = 200;

/** Where a match is: the session, and its place in the trace (file index among the session's, 1-based line). */
export type MatchPlace = {sessionId: string; shard: number; traceLine: number};

/** The last eight characters of a session id (its random part): what `--list` shows and opens by. */
export function shortSessionOf(sessionId: string): string {
	const id = sanitize(sessionId);
	return id.length > 8 ? id.slice(-8) : id;
}

/** The screen's search (`+/…`) that finds what `--grep` found: a literal's specials escaped, lower-cased for -i. */
export function openQuery(query: string, options: {fixed: boolean; ignoreCase: boolean}): string {
	const source = options.fixed ? escapeRegExp(query) : query;
	return options.ignoreCase && options.fixed ? source.toLowerCase() : source;
}

/** The words that open a session at its first match (each one a shell word, quoted when it needs to be). */
export function openCommand(sessionId: string, query: string): string {
	return ['penguin-view', sessionId, `+/${query}`].map(shellWord).join(' ');
}

function shellWord(word: string): string {
	return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** One match as grep's line. */
export function matchLine(place: MatchPlace, match: ContentMatch, color: boolean): string {
	const p = paint(color);
	const clock = match.at === undefined ? '--:--:--' : formatClock(match.at);
	const [from, to] = shownSpan(match);
	let text = from > 0 ? '…' : '';
	let at = from;
	for (const [start, end] of match.ranges) {
		if (end <= from || start >= to) continue;
		text += match.line.slice(at, Math.max(at, start)) + p.bold(p.red(match.line.slice(Math.max(at, start), end)));
		at = Math.min(end, to);
	}
	text += match.line.slice(at, to) + (to < match.line.length ? '…' : '');
	return `${p.magenta(shortSessionOf(place.sessionId))}  ${p.dim(clock)}  ${match.kind.padEnd(9)}  ${text}\n`;
}

// The part of a long line shown: from a little before its first match.
function shownSpan(match: ContentMatch): [number, number] {
	if (match.line.length <= shownLength) return [0, match.line.length];
	const from = Math.max(0, Math.min(match.ranges[0]![0] - 40, match.line.length - shownLength));
	return [from, from + shownLength];
}

/** One match as a JSON line. */
export function matchRecord(place: MatchPlace, match: ContentMatch, open: string): string {
	return `${JSON.stringify({
		sessionId: place.sessionId,
		item: `${place.shard}:${place.traceLine}`,
		shard: place.shard,
		traceLine: place.traceLine,
		kind: match.kind,
		time: match.at === undefined ? null : new Date(match.at).toISOString(),
		...(match.toolCallId ? {toolCallId: match.toolCallId} : {}),
		textLine: match.textLine,
		text: match.line,
		ranges: match.ranges,
		open: openCommand(place.sessionId, open),
	})}\n`;
}
