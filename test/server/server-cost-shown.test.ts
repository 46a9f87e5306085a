// One cost for a server's session: the footer shows the server's own figure (its usage route, as the picker and
// --list do, and as the web's header does), the same text; when the usage route fails, the trace's figure marked
// `from the trace`.
import {afterEach, describe, expect, it} from 'vitest';
import type {ServerStart} from '../../source/server/server-mode.js';
import {serverCostText, type ServerPickerEntry} from '../../source/server/session-list.js';
import {sessionCostText, shownCostText} from '../../source/render/cost-text.js';
import {priceTable} from '../../source/cost/prices.js';
import {idleId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {startOnScreen} from '../support/server-screen.js';
import {usageAnswer} from '../support/harness-usage.js';
import {waitFor} from '../support/wait-for.js';

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	await server?.close();
	[server, started] = [undefined, undefined];
});

const group = (key: string, cost: number | null) => ({
	key,
	cacheRead: 800,
	cacheWrite: 2400,
	output: 61,
	total: 3261,
	requests: 3,
	cost,
	hasUncosted: false,
});

describe("a server session's cost", () => {
	it('the footer shows the figure the picker shows: the server’s', async () => {
		server = await startPenguinServer({usage: () => usageAnswer([group(idleId, 0.0242)])});
		const opened = await startOnScreen(`${server.origin}/chat/${idleId}`);
		started = opened.started;
		if (!started.ok) throw new Error(started.message);
		const {switcher} = started;
		await waitFor(() => opened.store.status.serverCost !== undefined, 'the server’s figure');
		const entry = (await switcher.list()).find(candidate => candidate.sessionId === idleId) as ServerPickerEntry;
		const footer = shownCostText(opened.store.view, opened.store.status.prices, opened.store.status.serverCost);
		expect(footer).toBe('$0.0242');
		expect(footer).toBe(serverCostText(entry));
	});

	it('a usage route that fails: the trace’s figure, said to be the trace’s', async () => {
		server = await startPenguinServer({usage: () => ({status: 500, json: {error: {code: 'internal', message: 'no'}}})});
		const opened = await startOnScreen(`${server.origin}/chat/${idleId}`);
		started = opened.started;
		if (!started.ok) throw new Error(started.message);
		await waitFor(() => opened.store.status.serverCost === 'unknown', 'the failed usage');
		await waitFor(() => opened.store.view.spend.length > 0, 'the trace read');
		// The trace's requests priced at $1 a million tokens of each kind.
		const prices = priceTable([
			{provider: 'custom', modelId: 'fake-model', rates: {cacheRead: 1, cacheWrite: 1, output: 1}},
		]);
		const trace = sessionCostText(opened.store.view, prices)!;
		expect(trace).toMatch(/^\$0\.0\d+$/);
		expect(shownCostText(opened.store.view, prices, opened.store.status.serverCost)).toBe(`${trace} from the trace`);
		// Read from disk (no server figure): the trace's, unmarked.
		expect(shownCostText(opened.store.view, prices, undefined)).toBe(trace);
	});
});
