// The built program given a server's address (`--sse http://HOST:PORT`) rather than one session's stream, against a
// fake server built from the recordings of fixtures/server/: --list, --list --json, --latest, a finished session read
// from its trace over HTTP, the web app's own session URL, and one clear line for each way it can fail.
import {fileURLToPath} from 'node:url';
import {afterEach, describe, expect, it} from 'vitest';
import {serverAnswer} from '../support/sse-fixtures.js';
import {
	idleId,
	recordedRows,
	runningId,
	startPenguinServer,
	type PenguinServer,
	type SessionRow,
} from '../support/penguin-server.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';

let server: PenguinServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const env = {PENGUIN_VIEW_COOKIE: '', PENGUIN_PASSWORD: ''};

describe('--list with a server', () => {
	it('lists every session of every project and agent, the running one first, one line each', async () => {
		server = await startPenguinServer();
		for (const address of [server.origin, `${server.origin}/`]) {
			const result = await runCli(['--sse', address, '--list'], {env});
			expect(result.stderr).toBe('');
			expect(result.code).toBe(0);
			const lines = result.stdout.trimEnd().split('\n');
			expect(lines).toHaveLength(recordedRows().length);
			// The running session first with its mark; then the rest, most recently active first.
			expect(lines[0]).toMatch(
				new RegExp(
					`^running +2026-12-03 \\d\\d:35 +${runningId} +default_project/default_agent +custom/fake-model ` +
						`+Listing the workspace +\\S`,
				),
			);
			expect(lines[1]).toContain('session-2026-12-03-13-34-52-9a1ca335');
			expect(lines[1]).toMatch(/^ +2026-12-03/);
			// A subagent's own session is marked; the last column is the last activity.
			const subagent = lines.find(line => line.includes('session-2026-12-03-13-33-57-ebfd3ab0'))!;
			expect(subagent).toMatch(/↳ Subagent done: the workspace w +\d+ (d|h|m) ago$/);
		}
		// The walk: projects, their agents, each agent's sessions.
		expect(server.requestsTo('/api/projects')).not.toHaveLength(0);
		expect(server.requestsTo('/api/projects/default_project/agents/default_agent/sessions')).not.toHaveLength(0);
	});

	it('--json: one JSON line per session, the server record', async () => {
		server = await startPenguinServer();
		const result = await runCli(['--sse', server.origin, '--list', '--json'], {env});
		expect(result.code).toBe(0);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(recordedRows().length);
		const first = JSON.parse(lines[0]!) as Record<string, unknown>;
		expect(first).toMatchObject({
			sessionId: runningId,
			projectId: 'default_project',
			agentId: 'default_agent',
			status: 'running',
			title: 'Listing the workspace',
		});
		expect(lines.map(line => (JSON.parse(line) as {sessionId: string}).sessionId).sort()).toEqual(
			recordedRows()
				.map(row => row.sessionId)
				.sort(),
		);
	});

	it('a session waiting for approval shows ⏸ and how many calls wait (issue 29)', async () => {
		// The recorded record of a session whose call waits (pendingApprovalCount 1), among the recorded rows.
		const waiting = (serverAnswer('session-waiting-approval.json').json as {session: SessionRow}).session;
		server = await startPenguinServer({rows: () => [waiting, ...recordedRows().slice(1)]});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(0);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines[0]).toMatch(/^running {2}⏸ 1 .*116d3e8d.*Approved echo run/);
		// The rest wait for nothing: their column is blank.
		expect(lines.slice(1).some(line => line.includes('⏸'))).toBe(false);
	});

	it('a project the user cannot access: one line naming it, the rest listed, exit 1', async () => {
		server = await startPenguinServer({
			extraProjects: [
				{
					projectId: 'secret-project',
					refuse: {
						status: 404,
						json: {error: {code: 'project_not_found', message: 'Project does not exist or you do not have access.'}},
					},
				},
			],
		});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			'penguin-view: project secret-project: not accessible (404); the server said: Project does not exist ' +
				'or you do not have access.\n',
		);
		expect(result.stdout.trimEnd().split('\n')).toHaveLength(recordedRows().length);
	});

	it('an empty server: one line, exit 1', async () => {
		server = await startPenguinServer({rows: () => []});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result).toEqual({code: 1, stdout: '', stderr: `penguin-view: no sessions on 127.0.0.1:${server.port}\n`});
	});

	it('a server that needs a login: one line naming --cookie and --user, exit 1', async () => {
		server = await startPenguinServer({
			refuseAll: serverAnswer('unauthorized-401.json') as {status: number; json: unknown},
		});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(1);
		expect(result.stdout).toBe('');
		expect(result.stderr).toBe(
			`penguin-view: the server at 127.0.0.1:${server.port} needs a login: pass --cookie or --user; the ` +
				`server said: Not signed in or the sign-in has expired.\n`,
		);
	});

	it('the preview host: one line naming the address to use instead, exit 1', async () => {
		server = await startPenguinServer({
			refuseAll: serverAnswer('preview-host-401.json') as {status: number; json: unknown},
		});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(1);
		expect(result.stderr.split('\n').filter(Boolean)).toHaveLength(1);
		expect(result.stderr).toContain(`127.0.0.1:${server.port} is the server's preview host`);
		// The plain address, to paste back as --sse (issue 29).
		expect(result.stderr).toMatch(new RegExp(`use http://localhost:${server.port}\n$`));
	});

	it('titles, ids and project names from the server reach the terminal harmless', async () => {
		const hostile = '\u001b]0;pwned\u0007\u001b[2J\u009b31m\u202eevil';
		server = await startPenguinServer({
			rows: () =>
				recordedRows().map((row, index) =>
					index === 0 ? {...row, title: `title ${hostile}`, agentId: `agent${hostile}`} : row,
				),
		});
		for (const args of [['--list'], ['--list', '--json']]) {
			const result = await runCli(['--sse', server.origin, ...args], {env});
			// eslint-disable-next-line no-control-regex
			expect(result.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
			expect(result.stdout).toContain('evil');
		}
	});

	it('sends the cookie on every request of the walk', async () => {
		server = await startPenguinServer();
		const result = await runCli(['--sse', server.origin, '--list', '--cookie', 'c0ffee-cookie'], {env});
		expect(result.code).toBe(0);
		const walk = server.requests.filter(request => request.path.startsWith('/api/projects'));
		expect(walk.length).toBeGreaterThan(2);
		for (const request of walk) expect(request.headers.cookie).toBe('penguin_session=c0ffee-cookie');
	});
});

describe('opening a server session without the screen', () => {
	it('the web app URL of a finished session: its whole trace, read over HTTP', async () => {
		server = await startPenguinServer();
		const result = await runCli(['--sse', `${server.origin}/chat/${idleId}`, '--print'], {env});
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
		// The trace's own session_meta (the stream never sends it) and the subagent pointer.
		expect(result.stdout).toContain(`══ session ${idleId} · custom/fake-model`);
		expect(result.stdout).toMatch(/subagent/);
		expect(server.requestsTo(`/api/sessions/${idleId}/traces/1`)).toHaveLength(1);
		expect(server.requestsTo(`/api/sessions/${idleId}/stream`)).toHaveLength(0);
	});

	it("reads a subagent's trace with one request for its list (issue 29)", async () => {
		const child = 'session-2026-12-03-13-31-56-4e9a2a0d';
		const at = '2026-12-03T13:31:57.000Z';
		server = await startPenguinServer({
			traces: {
				[child]: [
					{
						timestamp: at,
						type: 'model_msg',
						payload: {type: 'text', role: 'assistant', text: 'child-says-done', stop_reason: 'completed'},
					},
				],
			},
		});
		const result = await runCli(['--sse', `${server.origin}/chat/${idleId}`, '--print'], {env});
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('child-says-done');
		expect(server.requestsTo(`/api/sessions/${child}/traces`)).toHaveLength(1);
		expect(server.requestsTo(`/api/sessions/${child}/traces/1`)).toHaveLength(1);
	});

	it(
		"a finished session whose trace is on this machine's " + "disk (the record's tracePath) is read from there",
		async () => {
			const local = 'session-2026-12-02-14-43-17-694155ee';
			const tracePath = fileURLToPath(new URL(`../fixtures/traces/${local}_001.jsonl`, import.meta.url));
			server = await startPenguinServer({
				rows: () => [{...recordedRows()[1]!, sessionId: local, status: 'idle', tracePath}],
			});
			const result = await runCli(['--sse', `${server.origin}/chat/${local}`, '--print', '--no-follow'], {env});
			expect(result.stderr).toBe('');
			expect(result.code).toBe(0);
			expect(result.stdout).toContain('slow-done');
			expect(server.requestsTo(`/api/sessions/${local}`)).toHaveLength(1);
			expect(
				server.requests.filter(request => request.path.includes('/traces') || request.path.includes('/stream')),
			).toHaveLength(0);
		},
	);

	it('--latest follows the running session over its stream', async () => {
		server = await startPenguinServer();
		const child = startCli(['--sse', server.origin, '--latest', '--print'], env);
		await waitFor(
			() => child.output().includes('approval requested: exec_command (call_fake_49)'),
			'the running session streamed',
			10_000,
		);
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.code).toBe(0);
		expect(server.requestsTo(`/api/sessions/${runningId}/stream`)).toHaveLength(1);
	});

	it('a server with no session named and no --list or --latest: a usage error', async () => {
		server = await startPenguinServer();
		const result = await runCli(['--sse', server.origin, '--print'], {env});
		expect(result.code).toBe(2);
		expect(result.stderr).toContain('is a server: add --list, --latest, or a session');
	});

	it('--latest on an empty server: one line, exit 1', async () => {
		server = await startPenguinServer({rows: () => []});
		const result = await runCli(['--sse', server.origin, '--latest', '--print'], {env});
		expect(result).toEqual({code: 1, stdout: '', stderr: `penguin-view: no sessions on 127.0.0.1:${server.port}\n`});
	});

	it('a session the server does not know: one line, exit 1', async () => {
		server = await startPenguinServer();
		const result = await runCli(['--sse', `${server.origin}/chat/session-2026-01-01-00-00-00-deadbeef`, '--print'], {
			env,
		});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			`penguin-view: no such session: session-2026-01-01-00-00-00-deadbeef on 127.0.0.1:${server.port} ` +
				`(the server said: Session does not exist or you do not have access.)\n`,
		);
	});
});

describe('--list with a server, laid out', () => {
	const longTitle = 'Find why the nightly export job writes empty files on the second run of the day';
	const withLongTitle = () =>
		recordedRows().map(row => (row.sessionId === runningId ? {...row, title: longTitle} : row));

	it('in a pipe every field is whole: a title longer than any column', async () => {
		server = await startPenguinServer({rows: withLongTitle});
		const result = await runCli(['--sse', server.origin, '--list'], {env});
		expect(result.code).toBe(0);
		expect(result.stdout.split('\n')[0]).toContain(longTitle);
	});

	it.each([60, 80, 120, 200])(
		"on a terminal of %i columns: the picker's rows, the title keeping 30 columns",
		async width => {
			server = await startPenguinServer({rows: withLongTitle});
			const {ServerApi} = await import('../../source/server/api.js');
			const {serverListCommand} = await import('../../source/commands/server-list.js');
			const api = new ServerApi(new URL(server.origin), {}, fetch);
			const result = await serverListCommand(api, {json: false, width, now: Date.parse('2026-12-03T14:00:00Z')});
			const [headings, ...lines] = result.stdout.trimEnd().split('\n');
			expect(lines).toHaveLength(recordedRows().length);
			for (const line of [headings!, ...lines]) expect([...line].length).toBeLessThanOrEqual(width);
			// Headings over the columns: a server's sessions have titles.
			expect(headings!.indexOf('ID')).toBe(lines[0]!.indexOf(runningId.slice(-8)));
			expect(headings!.indexOf('TITLE')).toBe(lines[0]!.indexOf('Find'));
			// The running session first: its mark, short id, age, and the title from its start.
			expect(lines[0]).toMatch(new RegExp(`^● .*${runningId.slice(-8)} .* ago {2}Find why the nightly export job`));
			expect(lines[0]!.indexOf('Find')).toBeLessThanOrEqual(width - 30);
			expect(lines[0]!.length).toBe(Math.min(width, lines[0]!.indexOf('Find') + longTitle.length));
			expect(lines.find(line => line.includes('ebfd3ab0'))).toMatch(/ ago {2}↳ Subagent done/);
		},
	);
});
