// What a server's sessions cost in `--list` (issue 33): the harness's own figure from its usage API (one request a
// project,
// grouped by session) shown as given, `*` when it leaves out a model without a price, nothing when it has no price, `—`
// and one line when the usage does not come in time; the same sum as our own arithmetic on the same usage; the login's
// cookie sent with it; and the picker's entries carrying it.
import {afterEach, describe, expect, it} from 'vitest';
import {costOfUsage, usdText} from '../../source/cost/arithmetic.js';
import {priceTable} from '../../source/cost/prices.js';
import type {TokenCounts} from '../../source/protocol/types.js';
import type {ServerStart} from '../../source/server/server-mode.js';
import type {ServerPickerEntry} from '../../source/server/session-list.js';
import {harnessSessionGroups, modelKey, usageAnswer, type UsageRecord} from '../support/harness-usage.js';
import {idleId, recordedRows, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {serverAnswer} from '../support/sse-fixtures.js';
import {runCli} from '../helpers/run-cli.js';
import {startOnScreen} from '../support/server-screen.js';
import {waitFor} from '../support/wait-for.js';

let server: PenguinServer | undefined;
let started: ServerStart | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	started = undefined;
	await server?.close();
	server = undefined;
});

const env = {PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: '', TZ: 'UTC'};
const idle2 = 'session-2026-12-03-13-34-52-9a1ca335';
const idle3 = 'session-2026-12-03-13-34-16-4be26254';
const subagent = 'session-2026-12-03-13-33-57-ebfd3ab0';
const row = (sessionId: string, cost: number | null, hasUncosted: boolean) => ({
	key: sessionId,
	cacheRead: 0,
	cacheWrite: 1000,
	output: 10,
	total: 1010,
	requests: 1,
	cost,
	hasUncosted,
});
const lineOf = (stdout: string, sessionId: string): string =>
	stdout.split('\n').find(line => line.includes(sessionId)) ?? '';

describe("a server's --list: what each session cost", () => {
	it(
		"the server's figure as it gives it: * when it leaves out a model without a price, nothing when it has " +
			'no price',
		async () => {
			server = await startPenguinServer({
				usage: () => usageAnswer([row(runningId, 0.035_312, false), row(idle2, 1.5, true), row(idle3, null, true)]),
			});
			const result = await runCli(['--sse', server.origin, '--list'], {env});
			expect(result.stderr).toBe('');
			expect(result.code).toBe(0);
			expect(result.stdout.trimEnd().split('\n')).toHaveLength(recordedRows().length);
			// After the model, before the title.
			expect(lineOf(result.stdout, runningId)).toMatch(/custom\/fake-model +\$0\.0353 +Listing the workspace/);
			expect(lineOf(result.stdout, idle2)).toMatch(/custom\/fake-model +\$1\.50\* +\S/);
			// A cost of null (no model had a price) and a subagent's own session (its usage is its parent's): no price, never a
			// guess.
			expect(lineOf(result.stdout, idle3)).not.toContain('$');
			expect(lineOf(result.stdout, subagent)).not.toContain('$');
			// One request for the project, grouped by session, all time.
			const asked = server.requestsTo('/api/projects/default_project/usage');
			expect(asked).toHaveLength(1);
			expect(Object.fromEntries(new URL(asked[0]!.path, 'http://x').searchParams)).toEqual({groupBy: 'session'});
		},
	);

	it(
		"the harness's sum is ours on the same usage: the " + "idle session's requests priced by the project's table",
		async () => {
			// The idle session's requests as its recorded trace gives them, and a second session on two models, one unpriced.
			const events = (
				serverAnswer('trace-1.json').json as {events: Array<{payload?: {type?: string; request?: TokenCounts}}>}
			).events;
			const requests = events.flatMap(event =>
				event.payload?.type === 'token_usage' && event.payload.request ? [event.payload.request] : [],
			);
			expect(requests.length).toBeGreaterThan(1);
			const record = (sessionId: string, modelId: string, tokens: TokenCounts): UsageRecord => ({
				sessionId,
				provider: 'custom',
				modelId,
				cacheRead: tokens.cache_read,
				cacheWrite: tokens.cache_write,
				output: tokens.output,
				total: tokens.total,
			});
			const records = [
				...requests.map(tokens => record(idleId, 'fake-model', tokens)),
				record(runningId, 'fake-model', {cache_read: 2000, cache_write: 300, output: 40, total: 2340}),
				record(runningId, 'unpriced-model', {cache_read: 0, cache_write: 900, output: 90, total: 990}),
			];
			const rates = {cacheRead: 0.3, cacheWrite: 3.75, output: 15};
			const groups = harnessSessionGroups(records, {[modelKey('custom', 'fake-model')]: rates});
			// Our arithmetic (source/cost) on the same requests, with the same table.
			const table = priceTable([{provider: 'custom', modelId: 'fake-model', rates}]);
			for (const sessionId of [idleId, runningId]) {
				const ours = costOfUsage(
					records
						.filter(r => r.sessionId === sessionId)
						.map(r => ({
							provider: r.provider,
							modelId: r.modelId,
							tokens: {cache_read: r.cacheRead, cache_write: r.cacheWrite, output: r.output, total: r.total},
						})),
					table,
				);
				const theirs = groups.find(group => group.key === sessionId)!;
				expect(theirs.cost).toBeCloseTo(ours.usd!, 12);
				expect(theirs.hasUncosted).toBe(ours.unpriced);
			}
			server = await startPenguinServer({usage: () => usageAnswer(groups)});
			const result = await runCli(['--sse', server.origin, '--list'], {env});
			expect(result.code).toBe(0);
			const idleCost = groups.find(group => group.key === idleId)!.cost!;
			expect(lineOf(result.stdout, idleId)).toContain(` ${usdText(idleCost)} `);
			expect(lineOf(result.stdout, runningId)).toContain(
				` ${usdText(groups.find(group => group.key === runningId)!.cost!)}* `,
			);
		},
	);

	it('a usage route that never answers: the list all the same, — for the cost, one line, exit 0', async () => {
		server = await startPenguinServer({
			// Headers never sent: the list waits its bounded time, then prints.
			usage: () => async connection => connection.gone,
		});
		const result = await runCli(['--sse', server.origin, '--list'], {env, timeoutMs: 30_000});
		expect(result.code).toBe(0);
		expect(result.stderr).toBe('penguin-view: no cost for project default_project: no answer within 5 s\n');
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(recordedRows().length);
		for (const line of lines) expect(line).toMatch(/custom\/fake-model +— +\S/);
	}, 40_000);

	it('a usage route that refuses: the list all the same, one line saying what the server said', async () => {
		server = await startPenguinServer({
			usage: () => ({status: 500, json: {error: {code: 'internal', message: 'database is locked'}}}),
		});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(0);
		expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
		expect(result.stderr).toMatch(/^penguin-view: no cost for project default_project: .*500.*database is locked\n$/);
		expect(result.stdout.trimEnd().split('\n')).toHaveLength(recordedRows().length);
	});

	it('a project the listing could not read: its usage refused too, said once (by the listing)', async () => {
		const refuse = {
			status: 404,
			json: {error: {code: 'project_not_found', message: 'Project does not exist or you do not have access.'}},
		};
		server = await startPenguinServer({
			extraProjects: [{projectId: 'secret-project', refuse}],
			usage: project => (project === 'secret-project' ? refuse : usageAnswer([row(runningId, 0.5, false)])),
		});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			'penguin-view: project secret-project: not accessible (404); the server said: Project does not exist ' +
				'or you do not have access.\n',
		);
		expect(lineOf(result.stdout, runningId)).toContain(' $0.500 ');
	});

	it('--json writes the server records and asks for no usage', async () => {
		server = await startPenguinServer({usage: () => usageAnswer([row(runningId, 0.5, false)])});
		const result = await runCli(['--sse', server.origin, '--list', '--json'], {env});
		expect(result.code).toBe(0);
		expect(server.requestsTo('/usage')).toHaveLength(0);
	});

	it('sends the cookie with the usage request: --cookie, and the cookie of a --user login', async () => {
		server = await startPenguinServer({usage: () => usageAnswer([row(runningId, 0.5, false)])});
		const given = await runCli(['--sse', server.origin, '--list', '--cookie', 'c0ffee-cookie'], {env});
		expect(given.code).toBe(0);
		expect(server.requestsTo('/usage').map(request => request.headers.cookie)).toEqual([
			'penguin_session=c0ffee-cookie',
		]);
		await server.close();
		// A server that wants a login answers its usage only with the session's cookie.
		server = await startPenguinServer({
			auth: {cookie: 'logged-in-cookie', password: 'pw'},
			usage: () => usageAnswer([row(runningId, 0.5, false)]),
		});
		const login = await runCli(['--sse', server.origin, '--list', '--user', 'admin'], {
			env: {...env, PENGUIN_PASSWORD: 'pw'},
		});
		expect(login.stderr).toBe('');
		expect(login.code).toBe(0);
		expect(server.requestsTo('/usage').map(request => request.headers.cookie)).toEqual([
			'penguin_session=logged-in-cookie',
		]);
		expect(lineOf(login.stdout, runningId)).toContain(' $0.500 ');
	});
});

describe("a server's --list on a terminal", () => {
	it("the picker's rows carry the cost after the model; — for a project whose usage did not come in time", async () => {
		const {ServerApi} = await import('../../source/server/api.js');
		const {serverListCommand} = await import('../../source/commands/server-list.js');
		const now = Date.parse('2026-12-03T14:00:00Z');
		server = await startPenguinServer({
			usage: () => usageAnswer([row(runningId, 0.035_312, false), row(idle2, 1.5, true)]),
		});
		const answered = await serverListCommand(new ServerApi(new URL(server.origin), {}, fetch), {
			json: false,
			width: 120,
			now,
		});
		expect(answered.stderr).toBe('');
		expect(lineOf(answered.stdout, runningId.slice(-8))).toMatch(/ \$0\.0353 .* ago {2}Listing the workspace/);
		expect(lineOf(answered.stdout, idle2.slice(-8))).toMatch(/ \$1\.50\* /);
		expect(lineOf(answered.stdout, idle3.slice(-8))).not.toContain('$');
		await server.close();
		server = await startPenguinServer({usage: () => async connection => connection.gone});
		const late = await serverListCommand(new ServerApi(new URL(server.origin), {}, fetch), {
			json: false,
			width: 120,
			now,
			costWaitMs: 200,
		});
		expect(late.exitCode).toBe(0);
		expect(late.stderr).toBe('penguin-view: no cost for project default_project: no answer within 0.2 s\n');
		const [headings, ...rows] = late.stdout.trimEnd().split('\n');
		expect(headings).toContain('COST');
		for (const line of rows) expect(line).toContain(' — ');
	});
});

describe("a server's picker", () => {
	it("its entries carry the server's cost once the usage came, asked again when a run ends", async () => {
		let runningCost = 0.035_312;
		server = await startPenguinServer({
			usage: () => usageAnswer([row(runningId, runningCost, false), row(idle2, 1.5, true)]),
		});
		({started} = await startOnScreen(`${server.origin}/`));
		if (!started.ok) throw new Error(started.message);
		const {switcher} = started;
		let entries: ServerPickerEntry[] = [];
		await waitFor(async () => {
			entries = (await switcher.list()) as ServerPickerEntry[];
			return entries.some(entry => entry.costUsd !== undefined);
		}, 'the costs in the entries');
		expect(entries.find(entry => entry.sessionId === runningId)).toMatchObject({costUsd: 0.035_312});
		expect(entries.find(entry => entry.sessionId === idle2)).toMatchObject({costUsd: 1.5, costUnpriced: true});
		expect(entries.find(entry => entry.sessionId === idle3)?.costUsd).toBeUndefined();

		// The running session's run ends: its project's usage is asked again, and its row says the new sum.
		// (The channel's opening may itself list the sessions again: the count is taken once it is up.)
		await waitFor(() => server!.userChannels.length > 0, 'the user channel');
		runningCost = 0.2;
		const asked = server.requestsTo('/usage').length;
		await server.userChannels.at(-1)!.event({
			event: 'server_event',
			data: JSON.stringify({
				type: 'session_state',
				sessionId: runningId,
				state: 'idle',
				lastActiveAt: '2026-12-03T13:40:00.000Z',
				hasTrace: true,
			}),
			id: 'cost-1',
		});
		await waitFor(() => server!.requestsTo('/usage').length > asked, 'the usage asked again');
		await waitFor(
			async () =>
				((await switcher.list()) as ServerPickerEntry[]).find(entry => entry.sessionId === runningId)?.costUsd === 0.2,
			'the new cost',
		);
		// The other sessions keep theirs.
		expect(((await switcher.list()) as ServerPickerEntry[]).find(entry => entry.sessionId === idle2)).toMatchObject({
			costUsd: 1.5,
			costUnpriced: true,
		});
	});
});
