// A server's sessions in the overview (issue 34): the requests and tokens of each from the usage answer the costs come
// in (UsageGroupRow's `requests` and `total`), and what a running session other than the one on screen does now, from
// the last messages the server gives of it; an idle one is never asked.
import {readFileSync} from 'node:fs';
import {afterEach, describe, expect, it} from 'vitest';
import type {ServerStart} from '../../source/server/server-mode.js';
import type {ServerPickerEntry} from '../../source/server/session-list.js';
import {openPicker, pickerRows} from '../../source/ui/views/picker.js';
import {formatTokens} from '../../source/render/format.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {usageAnswer} from '../support/harness-usage.js';
import {
	idleId,
	recordedRows,
	runningId,
	startPenguinServer,
	type PenguinServer,
	type SessionRow,
} from '../support/penguin-server.js';
import {startOnScreen} from '../support/server-screen.js';
import {waitFor} from '../support/wait-for.js';
import {fixturesDir} from '../helpers/recordings.js';

/** The first `count` messages of a recorded session (the server's messages are its trace's, partials left out). */
const recorded = (count: number): unknown[] =>
	readFileSync(`${fixturesDir}traces/session-2026-12-02-14-43-17-694155ee_001.jsonl`, 'utf8')
		.split('\n')
		.filter(Boolean)
		.slice(0, count)
		.map(line => JSON.parse(line) as unknown);
/** The windowed reads of the last messages (`tailLimit`), by session id. */
const tailAsks = (): string[] =>
	server!
		.requestsTo('/messages')
		.filter(request => new URL(request.path, 'http://x').searchParams.has('tailLimit'))
		.map(request => request.path.split('/')[3]!);

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	started = undefined;
	await server?.close();
	server = undefined;
});

const now = Date.parse('2026-12-03T14:00:00Z');
const usageRow = (key: string, requests: number, total: number) => ({
	key,
	cacheRead: total - 100,
	cacheWrite: 90,
	output: 10,
	total,
	requests,
	cost: 0.01,
	hasUncosted: false,
});

/**
 * Server mode on the screen with `opened` on screen; a function that gives the list's entries once `ready` holds of
 * them.
 */
async function start(
	opened: string,
	options: Parameters<typeof startPenguinServer>[0],
): Promise<(ready: (entries: ServerPickerEntry[]) => boolean, what: string) => Promise<ServerPickerEntry[]>> {
	server = await startPenguinServer(options);
	({started} = await startOnScreen(`${server.origin}/chat/${opened}`, {nudgePollMs: 50}));
	if (!started.ok) throw new Error(started.message);
	const {switcher} = started;
	return async (ready, what) => {
		let entries: ServerPickerEntry[] = [];
		await waitFor(async () => ready((entries = (await switcher.list()) as ServerPickerEntry[])), what);
		return entries;
	};
}

const rowOf = (entries: ServerPickerEntry[], sessionId: string): string =>
	pickerRows({...openPicker(1), entries}, {width: 200, height: 20, now, root: 'server'})
		.rows.map(rowText)
		.find(row => row.includes(sessionId.slice(-8))) ?? '';

describe("a server's sessions in the overview", () => {
	it('each row says its requests and tokens, from the usage answer the costs came in', async () => {
		const entriesWhen = await start(runningId, {
			usage: () => usageAnswer([usageRow(runningId, 7, 48_200), usageRow(idleId, 1, 1010)]),
		});
		const entries = await entriesWhen(
			list => list.some(entry => entry.requests !== undefined),
			'the usage in the entries',
		);
		expect(entries.find(entry => entry.sessionId === runningId)).toMatchObject({requests: 7, tokens: 48_200});
		expect(rowOf(entries, runningId)).toContain(` 7 req  ${formatTokens(48_200)} tok `);
		expect(rowOf(entries, idleId)).toMatch(new RegExp(` 1 req +${formatTokens(1010)} tok `));
	});

	it(
		'a running session other than the one on screen says what it does now, from its last messages; idle ' +
			'ones are never asked',
		async () => {
			// Its run: the request's tool call approved and running, then (a later round) a new request with nothing back yet.
			let tail = recorded(10);
			const entriesWhen = await start(idleId, {
				messages: (id, query) =>
					id === runningId && query.has('tailLimit')
						? {status: 200, json: {messages: tail, page: {earlierTurns: 0}}}
						: undefined,
			});
			let entries = await entriesWhen(
				list => list.find(entry => entry.sessionId === runningId)?.doing !== undefined,
				'what the running session does',
			);
			expect(entries.find(entry => entry.sessionId === runningId)?.doing).toBe('exec_command $ ls -la');
			expect(rowOf(entries, runningId)).toMatch(/● running +a1f7cf26 +exec_command \$ ls -la /);
			const asked = server!.requestsTo(`/api/sessions/${runningId}/messages`);
			expect(Object.fromEntries(new URL(asked[0]!.path, 'http://x').searchParams)).toEqual({tailLimit: '20'});

			tail = recorded(4);
			entries = await entriesWhen(
				list => list.find(entry => entry.sessionId === runningId)?.doing === 'thinking…',
				'thinking',
			);
			expect(rowOf(entries, runningId)).toMatch(/● running +a1f7cf26 +thinking… /);
			// Only the running one was asked: not the idle one on screen, nor the idle others.
			expect(new Set(tailAsks())).toEqual(new Set([runningId]));

			// Its run ends: the row says it is idle, and it is asked no more.
			await waitFor(() => server!.userChannels.length > 0, 'the user channel');
			await server!.userChannels.at(-1)!.event({
				event: 'server_event',
				data: JSON.stringify({
					type: 'session_state',
					sessionId: runningId,
					state: 'idle',
					lastActiveAt: '2026-12-03T13:40:00.000Z',
					hasTrace: true,
				}),
				id: 'doing-1',
			});
			entries = await entriesWhen(
				list => list.find(entry => entry.sessionId === runningId)?.state === 'idle',
				'the run ended',
			);
			expect(entries.find(entry => entry.sessionId === runningId)?.doing).toBeUndefined();
			expect(rowOf(entries, runningId)).toMatch(/○ idle +a1f7cf26 +idle /);
		},
	);

	it('the session on screen is never asked for its last messages, another running one is', async () => {
		const otherId = 'session-2026-12-03-13-34-52-9a1ca335';
		const rows = (): SessionRow[] =>
			recordedRows().map(row => (row.sessionId === otherId ? {...row, status: 'running'} : row));
		const entriesWhen = await start(runningId, {
			rows,
			messages: (_id, query) => (query.has('tailLimit') ? {status: 200, json: {messages: recorded(4)}} : undefined),
		});
		const entries = await entriesWhen(
			list => list.find(entry => entry.sessionId === otherId)?.doing !== undefined,
			'what the other one does',
		);
		expect(rowOf(entries, otherId)).toMatch(/● running +9a1ca335 +thinking… /);
		// A few more rounds go by: still only the other one.
		const asks = tailAsks().length;
		await waitFor(() => tailAsks().length > asks + 2, 'a few rounds');
		expect(new Set(tailAsks())).toEqual(new Set([otherId]));
		expect(entries.find(entry => entry.sessionId === runningId)?.doing).toBeUndefined();
	});
});
