// The picker of a server's sessions on the screen: open as the screen starts when no session was named, kept live
// (a session that starts running moves to the top with its mark, a title changes in place), a notice for what the
// server refused, and the footer's offer of a session that started (L opens it).
import {afterEach, expect, test} from 'vitest';
import {readSessionList} from '../../source/server/api.js';
import {ServerSessionList, type ServerPickerEntry, type UserChannelEvent} from '../../source/server/session-list.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {PickerEntry, SessionSwitcher} from '../../source/server/session-switcher.js';
import {serverAnswer} from '../support/sse-fixtures.js';
import {idleId, runningId} from '../support/penguin-server.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {waitFor} from '../support/wait-for.js';

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

const now = (): number => Date.parse('2026-12-03T14:00:00Z');

/** Polls until `check` holds (the frame is redrawn when the store or the switcher says so). */
async function until(check: () => boolean, what: string): Promise<void> {
	await waitFor(check, what, {show: () => screen?.frame() ?? ''});
}

/** A switcher over the recorded list, like server-mode's: events go through `push`. */
function serverSwitcher(options: {fail?: string; notices?: string[]} = {}) {
	const list = new ServerSessionList();
	list.replace(readSessionList(serverAnswer('sessions-list.json').json)!.sessions);
	const listeners = new Set<() => void>();
	let offered: ServerPickerEntry | undefined;
	const opened: string[] = [];
	const switcher: SessionSwitcher = {
		root: 'http://localhost:7364',
		where: 'on localhost:7364',
		openAtStart: true,
		async list() {
			if (options.fail) throw new Error(options.fail);
			return list.entries();
		},
		notices: () => options.notices ?? [],
		subscribe(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		offered: () => offered,
		async open(entry: PickerEntry) {
			opened.push(entry.sessionId);
			if (offered?.sessionId === entry.sessionId) offered = undefined;
		},
	};
	return {
		switcher,
		opened,
		push(event: UserChannelEvent) {
			const change = list.apply(event);
			if (change.started) offered = change.started;
			for (const listener of listeners) listener();
		},
	};
}

const rowOf = (id: string): string | undefined => screen?.body().find(row => row.includes(id.slice(-8)));

test(
	'a server given without a session opens on its ' + "picker: running first with its mark, each session's title",
	async () => {
		const server = serverSwitcher();
		screen = await mount(new SessionStore({label: 'http://localhost:7364', state: 'live'}), {
			columns: 120,
			rows: 24,
			sessions: server.switcher,
			now,
		});
		await until(() => screen!.body().length > 3, 'the list');
		const body = screen.body();
		expect(body[0]).toBe(
			'  sessions  http://localhost:7364  14  ● 1 running  all default_project/default_agent · fake-model',
		);
		expect(body[1]).toBe('  / filter');
		expect(body[2]).toMatch(/^›● running {2}a1f7cf26 +12-03 13:35 {2}Listing the workspace$/);
		expect(body[3]).toMatch(/^ ○ idle {5}9a1ca335 {2}idle 24 m {2}12-03 13:34 /);
		expect(rowOf('session-2026-12-03-13-33-57-ebfd3ab0')).toMatch(/↳ Subagent done: the workspace w$/);
		// Typing filters by title too.
		await screen.press('/', 'a', 's', 'k', 'i', 'n', 'g');
		await until(() => screen!.body()[0]!.includes('2 of 14'), 'the filtered list');
	},
);

test('kept live: a session that starts running moves to the top with its mark, a title changes in place', async () => {
	const server = serverSwitcher();
	screen = await mount(new SessionStore({label: 'http://localhost:7364', state: 'live'}), {
		columns: 120,
		rows: 24,
		sessions: server.switcher,
		now,
	});
	await until(() => rowOf(idleId) !== undefined, 'the list');
	expect(rowOf(idleId)).toMatch(/^ ○ idle /);
	server.push({
		type: 'session_state',
		sessionId: idleId,
		state: 'running',
		lastActiveAt: '2026-12-03T13:59:00.000Z',
		hasTrace: true,
	});
	await until(() => screen!.body()[2]?.includes('7d2810f6') === true, 'the started session at the top');
	expect(screen.body()[0]).toContain('● 2 running');
	expect(screen.body()[2]).toMatch(/^ ● running {2}7d2810f6 .*Listing the workspace$/);
	// The selection stays on the session it was on.
	expect(screen.body()[3]).toMatch(/^›● .*a1f7cf26/);
	server.push({type: 'session_title', sessionId: runningId, title: 'Counting the penguins'});
	await until(() => screen!.body()[3]?.endsWith('Counting the penguins') === true, 'the new title in place');
});

test('the footer offers a session that started; L opens it, and the offer goes', async () => {
	const server = serverSwitcher();
	screen = await mount(new SessionStore({label: 'http://localhost:7364', state: 'live'}), {
		columns: 120,
		rows: 24,
		sessions: server.switcher,
		now,
	});
	await until(() => rowOf(idleId) !== undefined, 'the list');
	await screen.press(keys.escape);
	const footer = (): string => screen!.frame().split('\n').at(-1)!;
	expect(footer()).not.toContain('L to switch');
	await screen.press('L');
	expect(footer()).toBe(' no other session has started');
	server.push({
		type: 'session_state',
		sessionId: idleId,
		state: 'running',
		lastActiveAt: '2026-12-03T13:59:00.000Z',
		hasTrace: true,
	});
	await until(() => footer() === ' ▸ session …7d2810f6 started · L to switch', 'the offer');
	await screen.press('L');
	await until(() => server.opened.length === 1, 'the offered session opened');
	expect(server.opened).toEqual([idleId]);
	await until(() => !footer().includes('L to switch'), 'the offer gone');
});

test('the server refused the list: the picker says why; a refused project is a notice above the rest', async () => {
	const failing = serverSwitcher({
		fail:
			'the server at localhost:7364 needs a login: pass --cookie or --user; the server said: Not signed in or' +
			' the sign-in has expired.',
	});
	screen = await mount(new SessionStore({label: 'http://localhost:7364', state: 'live'}), {
		columns: 180,
		rows: 24,
		sessions: failing.switcher,
		now,
	});
	// The row says `reading the sessions…` until the listing fails.
	await until(() => screen!.body()[2]?.startsWith('  could not list') === true, 'the error');
	expect(screen.body()[2]).toBe(
		'  could not list the sessions: the server at localhost:7364 needs a login: pass --cookie or --user; the server' +
			' said: Not signed in or the sign-in has expired.',
	);
	screen.unmount();

	const refused = serverSwitcher({
		notices: [
			'project secret: not accessible (404); the server said: Project does not exist or you do not have access.',
		],
	});
	screen = await mount(new SessionStore({label: 'http://localhost:7364', state: 'live'}), {
		columns: 150,
		rows: 24,
		sessions: refused.switcher,
		now,
	});
	await until(() => screen!.body().length > 4, 'the list');
	expect(screen.body()[2]).toBe(
		'  project secret: not accessible (404); the server said: Project does not exist or you do not have access.',
	);
	expect(screen.body()[3]).toContain('a1f7cf26');
});
