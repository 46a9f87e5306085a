// A server's sessions in the overview (issue 34): the requests and tokens of each from the usage answer the costs come
// in (UsageGroupRow's `requests` and `total`), and what a running session other than the one on screen does now, from
// the last messages the server gives of it; an idle one is never asked.
import {afterEach, describe, expect, it} from 'vitest';
import type {Flags} from '../../source/main.js';
import {SessionStore} from '../../source/model/store.js';
import {readServerAddress} from '../../source/io/sse/server-address.js';
import {startServerMode, type ServerStart} from '../../source/server/server-mode.js';
import type {ServerPickerEntry} from '../../source/server/session-list.js';
import {openPicker, pickerRows} from '../../source/ui/picker.js';
import {formatTokens} from '../../source/render/format.js';
import {rowText} from '../../source/ui/segments.js';
import {usageAnswer} from '../support/harness-usage.js';
import {idleId, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {waitFor} from '../support/wait-for.js';

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	started = undefined;
	await server?.close();
	server = undefined;
});

const flags = {insecure: false, print: false, json: false, follow: true, list: false, stats: false, redact: false, debug: false} as Flags;
const now = Date.parse('2026-12-03T14:00:00Z');
const usageRow = (key: string, requests: number, total: number) => ({key, cacheRead: total - 100, cacheWrite: 90, output: 10, total, requests, cost: 0.01, hasUncosted: false});

/** Server mode on the screen with `opened` on screen; a function that gives the list's entries once `ready` holds of them. */
async function start(opened: string, options: Parameters<typeof startPenguinServer>[0]): Promise<(ready: (entries: ServerPickerEntry[]) => boolean, what: string) => Promise<ServerPickerEntry[]>> {
	server = await startPenguinServer(options);
	const store = new SessionStore({label: '', state: 'connecting'});
	const fileOptions = {store, dataRoot: '/nonexistent', follow: true, hold: false, children: false};
	started = await startServerMode(readServerAddress(`${server.origin}/chat/${opened}`)!, {flags, store, screen: true, follow: true, latest: false, fileOptions, nudgePollMs: 50});
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
		const entriesWhen = await start(runningId, {usage: () => usageAnswer([usageRow(runningId, 7, 48_200), usageRow(idleId, 1, 1010)])});
		const entries = await entriesWhen(list => list.some(entry => entry.requests !== undefined), 'the usage in the entries');
		expect(entries.find(entry => entry.sessionId === runningId)).toMatchObject({requests: 7, tokens: 48_200});
		expect(rowOf(entries, runningId)).toContain(` 7 req  ${formatTokens(48_200)} tok `);
		expect(rowOf(entries, idleId)).toMatch(new RegExp(` 1 req +${formatTokens(1010)} tok `));
	});
});
