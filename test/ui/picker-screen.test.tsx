// The picker on the screen (s): it lists what the switcher gives, j/k choose, / filters as you type, Enter hands the
// chosen session to the switcher and the screen starts afresh on it, Esc closes.
import {afterEach, expect, test} from 'vitest';
import type {PickerEntry, SessionSwitcher} from '../../source/server/session-switcher.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {storeFrom, traceInputs} from './helpers.js';

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

function entry(tail: string, prompt: string, fields: Partial<PickerEntry> = {}): PickerEntry {
	const sessionId = `session-2026-12-02-${tail}`;
	return {
		sessionId,
		project: 'proj-a',
		agent: 'main',
		folder: '/data/proj-a/agents/main/traces/2026-12-02',
		shards: [`/data/proj-a/agents/main/traces/2026-12-02/${sessionId}_001.jsonl`],
		shardCount: 1,
		size: 20_480,
		startedAt: '2026-12-02T14:43:17.000Z',
		lastActivityAt: '2026-12-02T14:49:00.000Z',
		idleMs: 60_000,
		live: false,
		provider: 'custom',
		model: 'fake-model',
		firstPrompt: prompt,
		...fields,
	};
}

const listed = [
	entry('14-45-42-8e7b556c', '[fake:chat] What is a trace file?', {
		live: true,
		lastActivityAt: '2026-12-02T14:49:50.000Z',
	}),
	entry('14-43-17-a1f608ba', '[fake:sub] Use a subagent to list the workspace.'),
	entry('14-43-17-694155ee', '[fake:tools] Inspect the workspace and run a few commands.'),
];

/** A switcher that lists `listed` and, like main.ts, puts the chosen session in the store. */
function fakeSwitcher(store: ReturnType<typeof storeFrom>): SessionSwitcher & {opened: string[]; lists: number} {
	const fake = {
		root: '/home/dev/.penguin/data',
		opened: [] as string[],
		lists: 0,
		current: () => store.view.header.sessionId,
		async list() {
			fake.lists++;
			return listed;
		},
		async open(session: PickerEntry) {
			fake.opened.push(session.sessionId);
			store.rebuild(traceInputs(`${session.sessionId.slice('session-2026-12-02-'.length)}_001`));
			store.setStatus({label: `${session.sessionId}_001.jsonl`});
		},
	};
	return fake;
}

test(
	's lists the sessions, j/k choose, / then typing ' + 'filters, Enter opens the chosen one through the switcher',
	async () => {
		const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
		const sessions = fakeSwitcher(store);
		screen = await mount(store, {columns: 110, rows: 16, sessions});
		await screen.press('s');
		// The listing comes from the switcher's promise, after the key.
		await screen.until('all proj-a/main', 'the listing');
		let body = screen.body();
		// Project/agent and model are the same on every row: said once in the title, not in columns.
		expect(body[0]).toBe('  sessions  ~/.penguin/data  3  ● 1 running  all proj-a/main · fake-model');
		expect(body[1]).toBe('  / filter');
		expect(body[2]).toMatch(/^›● running {2}8e7b556c\* {11}12-02 14:43 {2}\[fake:chat\] What is a trace file\?$/);
		expect(body[3]).toMatch(/^ ○ idle {5}a1f608ba {2}idle 1 m {2}12-02 14:43 {2}\[fake:sub\] Use a subagent/);
		expect(body).toHaveLength(5);
		expect(screen.frame().split('\n').at(-1)).toBe(' j/k choose · / filter · Enter open · Esc close');
		// j and k move, as in every other list of the screen.
		await screen.press('j', 'j');
		expect(screen.body()[4]).toMatch(/^›/);
		await screen.press('k');
		expect(screen.body()[3]).toMatch(/^›/);

		// After /, keys go to the filter, not to the screen: `q` does not quit, `s` does not reopen.
		await screen.press('/');
		expect(screen.frame().split('\n').at(-1)).toBe(' type to filter · ↑/↓ choose · Enter open · Esc done');
		await screen.press('w', 'o', 'r', 'k', 's', 'p', 'a', 'c', 'e');
		body = screen.body();
		expect(body[0]).toContain('2 of 3');
		expect(body[1]).toBe('  filter › workspace▌');
		expect(body.slice(2).map(row => /^.○ idle +(\w{8})/.exec(row)?.[1])).toEqual(['a1f608ba', '694155ee']);
		await screen.press(keys.down);
		expect(screen.body()[3]).toMatch(/^›/);
		await screen.press(keys.enter);
		// Opening is the switcher's promise, then a store frame.
		const frame = await screen.until(' opened session-2026-12-02-14-43-17-694155ee', 'the opened session');
		expect(sessions.opened).toEqual(['session-2026-12-02-14-43-17-694155ee']);
		expect(frame.split('\n')[0]).toContain('session…14-43-17-694155ee');
		expect(frame).toContain('$ ls /definitely/not/here');
		expect(frame.split('\n').at(-1)).toBe(' opened session-2026-12-02-14-43-17-694155ee');
		expect(screen.quits()).toBe(0);

		// Opening it again lists afresh.
		await screen.press('s');
		expect(sessions.lists).toBe(2);
		await screen.until(/8e7b556c {12}12-02/, 'the new listing');
		expect(screen.body()[2]).toMatch(/8e7b556c {12}12-02/);
		expect(screen.body()[4]).toMatch(/694155ee\* /);
	},
);

test('Esc closes the picker and leaves the session as it was', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	const sessions = fakeSwitcher(store);
	screen = await mount(store, {columns: 110, rows: 16, sessions});
	const before = screen.frame();
	await screen.press('s');
	await screen.until('3  ● 1 running', 'the listing');
	await screen.press('/', 'a', '1');
	expect(screen.body()[1]).toBe('  filter › a1▌');
	// The first Esc leaves the filter (it stays on), the second the picker.
	await screen.press(keys.escape);
	expect(screen.body()[1]).toBe('  filter › a1   / to change it');
	await screen.press(keys.escape);
	expect(screen.frame()).toBe(before);
	expect(sessions.opened).toEqual([]);
});

test('a filter typed with Enter in one go still opens; a failing open says why in the picker', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	const sessions = fakeSwitcher(store);
	sessions.open = async session => {
		sessions.opened.push(session.sessionId);
		throw new Error('permission denied');
	};
	screen = await mount(store, {columns: 110, rows: 16, sessions});
	await screen.press('s');
	await screen.until('3  ● 1 running', 'the listing');
	await screen.press('/a1f6\r');
	await screen.until('could not open', 'the failure in the picker');
	expect(sessions.opened).toEqual(['session-2026-12-02-14-43-17-a1f608ba']);
	expect(screen.body()[2]).toBe('  could not open session-2026-12-02-14-43-17-a1f608ba: permission denied');
});

test('without a switcher, s says there is nothing to pick', async () => {
	screen = await mount(storeFrom(traceInputs('14-45-42-8e7b556c_001')), {columns: 110, rows: 16});
	await screen.press('s');
	expect(screen.frame().split('\n').at(-1)).toBe(' no sessions to pick from here');
});

test('Backspaces that arrive in one read each take a character off the filter', async () => {
	const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
	screen = await mount(store, {columns: 110, rows: 16, sessions: fakeSwitcher(store)});
	await screen.press('s');
	await screen.until('3  ● 1 running', 'the listing');
	await screen.press('/workspace');
	await screen.until('filter › workspace▌', 'the typed filter');
	// A fast typist (or a terminal that batches): three Backspaces, one chunk.
	await screen.press('\u007f\u007f\u007f');
	await screen.until('filter › worksp▌', 'three characters gone');
	await screen.press('\u007f\u007f\u007f\u007f\u007f\u007f');
	await screen.until(/filter › ▌/, 'the filter empty');
	expect(screen.body()[0]).toContain('  3  ');
});

test(
	'the overview puts a session waiting for approval first, its ' +
		'subagent waiting under it, whatever order the list came in',
	async () => {
		const store = storeFrom(traceInputs('14-45-42-8e7b556c_001'));
		const sessions = fakeSwitcher(store);
		const activity = (state: 'waiting' | 'running', doing: string) => ({
			state,
			waiting: state === 'waiting' ? 1 : 0,
			doing,
			children: [],
		});
		sessions.list = async () => [
			listed[0]!,
			entry('14-43-19-1fcdf9f5', 'Caller agent: list the workspace', {
				source: 'subagent',
				parentId: 'session-2026-12-02-14-43-17-a1f608ba',
				activity: activity('waiting', 'exec_command $ rm -rf build'),
			}),
			entry('14-43-17-a1f608ba', '[fake:sub] Use a subagent to list the workspace.', {
				activity: activity('running', 'run_subagent list the workspace'),
			}),
			listed[2]!,
		];
		// Below 140 columns: the full-screen picker.
		screen = await mount(store, {columns: 130, rows: 16, sessions});
		await screen.press('s');
		await screen.until('waiting 1', 'the listing');
		const rows = screen.body().filter(row => /[0-9a-f]{8}/.test(row));
		// The parent waits on its subagent (issue 46): its row says so, and names the one that waits.
		expect(rows[0]).toMatch(/⏸ waiting 1 +a1f608ba +↳ 1fcdf9f5 waits: exec_command \$ rm -rf/);
		expect(rows[1]).toMatch(/⏸ waiting 1 +1fcdf9f5 +exec_command \$ rm -rf build +.*↳ Caller agent/);
	},
);
