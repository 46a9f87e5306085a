// End to end: the built program in tmux at 160×45 on a server's session whose call waits for approval, the overview
// beside it. `a` then `y` allow the call; the session's own stream brings the decision and the run's end, and the
// overview's row stops waiting with it: never a frame where the session says idle while its row still waits.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {recordedRows, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded} from '../support/sse-server.js';

let home = '';
let pane: FaultTmux;
let server: PenguinServer;
const approvals: string[] = [];

beforeAll(async () => {
	home = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-wait-clears-'));
	const blocks = serverStreamBlocks('session-stream-approval.txt');
	const asking = blocks.findIndex(block => block.data?.includes('"approval_request"') === true);
	let release: () => void = () => undefined;
	const allowed = new Promise<void>(resolve => (release = resolve));
	server = await startPenguinServer({
		rows: () =>
			recordedRows().map(row =>
				row.sessionId === runningId
					? {...row, status: 'running', pendingApprovalCount: approvals.length === 0 ? 1 : 0}
					: row,
			),
		stream: id =>
			id === runningId
				? async connection => {
						await replayRecorded(connection, blocks.slice(0, asking + 1));
						await allowed;
						await connection.write(
							blocks
								.slice(asking + 1)
								.map(block => block.text)
								.join(''),
						);
					}
				: undefined,
		onApproval: (_id, callId, body) => {
			approvals.push(`${callId} ${body}`);
			release();
		},
	});
	pane = new FaultTmux(home, 'e2e-wait-clears', 160, 45, {PENGUIN_HOME: path.join(home, 'data'), TZ: 'UTC'});
}, 60_000);

afterAll(async () => {
	pane?.kill();
	await server?.close();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

const rowOf = (screen: string): string =>
	screen.split('\n').find(line => line.includes('a1f7cf26') && line.includes('│')) ?? '';
const headerIdle = (screen: string): boolean => screen.split('\n').slice(0, 3).join('\n').includes('○ idle');

test("a waiting call allowed: the overview's row clears with the session's own state", async () => {
	pane.run(`clear && node ${builtCli} --sse ${server.origin}/chat/${runningId}`);
	await pane.until(screen => screen.includes('waiting for approval'), 'the call waiting', 20_000);
	// At 160 columns the overview is beside the session from the start, the session having the keys (issue 46).
	await pane.until(screen => /⏸ waiting 1 +a1f7cf26/.test(rowOf(screen)), 'the row waiting beside the session', 20_000);
	pane.keys('a');
	await pane.until(screen => screen.includes('allow exec_command'), 'the question', 20_000);
	pane.keys('y');
	// The row is listed again a moment after the store changes (the picker asks the list anew), so a frame or two may
	// fall between; a session idle with its row still waiting a second later is a row that did not clear.
	let stale = '';
	let behindSince: number | undefined;
	await pane.until(
		screen => {
			const behind = headerIdle(screen) && rowOf(screen).includes('⏸ waiting');
			if (!behind) behindSince = undefined;
			else if (behindSince === undefined) behindSince = Date.now();
			else if (Date.now() - behindSince > 1_000) stale = screen;
			return headerIdle(screen) && rowOf(screen) !== '' && !rowOf(screen).includes('⏸ waiting');
		},
		'the session idle and its row no longer waiting',
		20_000,
	);
	expect(stale.split('\n').slice(0, 8).join('\n')).toBe('');
	expect(approvals).toEqual([expect.stringMatching(/^call_fake_49 \{"decision":"allow"\}$/)]);
}, 90_000);
