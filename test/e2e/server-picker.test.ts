// End to end: the built program in tmux (120×32) given a server's address, against the fake server built from the
// recordings: the picker of the server's sessions, a filter and Enter follow the running one over its stream; a
// session that starts running is offered in the footer and L switches to it; s reopens the picker and Esc returns;
// a finished session is read from its trace over HTTP.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {idleId, recordedRows, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';

const echoId = 'session-2026-12-03-13-34-52-9a1ca335';
let home = '';
let pane: FaultTmux;
let server: PenguinServer;
// The fake server's rows: a test flips one to running, as the server would.
const running = new Set([runningId]);
// A session created while the program runs: not in the list it read at the start.
const created: Array<Record<string, unknown>> = [];
const newId = 'session-2026-12-03-14-00-00-c0ffee00';

beforeAll(async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-server-'));
	server = await startPenguinServer({
		rows: () =>
			[...created, ...recordedRows()].map(row => ({
				...row,
				status: running.has(row.sessionId as string) ? 'running' : 'idle',
			})) as ReturnType<typeof recordedRows>,
	});
	pane = new FaultTmux(home, 'e2e-server', 120, 32, {PENGUIN_HOME: path.join(home, 'data')});
}, 60_000);

afterAll(async () => {
	pane?.kill();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

const until = (check: (screen: string) => boolean, what: string, ms = 15_000): Promise<string> =>
	pane.until(check, what, ms);
const footer = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';

test('pick a server session and follow it; L switches to one that started; s and Esc; a finished one over ' +
	'HTTP', async () => {
	pane.run(`clear && node ${builtCli} --sse ${server.origin}`);
	let screen = await until(
		text => text.includes(' sessions  ') && text.includes('9e1d35e9'),
		'the picker of the server',
	);
	const rows = screen.split('\n').filter(line => /(idle|running|waiting \d+) +[0-9a-f]{8}/.test(line));
	expect(rows).toHaveLength(recordedRows().length);
	// Every session is default_project/default_agent on fake-model: said once in the title, not in columns.
	expect(screen).toContain('all default_project/default_agent · fake-model');
	expect(rows[0]).toMatch(/^›● running {2}a1f7cf26 .* 12-03 \d\d:35 {2}Listing the workspace$/);
	// The user channel's recorded events: the session and its subagent renamed in place.
	expect(screen).toContain('4e9a2a0d');

	pane.keys('-l', '/a1f7');
	await until(text => text.includes('filter › a1f7▌') && text.includes('1 of 14'), 'the filtered list');
	pane.keys('Enter');
	// Its title comes with its record, which the stream's history may pass: waited for, not taken at the first text.
	screen = await until(
		text =>
			text.includes('session…13-35-40-a1f7cf26') &&
			text.includes('The approved command ran.') &&
			text.includes('“Listing the workspace”'),
		'the running session over its stream, with its title',
	);

	// Another session starts running: the footer offers it.
	running.add(echoId);
	await server.userChannels.at(-1)!.event({
		event: 'server_event',
		data: JSON.stringify({
			type: 'session_state',
			sessionId: echoId,
			state: 'running',
			lastActiveAt: new Date().toISOString(),
			hasTrace: true,
		}),
		id: 'b358e755-100',
	});
	screen = await until(
		text => footer(text) === ' ▸ session …9a1ca335 started · L to switch',
		'the offer in the footer',
	);

	// s: the picker again, the session on screen starred, the started one at the top; Esc: back as it was.
	pane.keys('s');
	screen = await until(text => text.includes('/ filter') && text.includes('● 2 running'), 'the picker again');
	const again = screen.split('\n').filter(line => /(idle|running|waiting \d+) +[0-9a-f]{8}/.test(line));
	expect(again[0]).toContain('9a1ca335');
	expect(again.find(line => line.includes('a1f7cf26'))).toContain('a1f7cf26*');
	pane.keys('Escape');
	screen = await until(
		text => !text.includes('/ filter') && text.includes('The approved command ran.'),
		'back to the session',
	);
	expect(screen).toContain('session…13-35-40-a1f7cf26');

	// L: the offered session, over its stream.
	pane.keys('L');
	screen = await until(
		text => text.includes('session…13-34-52-9a1ca335') && text.includes('The approved command ran.'),
		'the offered session',
	);
	expect(footer(screen)).not.toContain('L to switch');
	expect(server.requestsTo(`/api/sessions/${echoId}/stream`).length).toBeGreaterThan(0);

	// A session created since the list was read: the channel names it, its record is fetched, it is offered and listed.
	created.push({
		...recordedRows()[0]!,
		sessionId: newId,
		title: 'Brewing coffee',
		createdAt: new Date().toISOString(),
		lastActiveAt: new Date().toISOString(),
	});
	running.add(newId);
	const channel = server.userChannels.at(-1)!;
	await channel.event({
		event: 'server_event',
		data: JSON.stringify({
			type: 'session_created',
			projectId: 'default_project',
			agentId: 'default_agent',
			sessionId: newId,
			source: 'schedule',
		}),
		id: 'b358e755-101',
	});
	await channel.event({
		event: 'server_event',
		data: JSON.stringify({
			type: 'session_state',
			sessionId: newId,
			state: 'running',
			lastActiveAt: new Date().toISOString(),
			hasTrace: true,
		}),
		id: 'b358e755-102',
	});
	await until(text => footer(text) === ' ▸ session …c0ffee00 started · L to switch', 'the new session offered');
	pane.keys('s');
	screen = await until(text => text.includes('/ filter') && text.includes('c0ffee00'), 'the new session in the picker');
	expect(screen).toMatch(/ sessions {2}http:\/\/127\.0\.0\.1:\d+ {2}15 {2}● 3 running/);
	const listed = screen.split('\n').filter(line => /(idle|running|waiting \d+) +[0-9a-f]{8}/.test(line));
	expect(listed[0]).toMatch(/● .*c0ffee00 .* Brewing coffee$/);
	pane.keys('Escape');
	await until(text => !text.includes('/ filter'), 'the picker closed');

	// A finished session: its whole trace over HTTP, with the subagent pointer the stream never sends.
	pane.keys('s');
	await until(text => text.includes('/ filter'), 'the picker');
	pane.keys('-l', '/7d2810f6');
	await until(text => text.includes('1 of 15'), 'the finished session alone');
	pane.keys('Enter');
	screen = await until(
		text =>
			text.includes('session…13-31-49-7d2810f6') &&
			text.includes('trace over HTTP') &&
			text.includes('the subagent reported back'),
		'the finished session from its trace',
	);
	expect(screen).toMatch(/subagent .*4e9a2a0d/);
	expect(server.requestsTo(`/api/sessions/${idleId}/traces/1`).length).toBeGreaterThan(0);
	// The trace holds no title: the header keeps the server's (issue 29).
	expect(screen.split('\n').slice(0, 3).join('\n')).toContain('“Listing the workspace”');

	// It runs again: the session on screen is followed over its stream from then on.
	running.add(idleId);
	await server.userChannels.at(-1)!.event({
		event: 'server_event',
		data: JSON.stringify({
			type: 'session_state',
			sessionId: idleId,
			state: 'running',
			lastActiveAt: new Date().toISOString(),
			hasTrace: true,
		}),
		id: 'b358e755-103',
	});
	screen = await until(
		text => text.includes(`/api/sessions/${idleId}/`) && text.includes('The approved command ran.'),
		'the session followed live',
	);
	expect(screen).not.toContain('trace over HTTP');
	// Not offered: it is the one on screen (the offer of the session created earlier stays).
	expect(footer(screen)).toBe(' ▸ session …c0ffee00 started · L to switch');

	pane.keys('q');
	await pane.untilShell();
}, 90_000);

test('a server that needs a login: the picker says so, the header too, and q exits 1', async () => {
	const refusing = await startPenguinServer({
		refuseAll: {
			status: 401,
			json: {error: {code: 'unauthorized', message: 'Not signed in or the sign-in has expired.'}},
		},
	});
	try {
		pane.run(`clear && node ${builtCli} --sse ${refusing.origin}; echo "exit=$?"`);
		const screen = await until(text => text.includes('could not list the sessions'), 'the notice in the picker');
		expect(screen).toContain(
			`could not list the sessions: the server at 127.0.0.1:${refusing.port} needs a login: pass --cookie or --user`,
		);
		expect(screen).toContain('✗ source failed');
		// Said once, though the user channel was refused too.
		expect(screen).not.toContain('no longer live');
		pane.keys('Escape');
		// An Esc and a q sent together would read as Alt+q: the picker closes first.
		await until(text => !text.includes('/ filter'), 'the picker closed');
		pane.keys('q');
		await until(text => text.includes('exit=1'), 'the exit code');
	} finally {
		await refusing.close();
	}
}, 60_000);
