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
	type SessionRow,
} from '../support/penguin-server.js';
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
): Promise<{said: string[]; switcher: Extract<ServerStart, {ok: true}>['switcher']; store: SessionStore}> {
	server = await startPenguinServer({rows});
	const said: string[] = [];
	const opened = await startOnScreen(`${server.origin}/chat/${idleId}`, {
		onNudge: (text: string) => said.push(text),
		nudgePollMs: 50,
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
		expect(switcher.offerNote!()).toBe('✓ a1f7cf26 finished · L to switch');
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
		expect(said).toEqual(['✓ a1f7cf26 finished']);
	});

	it(
		'a running session that starts to wait for approval: ' + 'its record says so, the footer offers it, L opens it',
		async () => {
			let waiting = 0;
			const rows = (): SessionRow[] =>
				recordedRows().map(row => (row.sessionId === runningId ? {...row, pendingApprovalCount: waiting} : row));
			const {said, switcher, store} = await open(rows);
			const asked = (): number => server!.requestsTo(`/api/sessions/${runningId}`).length;
			// Its record is asked again while it runs.
			const before = asked();
			await waitFor(() => asked() >= before + 2, 'the running session asked again');
			expect(said).toEqual([]);
			waiting = 1;
			await waitFor(() => switcher.offerNote?.() !== undefined, 'the nudge');
			expect(switcher.offerNote!()).toBe('⏸ a1f7cf26 waits · L to switch');
			// Asked again, still waiting: said once. Only the running session is asked, never the finished one on screen.
			const seen = asked();
			await waitFor(() => asked() >= seen + 3, 'three more asks');
			expect(said).toEqual(['⏸ a1f7cf26 waits']);
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
