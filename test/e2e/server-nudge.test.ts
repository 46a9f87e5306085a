// End to end (tmux): the built program with --notify given a server's session (the fake server built from the
// recordings):
// another session that runs starts to wait for approval (its record says so, asked again while it runs): the footer
// names it, --notify writes OSC 9 and 777 once, and L opens it.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {
	idleId,
	recordedRows,
	runningId,
	startPenguinServer,
	type PenguinServer,
	type SessionRow,
} from '../support/penguin-server.js';
import {waitFor} from '../support/wait-for.js';

let home = '';
let pane: FaultTmux;
let server: PenguinServer;
// The fake server's record of the running session: the test makes a call of it wait.
let waiting = 0;

beforeAll(async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-server-nudge-'));
	server = await startPenguinServer({
		rows: () =>
			recordedRows().map(row =>
				row.sessionId === runningId ? {...row, pendingApprovalCount: waiting} : row,
			) as SessionRow[],
	});
	pane = new FaultTmux(home, 'e2e-server-nudge', 120, 32, {PENGUIN_HOME: path.join(home, 'data')});
}, 60_000);

afterAll(async () => {
	pane?.kill();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

const footer = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';
const until = (check: (screen: string) => boolean, what: string, ms = 30_000): Promise<string> =>
	pane.until(screen => wholeFrame(screen) && check(screen), what, ms);
const osc9 = (raw: string): number => raw.split('\u001b]9;penguin-view: ⏸ "Listing the workspace" waits').length - 1;

test('--notify with a server: another session that starts to wait is named in the footer, notified once, and ' +
	'L opens it', async () => {
	pane.record();
	pane.run(`clear && node ${builtCli} --notify --sse ${server.origin}/chat/${idleId}`);
	await until(screen => screen.includes('session…13-31-49-7d2810f6'), 'the session named');
	// The list is in (the nudges' starting point) before the running session's call waits.
	await waitFor(() => server.requestsTo('/agents/default_agent/sessions').length > 0, 'the list asked for');
	waiting = 1;
	const screen = await until(
		screen => footer(screen).includes('⏸ "Listing the workspace" waits · L to switch'),
		'the nudge in the footer',
	);
	expect(screen).toContain('session…13-31-49-7d2810f6');
	await waitFor(() => osc9(pane.raw()) > 0, 'the desktop notification');
	pane.keys('L');
	await until(screen => screen.includes('session…13-35-40-a1f7cf26'), 'the waiting session opened');
	pane.keys('q');
	await pane.until(screen => /^\$ *$/m.test(screen), 'the shell prompt');
	pane.stopRecording();
	expect(osc9(pane.raw())).toBe(1);
	expect(pane.raw()).toContain('\u001b]777;notify;penguin-view;⏸ "Listing the workspace" waits');
}, 120_000);
