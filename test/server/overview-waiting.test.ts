// The overview's `⏸ waiting` ends when the wait does: when the session's own stream brings the decision (the session on
// screen), or when the user channel says the run ended (any other session), whichever comes first; the recordings of
// a real server (an always-ask session whose call was allowed: its record while it waited, the user channel meanwhile).
import {afterEach, describe, expect, it} from 'vitest';
import type {ServerSession} from '../../source/server/api.js';
import {readServerSession} from '../../source/server/api.js';
import type {ServerStart} from '../../source/server/server-mode.js';
import {readUserChannelEvent, ServerSessionList} from '../../source/server/session-list.js';
import {waitingSubagents} from '../../source/server/subagent-waits.js';
import {SessionModel} from '../../source/model/session-model.js';
import {activityOf} from '../../source/ui/views/overview-columns.js';
import {serverStreamInputs} from '../helpers/recordings.js';
import {recordedRows, runningId, startPenguinServer, type PenguinServer} from '../support/penguin-server.js';
import {startOnScreen} from '../support/server-screen.js';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {replayRecorded} from '../support/sse-server.js';
import {waitFor} from '../support/wait-for.js';

const waitingRecord = (): ServerSession =>
	readServerSession((serverAnswer('r3-session-waiting.json').json as {session: unknown}).session)!;

describe("the overview's waiting ends with the wait", () => {
	it('the user channel saying the run ended clears the wait its record counted', () => {
		const list = new ServerSessionList();
		const record = waitingRecord();
		expect(record.pendingApprovalCount).toBe(1);
		list.replace([record]);
		expect(activityOf(list.get(record.sessionId)!).state).toBe('waiting');
		// The recorded channel of that run: running, two titles, idle once the call was allowed and the task ended.
		for (const block of serverStreamBlocks('r3-events-approve.txt')) {
			const event = block.data === undefined ? undefined : readUserChannelEvent(JSON.parse(block.data));
			if (event) list.apply(event);
		}
		const entry = list.get(record.sessionId)!;
		expect(entry.state).toBe('idle');
		expect(entry.waiting).toBe(0);
		expect(activityOf(entry)).toMatchObject({state: 'idle', waiting: 0});
		// The server's record afterwards agrees.
		expect(
			readServerSession((serverAnswer('r3-session-idle-after-allow.json').json as {session: unknown}).session),
		).toMatchObject({status: 'idle', pendingApprovalCount: 0});
	});
});

describe('the session on screen waits as its own stream says', () => {
	let server: PenguinServer | undefined;
	let started: ServerStart | undefined;
	afterEach(async () => {
		if (started?.ok) await started.source.close();
		await server?.close();
		[server, started] = [undefined, undefined];
	});

	it(
		"its row stops waiting when the stream's decision " + 'comes, though its record, never asked again, said 1',
		async () => {
			const blocks = serverStreamBlocks('session-stream-approval.txt');
			const asking = blocks.findIndex(block => block.data?.includes('"approval_request"') === true);
			let release: () => void = () => undefined;
			const decided = new Promise<void>(resolve => (release = resolve));
			server = await startPenguinServer({
				rows: () =>
					recordedRows().map(row =>
						row.sessionId === runningId ? {...row, status: 'running', pendingApprovalCount: 1} : row,
					),
				stream: id =>
					id === runningId
						? async connection => {
								await replayRecorded(connection, blocks.slice(0, asking + 1));
								await decided;
								await connection.write(
									blocks
										.slice(asking + 1)
										.map(block => block.text)
										.join(''),
								);
							}
						: undefined,
			});
			const opened = await startOnScreen(`${server.origin}/chat/${runningId}`, {nudgePollMs: 50});
			started = opened.started;
			if (!started.ok) throw new Error(started.message);
			const {switcher} = started;
			const row = async () => (await switcher.list()).find(entry => entry.sessionId === runningId)!;
			await waitFor(() => opened.store.view.awaitingApproval === 1, 'the wait on the stream');
			expect(activityOf(await row()).state).toBe('waiting');
			release();
			await waitFor(() => opened.store.view.task?.state === 'idle', 'the end of the run on the stream');
			await waitFor(async () => activityOf(await row()).waiting === 0, 'the row to stop waiting');
			expect(activityOf(await row()).state).not.toBe('waiting');
		},
	);
});

describe("a subagent's wait on its own row", () => {
	// The recorded run whose subagent's command asked for approval: the parent's record counts the call (its run holds
	// it), the subagent's record says idle with nothing waiting; the parent's stream says which subagent waits.
	const parentId = 'session-2026-12-04-20-41-37-54d42c82';
	const childId = 'session-2026-12-04-20-41-46-0ed80b9b';
	const record = (sessionId: string, fields: Partial<ServerSession>): ServerSession => ({
		...waitingRecord(),
		sessionId,
		title: sessionId.slice(-8),
		...fields,
	});

	it('waits while the parent stream says the subagent waits, and stops when the decision comes', () => {
		const list = new ServerSessionList();
		list.replace([
			record(parentId, {status: 'running', pendingApprovalCount: 1}),
			record(childId, {status: 'idle', pendingApprovalCount: 0, source: 'subagent'}),
		]);
		expect(activityOf(list.get(childId)!).state).toBe('idle');
		const model = new SessionModel();
		const seen: Array<ReadonlyMap<string, number>> = [];
		for (const {input} of serverStreamInputs('session-stream-subagent-approval.txt')) {
			model.apply(input, Date.parse('2026-12-04T20:42:00Z'));
			if (list.setChildrenWaiting(waitingSubagents(model.view))) seen.push(waitingSubagents(model.view));
			if (seen.length === 1 && seen[0]!.size > 0) {
				// The approval_request of the subagent's call: its row waits, not `○ idle`.
				expect(activityOf(list.get(childId)!)).toMatchObject({state: 'waiting', waiting: 1});
				expect(activityOf(list.get(parentId)!)).toMatchObject({state: 'waiting', waiting: 1});
			}
		}
		// Once waiting (the request), once not (the decision): the row is idle again, as its record says.
		expect(seen.map(waits => [...waits])).toEqual([[[childId, 1]], []]);
		expect(activityOf(list.get(childId)!)).toMatchObject({state: 'idle', waiting: 0});
	});
});
