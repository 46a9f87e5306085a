/**
 * `penguin-view --sse http://HOST:PORT --list`: every session the server lets the user see,
 * across projects and agents, running ones first, then the most recently active; one line
 * each like the disk's list (running mark, calls waiting for approval, start, id, project/agent, model, title, last
 * active), or with `--json` one JSON line per session (the server's own record).
 */
import {alignedLines, fittedList, type CommandOutput} from '../commands/list.js';
import {safeJsonStringify} from '../export/safe-json.js';
import {localMinute, oneLine, relativeTime} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import {safeWriter} from '../output/safe-writer.js';
import {ServerApi} from './api.js';
import type {ServerAddress} from '../io/sse/server-address.js';
import {serverApiFor} from './server-mode.js';
import {ServerSessionList, type ServerPickerEntry} from './session-list.js';

/** `--list` with `--sse SERVER`: writes the listing, returns the exit code. */
export async function serverList(address: ServerAddress, flags: Flags, settings?: Settings): Promise<number> {
	const api = await serverApiFor(address, flags, settings);
	// On a terminal the lines fit its width; a pipe gets them whole.
	const width = process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : undefined;
	const listed = api instanceof ServerApi ? await serverListCommand(api, {json: flags.json, width}) : {exitCode: 1, stdout: '', stderr: `penguin-view: ${sanitize(api.message)}\n`};
	// Through a safe writer: `--list | head -1` closes the pipe early.
	const out = safeWriter(process.stdout);
	out.write(listed.stdout);
	process.stderr.write(listed.stderr);
	await out.flush();
	return listed.exitCode;
}

/** Lists the server's sessions; exit 1 when the server refused the list or a project in it. */
export async function serverListCommand(api: ServerApi, options: {json: boolean; now?: number; width?: number}): Promise<CommandOutput> {
	const now = options.now ?? Date.now();
	let listed;
	try {
		await api.connect();
		listed = await api.allSessions();
	} catch (error) {
		return {exitCode: 1, stdout: '', stderr: `penguin-view: ${sanitize(error instanceof Error ? error.message : String(error))}\n`};
	}
	const list = new ServerSessionList();
	list.replace(listed.sessions);
	const entries = list.entries();
	const stderr = listed.refused.map(line => `penguin-view: ${sanitize(line)}\n`).join('');
	const exitCode = listed.refused.length > 0 ? 1 : 0;
	if (entries.length === 0) return {exitCode: 1, stdout: '', stderr: `${stderr}penguin-view: no sessions on ${sanitize(api.base.host)}\n`};
	if (options.json) return {exitCode, stdout: entries.map(entry => `${safeJsonStringify(entry.session)}\n`).join(''), stderr};
	const stdout = options.width === undefined ? formatServerList(entries, now) : fittedList(entries, options.width, now);
	return {exitCode, stdout, stderr};
}

/** The listing for a pipe: aligned columns, every field whole, last activity last; every server-given string sanitized. */
export function formatServerList(entries: readonly ServerPickerEntry[], now: number): string {
	const rows = entries.map(entry => [
		entry.live ? entry.state : '',
		// Its own column, empty (and left out) when no session waits.
		entry.waiting > 0 ? `⏸ ${entry.waiting}` : '',
		entry.startedAt ? localMinute(Date.parse(entry.startedAt)) : '?',
		clean(entry.sessionId),
		clean(`${entry.project}/${entry.agent}`),
		clean([entry.provider, entry.model].filter(Boolean).join('/') || '?'),
		(entry.source === 'subagent' ? '↳ ' : '') + (entry.title !== undefined ? clean(entry.title) : '(no title yet)'),
		relativeTime(Math.max(0, now - Date.parse(entry.lastActivityAt))),
	]);
	return alignedLines(rows);
}

function clean(text: string): string {
	return sanitize(oneLine(text, Number.POSITIVE_INFINITY));
}
