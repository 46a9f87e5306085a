/**
 * `penguin-view --sse http://HOST:PORT --list`: every session the server lets the user see,
 * across projects and agents, running ones first, then the most recently active; one line
 * each like the disk's list (running mark, calls waiting for approval, start, id, project/agent, model, title, last
 * active), or with `--json` one JSON line per session (the server's own record). The cost
 * column is the server's own figure (server/usage-costs.ts), asked for beside the walk and waited
 * for a bounded time: without it the column says `—`, and one line says why.
 */
import {alignedLines, fittedList, type CommandOutput} from '../commands/list.js';
import {safeJsonStringify} from '../export/safe-json.js';
import {localMinute, oneLine, relativeTime} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import {safeWriter} from '../output/safe-writer.js';
import {ServerApi} from '../server/api.js';
import type {ServerAddress} from '../io/sse/server-address.js';
import {serverApiFor} from '../server/server-api-for.js';
import {ServerSessionList, serverCostText, type ServerPickerEntry} from '../server/session-list.js';
import {requestCosts, type ServerCosts} from '../server/usage-costs.js';

/** How long `--list` waits for the costs once the sessions are in (they were asked for beside the walk). */
export const costWaitMs = 5_000;

/** `--list` with `--sse SERVER`: writes the listing, returns the exit code. */
export async function serverList(address: ServerAddress, flags: Flags, settings?: Settings): Promise<number> {
	const api = await serverApiFor(address, flags, settings);
	// On a terminal the lines fit its width; a pipe gets them whole.
	const width = process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : undefined;
	const listed =
		api instanceof ServerApi
			? await serverListCommand(api, {json: flags.json, width})
			: {exitCode: 1, stdout: '', stderr: `penguin-view: ${sanitize(api.message)}\n`};
	// Through a safe writer: `--list | head -1` closes the pipe early.
	const out = safeWriter(process.stdout);
	out.write(listed.stdout);
	process.stderr.write(listed.stderr);
	await out.flush();
	return listed.exitCode;
}

/**
 * Lists the server's sessions; exit 1 when the server refused the list or a project in it (not for a cost that did not
 * come).
 */
export async function serverListCommand(
	api: ServerApi,
	options: {json: boolean; now?: number; width?: number; costWaitMs?: number},
): Promise<CommandOutput> {
	const now = options.now ?? Date.now();
	const waitMs = options.costWaitMs ?? costWaitMs;
	const stop = new AbortController();
	let costs: Promise<ServerCosts> | undefined;
	// The JSON lines are the server's records: no cost asked for.
	const askCosts = options.json
		? undefined
		: (projects: readonly string[]) => {
				costs = requestCosts(api, projects, stop.signal, `no answer within ${waitMs / 1000} s`);
			};
	let listed;
	try {
		await api.connect();
		listed = await api.allSessions(askCosts);
	} catch (error) {
		stop.abort();
		return {
			exitCode: 1,
			stdout: '',
			stderr: `penguin-view: ${sanitize(error instanceof Error ? error.message : String(error))}\n`,
		};
	}
	const list = new ServerSessionList();
	list.replace(listed.sessions);
	let said = '';
	if (costs !== undefined && list.size > 0) {
		const timer = setTimeout(() => stop.abort(), waitMs);
		const found = await costs;
		clearTimeout(timer);
		list.setCosts(found);
		said = costNotice(found, list.entries());
	}
	stop.abort();
	const entries = list.entries();
	const stderr = listed.refused.map(line => `penguin-view: ${sanitize(line)}\n`).join('') + said;
	const exitCode = listed.refused.length > 0 ? 1 : 0;
	if (entries.length === 0)
		return {exitCode: 1, stdout: '', stderr: `${stderr}penguin-view: no sessions on ${sanitize(api.base.host)}\n`};
	if (options.json)
		return {exitCode, stdout: entries.map(entry => `${safeJsonStringify(entry.session)}\n`).join(''), stderr};
	const stdout =
		options.width === undefined ? formatServerList(entries, now) : fittedList(entries, options.width, now, 'TITLE');
	return {exitCode, stdout, stderr};
}

/**
 * The listing for a pipe: aligned columns, every field whole, last activity last; every server-given string sanitized.
 */
export function formatServerList(entries: readonly ServerPickerEntry[], now: number): string {
	const rows = entries.map(entry => [
		entry.live ? entry.state : '',
		// Its own column, empty (and left out) when no session waits.
		entry.waiting > 0 ? `⏸ ${entry.waiting}` : '',
		entry.startedAt ? localMinute(Date.parse(entry.startedAt)) : '?',
		clean(entry.sessionId),
		clean(`${entry.project}/${entry.agent}`),
		clean([entry.provider, entry.model].filter(Boolean).join('/') || '?'),
		serverCostText(entry),
		(entry.source === 'subagent' ? '↳ ' : '') + (entry.title !== undefined ? clean(entry.title) : '(no title yet)'),
		relativeTime(Math.max(0, now - Date.parse(entry.lastActivityAt))),
	]);
	return alignedLines(rows);
}

/** One line for the projects listed whose costs did not come (`—` in their rows), or none. */
function costNotice(costs: ServerCosts, entries: readonly ServerPickerEntry[]): string {
	const listed = new Set(entries.map(entry => entry.project));
	const failed = [...costs.failed].filter(([project]) => listed.has(project));
	if (failed.length === 0) return '';
	const [project, why] = failed[0]!;
	const more = failed.length > 1 ? ` (and ${failed.length - 1} more project${failed.length > 2 ? 's' : ''})` : '';
	return `penguin-view: no cost for project ${clean(project)}${more}: ${clean(why)}\n`;
}

function clean(text: string): string {
	return sanitize(oneLine(text, Number.POSITIVE_INFINITY));
}
