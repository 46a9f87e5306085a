// Server mode's nudges against the fake server: another session's run that ends on the user channel (`session_state`
// running → idle) is offered as finished; one that starts to wait for approval is learnt from its record, asked again
// while it runs (only the running sessions', not the one on screen); each is said once, and the offer opens it.
import {afterEach, describe, expect, it} from 'vitest';
import type {SessionStore} from '../../source/model/session-store.js';
import type {ServerStart} from '../../source/server/server-mode.js';
import {
	idleId,
	recordedRows,
	runningId,
	startPenguinServer,
	type PenguinServer,
	type PenguinServerOptions,
	type SessionRow,
} from '../support/penguin-server.js';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {serverAnswer, serverStreamBlocks} from '../support/sse-fixtures.js';
import {tracesFixtureDir} from '../support/io-fixtures.js';
import {startOnScreen} from '../support/server-screen.js';
import {waitFor} from '../support/wait-for.js';

const echoId = 'session-2026-12-03-13-34-52-9a1ca335';
let server: PenguinServer | undefined;
let started: ServerStart | undefined;
afterEach(async () => {
	if (started?.ok) await started.source.close();
	started = undefined;
	await server?.close();
	server = undefined;
});

/** Server mode on the screen with the finished session `idleId` open; the nudges said, in order. */
async function open(
	rows: () => SessionRow[],
	messages?: PenguinServerOptions['messages'],
	more: PenguinServerOptions = {},
	nudgePollMs = 50,
): Promise<{said: string[]; switcher: Extract<ServerStart, {ok: true}>['switcher']; store: SessionStore}> {
	server = await startPenguinServer({rows, ...(messages ? {messages} : {}), ...more});
	const said: string[] = [];
	const opened = await startOnScreen(`${server.origin}/chat/${idleId}`, {
		onNudge: (text: string) => said.push(text),
		nudgePollMs,
	});
	started = opened.started;
	const {store} = opened;
	if (!started.ok) throw new Error(started.message);
	const {switcher} = started;
	// The list is in and the channel is up (its recorded events, about the session on screen, replayed).
	await waitFor(
		async () => (await switcher.list()).length === recordedRows().length && server!.userChannels.length > 0,
		'the list and the channel',
	);
	return {said, switcher, store};
}

describe('nudges on a server', () => {
	it("another session's run that ends is offered as finished, once; the one on screen never is", async () => {
		// The server's own rows carry the title it is given (a list asked again meanwhile says the same).
		let title: string | undefined;
		const {said, switcher} = await open(() =>
			recordedRows().map(row => (row.sessionId === runningId && title !== undefined ? {...row, title} : row)),
		);
		const channel = server!.userChannels.at(-1)!;
		await channel.event({
			event: 'server_event',
			data: JSON.stringify({
				type: 'session_state',
				sessionId: idleId,
				state: 'running',
				lastActiveAt: '2026-12-03T13:40:00.000Z',
				hasTrace: true,
			}),
			id: 'n-1',
		});
		await channel.event({
			event: 'server_event',
			data: JSON.stringify({
				type: 'session_state',
				sessionId: runningId,
				state: 'idle',
				lastActiveAt: '2026-12-03T13:40:01.000Z',
				hasTrace: true,
			}),
			id: 'n-2',
		});
		await channel.event({
			event: 'server_event',
			data: JSON.stringify({
				type: 'session_state',
				sessionId: idleId,
				state: 'idle',
				lastActiveAt: '2026-12-03T13:40:02.000Z',
				hasTrace: true,
			}),
			id: 'n-3',
		});
		await waitFor(() => switcher.offerNote?.() !== undefined, 'the nudge');
		expect(switcher.offerNote!()).toBe('✓ "Listing the workspace" finished · L to switch');
		expect(switcher.offered!()?.sessionId).toBe(runningId);
		// The same state said again, and more changes to the list: no second word.
		await channel.event({
			event: 'server_event',
			data: JSON.stringify({
				type: 'session_state',
				sessionId: runningId,
				state: 'idle',
				lastActiveAt: '2026-12-03T13:40:01.000Z',
				hasTrace: true,
			}),
			id: 'n-4',
		});
		title = 'renamed';
		await channel.event({
			event: 'server_event',
			data: JSON.stringify({type: 'session_title', sessionId: runningId, title: 'renamed'}),
			id: 'n-5',
		});
		await waitFor(
			async () =>
				(await switcher.list()).find(
					entry => entry.sessionId === runningId && 'title' in entry && entry.title === 'renamed',
				) !== undefined,
			'the title',
		);
		expect(said).toEqual(['✓ "Listing the workspace" finished']);
	});

	it("a run that ends aborted or failed says so with the server's reason, never finished", async () => {
		// The real server's last messages of a run stopped with POST …/abort; a run whose retries gave out (a trace's end).
		const aborted = (serverAnswer('r3-messages-tail-aborted.json').json as {messages: unknown[]}).messages;
		const gaveUp = readFileSync(path.join(tracesFixtureDir, 'session-2026-12-02-14-43-17-d6ae8f31_001.jsonl'), 'utf8')
			.trim()
			.split('\n')
			.slice(-6)
			.map(line => JSON.parse(line) as unknown);
		let tail = aborted;
		const {said} = await open(recordedRows, id =>
			id === runningId ? {status: 200, json: {messages: tail}} : undefined,
		);
		const channel = server!.userChannels.at(-1)!;
		const state = async (value: string, n: number): Promise<void> =>
			channel.event({
				event: 'server_event',
				data: JSON.stringify({
					type: 'session_state',
					sessionId: runningId,
					state: value,
					lastActiveAt: `2026-12-03T13:40:0${n}.000Z`,
					hasTrace: true,
				}),
				id: `e-${n}`,
			});
		await state('running', 1);
		await state('idle', 2);
		await waitFor(() => said.length === 1, 'the first ending');
		tail = gaveUp;
		await state('running', 3);
		await state('idle', 4);
		await waitFor(() => said.length === 2, 'the second ending');
		expect(said).toEqual([
			'■ "Listing the workspace" aborted by user',
			'✗ "Listing the workspace" failed: reconnect failed after 5 retries',
		]);
	});

	it('an ending said once its last messages came: the screen is told then, not at its next key', async () => {
		const aborted = (serverAnswer('r3-messages-tail-aborted.json').json as {messages: unknown[]}).messages;
		// A usage route that never answers: nothing else tells the screen that the list changed once the run ended.
		const {said, switcher, store} = await open(
			recordedRows,
			id => (id === runningId ? {status: 200, json: {messages: aborted}} : undefined),
			{usage: () => async connection => connection.gone},
			// No records asked meanwhile (each one that comes tells the screen too).
			600_000,
		);
		// The session on screen read (its opening tells the screen once more, after which the trace comes).
		await waitFor(() => store.view.items.length > 0, 'the session on screen');
		// What the footer would show each time the screen is told the list changed.
		const shown: Array<string | undefined> = [];
		const unsubscribe = switcher.subscribe!(() => shown.push(switcher.offerNote?.()));
		const channel = server!.userChannels.at(-1)!;
		for (const [state, n] of [
			['running', 1],
			['idle', 2],
		] as const) {
			await channel.event({
				event: 'server_event',
				data: JSON.stringify({
					type: 'session_state',
					sessionId: runningId,
					state,
					lastActiveAt: `2026-12-03T13:40:0${n}.000Z`,
					hasTrace: true,
				}),
				id: `t-${n}`,
			});
		}
		await waitFor(() => said.length === 1, 'the ending');
		await waitFor(() => shown.includes(`${said[0]} · L to switch`), 'the screen told of the ending');
		unsubscribe();
		expect(said).toEqual(['■ "Listing the workspace" aborted by user']);
	});

	it(
		'a running session that starts to wait for approval: its ' +
			'record says so, the footer offers it by title and call, L opens it',
		async () => {
			let waiting = 0;
			const rows = (): SessionRow[] =>
				recordedRows().map(row => (row.sessionId === runningId ? {...row, pendingApprovalCount: waiting} : row));
			// Its last messages: the recorded approval run's, up to the call that waits.
			const blocks = serverStreamBlocks('session-stream-approval.txt');
			const upToCall = blocks.slice(
				0,
				blocks.findIndex(block => block.data?.includes('"approval_request"') === true),
			);
			const messages = upToCall.flatMap(block =>
				block.event === undefined && block.data !== undefined ? [JSON.parse(block.data) as unknown] : [],
			);
			const {said, switcher, store} = await open(rows, id =>
				id === runningId ? {status: 200, json: {messages}} : undefined,
			);
			const asked = (): number => server!.requestsTo(`/api/sessions/${runningId}`).length;
			// Its record is asked again while it runs.
			const before = asked();
			await waitFor(() => asked() >= before + 2, 'the running session asked again');
			expect(said).toEqual([]);
			waiting = 1;
			await waitFor(() => switcher.offerNote?.() !== undefined, 'the nudge');
			expect(switcher.offerNote!()).toBe(
				'⏸ "Listing the workspace" waits: exec_command $ echo approved-run · L to switch',
			);
			// Asked again, still waiting: said once. Only the running session is asked, never the finished one on screen.
			const seen = asked();
			await waitFor(() => asked() >= seen + 3, 'three more asks');
			expect(said).toEqual(['⏸ "Listing the workspace" waits: exec_command $ echo approved-run']);
			expect(server!.requestsTo(`/api/sessions/${echoId}`)).toHaveLength(0);
			const idleAsks = server!.requestsTo(`/api/sessions/${idleId}`).length;
			await waitFor(() => asked() >= seen + 5, 'more asks');
			expect(server!.requestsTo(`/api/sessions/${idleId}`)).toHaveLength(idleAsks);
			// L: the program opens the offered session.
			await switcher.open(switcher.offered!()!);
			await waitFor(() => store.status.label.includes(runningId), 'the waiting session opened');
			expect(switcher.offered!()).toBeUndefined();
		},
	);
});
