// One cost for a server's session (issue 46 point 5), on a real server's recording of a session with a subagent: the
// server's figure (its usage row, which holds the subagent's requests and the title request the trace never holds) is
// the one the footer, the header, the picker, the overview and --list show; --stats names the request the trace does
// not hold and counts it; the same trace read from disk adds nothing.
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {costText} from '../../source/cost/arithmetic.js';
import {shownCostText} from '../../source/render/cost-text.js';
import type {ServerStart} from '../../source/server/server-mode.js';
import type {ServerPickerEntry} from '../../source/server/session-list.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {ContextTrail} from '../../source/ui/screen/context-trail.js';
import {overviewColumns} from '../../source/ui/views/overview-columns.js';
import {fitSessionColumns, sessionRow} from '../../source/ui/views/session-columns.js';
import {runCli} from '../helpers/run-cli.js';
import {
	costChildId,
	costEvents,
	costModels,
	costParentId,
	costRow,
	costRows,
	costUsage,
} from '../support/cost-recording.js';
import {startPenguinServer, type PenguinServer, type PenguinServerOptions} from '../support/penguin-server.js';
import {startOnScreen} from '../support/server-screen.js';
import {waitFor} from '../support/wait-for.js';

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
let folder: string | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	await server?.close();
	if (folder) rmSync(folder, {recursive: true, force: true});
	[server, started, folder] = [undefined, undefined, undefined];
});

const env = {PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: '', TZ: 'UTC'};
const recorded = (more: PenguinServerOptions = {}) =>
	startPenguinServer({
		rows: costRows,
		usage: () => costUsage(),
		models: costModels(),
		traces: {[costParentId]: costEvents(costParentId), [costChildId]: costEvents(costChildId)},
		...more,
	});
// The server's figure for the parent: $0.028496.
const figure = () => costText({usd: costRow(costParentId)['cost'] as number, unpriced: false})!;

describe("a server's session: one cost, the server's", () => {
	it('the footer, the header, the picker, the overview and --list show the same figure', async () => {
		server = await recorded();
		const opened = await startOnScreen(`${server.origin}/chat/${costParentId}`);
		started = opened.started;
		if (!started.ok) throw new Error(started.message);
		const {store} = opened;
		await waitFor(() => typeof store.status.serverCost === 'object', 'the server’s figure');
		await waitFor(() => store.view.items.some(item => item.kind === 'subagent' && item.child), 'the subagent read');
		expect(figure()).toBe('$0.0285');
		const footer = shownCostText(store.view, store.status.prices, store.status.serverCost);
		const header = new ContextTrail().cost(store.view, store.status);
		const entries = await started.switcher.list();
		const entry = entries.find(candidate => candidate.sessionId === costParentId) as ServerPickerEntry;
		const context = {now: Date.now(), selected: false, current: true};
		const picker = rowText(sessionRow(entry, fitSessionColumns(entries, undefined, context.now), context));
		const widths = fitSessionColumns(entries, undefined, context.now, overviewColumns);
		const overview = rowText(sessionRow(entry, widths, context, undefined, overviewColumns));
		const listed = await runCli(['--sse', server.origin, '--list'], {env});
		const listLine = listed.stdout.split('\n').find(line => line.includes(costParentId)) ?? '';
		expect({footer, header}).toEqual({footer: figure(), header: figure()});
		for (const row of [picker, overview, listLine]) expect(row.split(/\s+/)).toContain(figure());
		// The trace's own requests come to less: the title request is the difference.
		expect(new ContextTrail().cost(store.view, {prices: store.status.prices})).toBe('$0.0241');
	});

	it('--stats names the request the trace does not hold, counts it, and says the server’s figure', async () => {
		server = await recorded();
		const result = await runCli(['--sse', `${server.origin}/chat/${costParentId}`, '--stats'], {env});
		expect(result.code).toBe(0);
		// 1,040 fresh and 15 out at $4 and $16 a million: $0.0044.
		expect(result.stdout).toMatch(/^ +\+1 request not in the trace: title \(1[.,]1k? ?\S* tokens, \$0\.00440?\)$/m);
		expect(result.stdout).toMatch(new RegExp(`^Cost +\\${figure()} +\\(the server's figure`, 'm'));
		// The context table's row of its own (the title is asked for as the task starts: first), and its running total at
		// the last row is the server's figure.
		expect(result.stdout).toMatch(/^ {2}\+1 request not in the trace: title, 1\.1k tokens +\$0\.00440? +\$0\.00440?$/m);
		const table = result.stdout.slice(
			result.stdout.indexOf('Context per request'),
			result.stdout.indexOf('What fills'),
		);
		expect(table.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`\\${figure()}$`));
	});

	it('--stats --json: the server’s figure and the trace’s, the title a billed row, the total the server’s', async () => {
		server = await recorded();
		const result = await runCli(['--sse', `${server.origin}/chat/${costParentId}`, '--stats', '--json'], {env});
		expect(result.code).toBe(0);
		const document = JSON.parse(result.stdout) as {
			cost: {usd: number};
			serverCost: {usd: number; unpriced: boolean} | null;
			requestRows: Array<{kind: string; label?: string; running: {costUsd: number}}>;
		};
		const usd = costRow(costParentId)['cost'] as number;
		expect(document.serverCost).toEqual({usd, unpriced: false});
		expect(document.cost.usd).toBeCloseTo(usd - 0.0044, 10);
		expect(document.requestRows[0]).toMatchObject({kind: 'billed', label: 'title'});
		expect(document.requestRows.at(-1)!.running.costUsd).toBeCloseTo(usd, 10);
	});

	it('a trace on this machine (the record’s tracePath here): its subagent read beside it, the title named', async () => {
		// As with a server on this machine: --stats reads the traces from disk, the subagent's from the parent's folder.
		const here = mkdtempSync(path.join(tmpdir(), 'title-cost-here-'));
		folder = here;
		const fileOf = (sessionId: string) => path.join(here, `${sessionId}_001.jsonl`);
		for (const sessionId of [costParentId, costChildId]) {
			const lines = costEvents(sessionId).map(event => `${JSON.stringify(event)}\n`);
			writeFileSync(fileOf(sessionId), lines.join(''));
		}
		server = await recorded({rows: () => costRows().map(row => ({...row, tracePath: fileOf(row.sessionId)}))});
		const result = await runCli(['--sse', `${server.origin}/chat/${costParentId}`, '--stats'], {
			env: {...env, PENGUIN_HOME: path.join(here, 'data')},
		});
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^Subagent session-2026-12-07-06-42-21-7697dc78\n {2}Session /m);
		expect(result.stdout).toMatch(/^ +\+1 request not in the trace: title \(1[.,]1k? ?\S* tokens, \$0\.00440?\)$/m);
		const table = result.stdout.slice(
			result.stdout.indexOf('Context per request'),
			result.stdout.indexOf('What fills'),
		);
		expect(table.trimEnd().split('\n').at(-1)).toMatch(new RegExp(`\\${figure()}$`));
	});

	it('a usage route that fails: --stats gives the trace’s figure, marked as such, and adds nothing', async () => {
		server = await recorded({usage: () => ({status: 500, json: {error: {code: 'internal', message: 'no'}}})});
		const result = await runCli(['--sse', `${server.origin}/chat/${costParentId}`, '--stats'], {env});
		expect(result.stdout).toMatch(/^Cost +\$0\.0241 from the trace$/m);
		expect(result.stdout).not.toContain('not in the trace');
	});

	it('the same trace read from disk: the trace’s figures only', async () => {
		folder = mkdtempSync(path.join(tmpdir(), 'title-cost-'));
		const file = path.join(folder, `${costParentId}_001.jsonl`);
		writeFileSync(
			file,
			costEvents(costParentId)
				.map(event => `${JSON.stringify(event)}\n`)
				.join(''),
		);
		const result = await runCli([file, '--stats'], {env: {...env, PENGUIN_HOME: folder}});
		expect(result.code).toBe(0);
		expect(result.stdout).toMatch(/^Requests +5 /m);
		expect(result.stdout).not.toContain('not in the trace');
		const json = await runCli([file, '--stats', '--json'], {env: {...env, PENGUIN_HOME: folder}});
		expect((JSON.parse(json.stdout) as {serverCost: unknown}).serverCost).toBeNull();
	});
});
