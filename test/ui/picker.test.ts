// The session picker as pure functions: filtering as you type, the keys, the window, and one row per session with its
// live mark.
import {describe, expect, it} from 'vitest';
import type {PickerEntry} from '../../source/server/session-switcher.js';
import {
	filterEntries,
	openPicker,
	pickerKey,
	pickerRows,
	windowFor,
	entryRow,
	type PickerState,
} from '../../source/ui/views/picker.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {entryOf} from '../../source/server/session-list.js';
import {inZone} from '../support/zone.js';

const now = Date.parse('2026-12-02T15:00:00Z');

function entry(id: string, fields: Partial<PickerEntry> = {}): PickerEntry {
	return {
		sessionId: `session-2026-12-02-14-43-17-${id}`,
		project: 'proj-a',
		agent: 'main',
		folder: '/data/proj-a/agents/main/traces/2026-12-02',
		shards: [`/data/proj-a/agents/main/traces/2026-12-02/session-2026-12-02-14-43-17-${id}_001.jsonl`],
		shardCount: 1,
		size: 27_000,
		startedAt: '2026-12-02T14:43:17.613Z',
		lastActivityAt: '2026-12-02T14:50:00.000Z',
		idleMs: 600_000,
		live: false,
		provider: 'custom',
		model: 'fake-model',
		firstPrompt: 'Use a subagent to list the workspace.',
		...fields,
	};
}

const entries: PickerEntry[] = [
	entry('aaaa1111', {firstPrompt: 'Fix the flaky login test', live: true, lastActivityAt: '2026-12-02T14:59:30.000Z'}),
	entry('bbbb2222', {project: 'website', agent: 'writer', model: 'big-model', firstPrompt: 'Write the release notes'}),
	entry('cccc3333', {firstPrompt: 'Explain the login flow', source: 'subagent'}),
];

const loaded = (fields: Partial<PickerState> = {}): PickerState => ({...openPicker(1), entries, ...fields});

describe('filterEntries', () => {
	it('keeps every entry for an empty query', () => {
		expect(filterEntries(entries, '')).toHaveLength(3);
		expect(filterEntries(entries, '   ')).toHaveLength(3);
	});

	it('matches every word, in any order and any case, in the id, project/agent, model and prompt', () => {
		const ids = (query: string): string[] => filterEntries(entries, query).map(found => found.sessionId.slice(-8));
		expect(ids('LOGIN')).toEqual(['aaaa1111', 'cccc3333']);
		expect(ids('login flaky')).toEqual(['aaaa1111']);
		expect(ids('website/writer')).toEqual(['bbbb2222']);
		expect(ids('big-model')).toEqual(['bbbb2222']);
		expect(ids('cccc')).toEqual(['cccc3333']);
		expect(ids('live')).toEqual(['aaaa1111']);
		expect(ids('subagent')).toEqual(['cccc3333']);
		expect(ids('nothing-like-this')).toEqual([]);
	});
});

describe('pickerKey', () => {
	it('j/k move as everywhere, letters do not type; / starts a filter, Esc leaves it, then the picker', () => {
		let state = loaded();
		state = pickerKey(state, 'j', {}, 10)!;
		state = pickerKey(state, 'j', {}, 10)!;
		expect(state).toMatchObject({selected: 2, query: ''});
		state = pickerKey(state, 'k', {}, 10)!;
		state = pickerKey(state, 'x', {}, 10)!;
		expect(state).toMatchObject({selected: 1, query: ''});
		expect(pickerKey(state, 'G', {}, 10)!.selected).toBe(2);
		expect(pickerKey(state, 'g', {}, 10)!.selected).toBe(0);
		state = pickerKey(state, '/', {}, 10)!;
		state = pickerKey(state, 'jk', {}, 10)!;
		expect(state).toMatchObject({filtering: true, query: 'jk', selected: 0});
		// Esc leaves the filter, which stays on; the next Esc closes the picker.
		state = pickerKey(pickerKey(state, '', {backspace: true}, 10)!, '', {escape: true}, 10)!;
		expect(state).toMatchObject({filtering: false, query: 'j'});
		expect(pickerKey(state, '', {escape: true}, 10)).toBeUndefined();
	});

	it('types into the filter, starting the choice again from the top', () => {
		let state = pickerKey(loaded({selected: 2}), '/', {}, 10)!;
		state = pickerKey(state, 'l', {}, 10)!;
		state = pickerKey(state, 'og', {}, 10)!;
		expect(state).toMatchObject({query: 'log', selected: 0});
		state = pickerKey(state, '', {backspace: true}, 10)!;
		expect(state.query).toBe('lo');
		state = pickerKey(state, 'u', {ctrl: true}, 10)!;
		expect(state.query).toBe('');
		// Control characters never reach the filter.
		expect(pickerKey(state, '\u0007', {}, 10)!.query).toBe('');
	});

	it('moves with the arrows, within the filtered list', () => {
		let state = loaded();
		state = pickerKey(state, '', {downArrow: true}, 10)!;
		state = pickerKey(state, '', {downArrow: true}, 10)!;
		state = pickerKey(state, '', {downArrow: true}, 10)!;
		expect(state.selected).toBe(2);
		state = pickerKey(state, '', {upArrow: true}, 10)!;
		expect(state.selected).toBe(1);
		state = pickerKey(state, 'p', {ctrl: true}, 10)!;
		expect(state.selected).toBe(0);
		state = pickerKey(state, '', {end: true}, 10)!;
		expect(state.selected).toBe(2);
	});

	it('Enter chooses the selected session of the filtered list; Esc closes', () => {
		let state = pickerKey(loaded({filtering: true}), 'login', {}, 10)!;
		state = pickerKey(state, '', {downArrow: true}, 10)!;
		expect(pickerKey(state, '', {return: true}, 10)!.chosen?.sessionId).toMatch(/cccc3333$/);
		expect(pickerKey({...state, filtering: false}, '', {escape: true}, 10)).toBeUndefined();
		// Nothing to choose while the list is read, or when nothing matches.
		expect(pickerKey(openPicker(1), '', {return: true}, 10)!.chosen).toBeUndefined();
		expect(pickerKey(loaded({query: 'zzz'}), '', {return: true}, 10)!.chosen).toBeUndefined();
	});

	it('keeps the choice in the window', () => {
		expect(windowFor(10, 3, 5, 0)).toEqual({selected: 5, top: 3});
		expect(windowFor(10, 3, 1, 3)).toEqual({selected: 1, top: 1});
		expect(windowFor(10, 3, -4, 0)).toEqual({selected: 0, top: 0});
		expect(windowFor(0, 3, 2, 1)).toEqual({selected: 0, top: 0});
	});
});

describe('pickerRows', () => {
	const text = (state: PickerState, height = 8, current?: string): string[] =>
		pickerRows(state, {width: 120, height, now, root: '~/.penguin/data', current}).rows.map(rowText);

	it('one row per session: state, short id, what it does, start, project/agent, model, first prompt', () => {
		const rows = text(loaded(), 8, entries[1]!.sessionId);
		expect(rows[0]).toBe(' sessions  ~/.penguin/data  3  ● 1 running');
		expect(rows[1]).toBe(' / filter');
		expect(rows[2]).toMatch(
			/^● running {2}aaaa1111 {13}12-02 14:43 {2}proj-a\/main {5}fake-model {2}Fix the flaky login test$/,
		);
		// The session on screen now is starred; a subagent's session says so.
		expect(rows[3]).toMatch(
			/^○ idle {5}bbbb2222\* idle 10 m {2}12-02 14:43 {2}website\/writer {2}big-model {3}Write the release notes$/,
		);
		expect(rows[4]).toMatch(/ cccc3333 .* ↳ Explain the login flow$/);
		expect(pickerRows(loaded(), {width: 120, height: 8, now, root: '/r'}).selectedRow).toBe(2);
	});

	it("shows when a session started in the reader's own time zone", () => {
		// 14:43 UTC is 20:13 in Kolkata (a half-hour zone) and 06:43 in Los Angeles.
		expect(inZone('Asia/Kolkata', () => text(loaded())[2])).toMatch(/^● running {2}aaaa1111 +12-02 20:13 /);
		expect(inZone('America/Los_Angeles', () => text(loaded())[2])).toMatch(/^● running {2}aaaa1111 +12-02 06:43 /);
	});

	it('says what it is doing: reading, nothing found, nothing matching, failing, opening', () => {
		expect(text(openPicker(1))[2]).toBe(' reading the sessions…');
		expect(text(loaded({entries: []}))[2]).toBe(' no sessions under ~/.penguin/data');
		expect(text(loaded({query: 'zzz', filtering: true}))).toEqual([
			' sessions  ~/.penguin/data  0 of 3  ● 1 running',
			' filter › zzz▌',
			' no session matches “zzz”',
		]);
		expect(text(loaded({error: 'could not list the sessions: permission denied'}))[2]).toBe(
			' could not list the sessions: permission denied',
		);
		const opening = pickerRows(loaded({chosen: entries[0]}), {width: 120, height: 8, now, root: '/r', opening: true});
		expect(rowText(opening.rows[2]!)).toBe(` opening ${entries[0]!.sessionId}…`);
	});

	it('fits the width and the height', () => {
		const many = Array.from({length: 30}, (_, i) => entry(String(i).padStart(8, '0')));
		const view = pickerRows(
			{...openPicker(1), entries: many, selected: 20, top: 0},
			{width: 50, height: 6, now, root: '/r'},
		);
		expect(view.rows).toHaveLength(6);
		for (const row of view.rows) expect(rowText(row).length).toBeLessThanOrEqual(50);
		expect(rowText(view.rows[view.selectedRow]!)).toContain('00000020');
		expect(rowText(entryRow(entries[0]!, {width: 30, now}))).toMatch(/…$/);
	});
});

describe('the prompt gets the room', () => {
	const long = (id: string, fields: Partial<PickerEntry>): PickerEntry =>
		entry(id, {project: 'a-rather-long-project-name', agent: 'the-default-agent', ...fields});
	const rowsAt = (list: PickerEntry[], width: number): string[] =>
		pickerRows({...openPicker(1), entries: list}, {width, height: 10, now, root: '/r'})
			.rows.map(rowText)
			.slice(2);

	it('at 80 columns each row keeps 30 columns of its prompt, the other columns narrowed or left out', () => {
		const list = [
			long('aaaa1111', {firstPrompt: 'Fix the flaky login test on the CI runner'}),
			long('bbbb2222', {project: 'website', model: 'big-model', firstPrompt: 'Write the release notes for 2.0'}),
		];
		const rows = rowsAt(list, 80);
		expect(rows[0]).toContain('Fix the flaky login test on the');
		expect(rows[1]).toContain('Write the release notes for 2.0');
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(80);
	});

	it('a column the same on every row is left out and said once in the title', () => {
		const list = [long('aaaa1111', {firstPrompt: 'one'}), long('bbbb2222', {firstPrompt: 'two'})];
		const all = pickerRows({...openPicker(1), entries: list}, {width: 160, height: 10, now, root: '/r'}).rows.map(
			rowText,
		);
		expect(all[0]).toContain('all a-rather-long-project-name/the-default-agent · fake-model');
		for (const row of all.slice(2)) {
			expect(row).not.toContain('the-default-agent');
			expect(row).not.toContain('fake-model');
		}
	});
});

describe('narrow screens', () => {
	const sixty = (list: PickerEntry[], state: Partial<PickerState> = {}): string[] =>
		pickerRows({...openPicker(1), entries: list, ...state}, {width: 60, height: 10, now, root: '/r'}).rows.map(rowText);
	const prompt = 'Find why the nightly export job writes empty files';

	it('at 60 columns the prompt keeps 30 columns: state, short id, what it does, then the prompt', () => {
		const rows = sixty([
			entry('aaaa1111', {firstPrompt: prompt}),
			entry('bbbb2222', {project: 'website', model: 'big-model', firstPrompt: 'Write the release notes'}),
		]).slice(2);
		// The start, project/agent and model columns have gone; what is left lines up.
		expect(rows[0]).toBe('○ idle  aaaa1111  idle 10 m  Find why the nightly export jo…');
		expect(rows[1]).toBe('○ idle  bbbb2222  idle 10 m  Write the release notes');
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(60);
	});

	it("a subagent's own session keeps its ↳ at 60 columns", () => {
		const rows = sixty([entry('aaaa1111', {firstPrompt: prompt, source: 'subagent'}), entry('bbbb2222')]).slice(2);
		expect(rows[0]).toMatch(/^○ idle {2}aaaa1111 {2}idle 10 m {2}↳ Find why the nightly export …$/);
	});

	it('an error is wrapped, not cut: the address it names stays whole', () => {
		const error =
			'could not list the sessions: http://build-box.internal:7364 answered 401; give --token TOKEN or set PENGUIN_TOKEN';
		const rows = sixty(entries, {entries: undefined, error}).slice(2);
		expect(rows.length).toBeGreaterThan(1);
		for (const row of rows) expect(row.length).toBeLessThanOrEqual(60);
		expect(rows.map(row => row.trim()).join(' ')).toBe(error);
	});
});

describe('a server session waiting for approval (issue 29)', () => {
	it('shows ⏸ and how many calls wait, before its title', () => {
		const record = {
			sessionId: 'session-2026-12-04-20-49-48-116d3e8d',
			projectId: 'default_project',
			agentId: 'default_agent',
			status: 'running' as const,
			hasTrace: true,
			title: 'Approved echo run',
			lastActiveAt: '2026-12-02T14:59:00.000Z',
			pendingApprovalCount: 1,
		};
		expect(rowText(entryRow(entryOf(record), {width: 120, now}))).toMatch(/⏸ 1 Approved echo run$/);
		expect(rowText(entryRow(entryOf({...record, pendingApprovalCount: 0}), {width: 120, now}))).not.toContain('⏸');
	});
});

describe("the title's count of waiting sessions", () => {
	const title = (list: PickerEntry[]): string =>
		rowText(pickerRows({...openPicker(1), entries: list}, {width: 160, height: 8, now, root: '/r'}).rows[0]!);

	it("a subagent's wait shown on its row and on its parent's counts once (the sessions on disk)", () => {
		const waits = {state: 'waiting' as const, waiting: 1, doing: 'exec_command $ ls', children: []};
		const parent = entry('aaaa1111', {activity: waits});
		const child = entry('bbbb2222', {parentId: parent.sessionId, source: 'subagent', activity: waits});
		expect(title([parent, child])).toContain('⏸ 1 waiting');
		// Listed without its parent, the subagent's wait is its own.
		expect(title([child])).toContain('⏸ 1 waiting');
		expect(title([parent, child, entry('cccc3333', {activity: waits})])).toContain('⏸ 2 waiting');
	});

	it("a server's subagent waits on its parent's run: counted once, on the parent", () => {
		const record = {
			projectId: 'default_project',
			agentId: 'default_agent',
			hasTrace: true,
			lastActiveAt: '2026-12-02T14:59:00.000Z',
		};
		const parent = entryOf({...record, sessionId: 'session-p', status: 'running', pendingApprovalCount: 1});
		// Its row waits as the parent's stream says (server/subagent-waits.ts); its record says idle.
		const child = {
			...entryOf({...record, sessionId: 'session-c', status: 'idle', source: 'subagent'}),
			waiting: 1,
		};
		expect(title([parent, child])).toContain('⏸ 1 waiting');
		expect(title([parent, child])).not.toContain('⏸ 2');
	});
});
