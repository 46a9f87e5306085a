// The screen in ink-testing-library frames: its size, each key's effect, follow/pause/resume while the store grows,
// search, help, quit.
import {afterEach, describe, expect, test} from 'vitest';
import type {SessionStore} from '../../source/model/session-store.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom, traceInputs} from './helpers.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const tools = (): SessionStore => storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl');

describe('the frame', () => {
	test('header, body, footer, one row shorter than the terminal', async () => {
		screen = await mount(tools());
		const lines = screen.frame().split('\n');
		expect(lines).toHaveLength(15);
		expect(lines[0]).toBe(' penguin-view  session…14-43-17-694155ee  custom/fake-model  ~/work');
		// Before the state, the context per request (three requests of 1.5k each: three full blocks).
		expect(lines[1]).toMatch(/^ tools\.jsonl +ctx ███ {2}○ idle · following$/);
		expect(lines[2]).toBe('─'.repeat(80));
		expect(lines[12]).toBe('─'.repeat(80));
		// The position is never dropped: at 80 columns the tokens give way to it.
		expect(lines[13]).toMatch(/^ ctx .* line 319 of 319 · 100 %$/);
		expect(lines[14]).toContain('j/k move');
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
		// Following: the end of the session is in view.
		expect(screen.body().at(-1)).toContain('slow-done.');
		// No colour asked for: not one escape sequence.
		expect(screen.frame()).not.toContain('\u001b');
	});

	test('a resize lays out again', async () => {
		screen = await mount(tools());
		await screen.rerender({columns: 50, rows: 20});
		const lines = screen.frame().split('\n');
		expect(lines).toHaveLength(19);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(50);
		expect(screen.body().join('\n')).toContain('printed slow-done.');
	});

	test('a tiny terminal drops the rules but keeps a body row', async () => {
		screen = await mount(tools(), {rows: 6});
		expect(screen.frame().split('\n')).toHaveLength(5);
	});
});

describe('keys', () => {
	test('k moves the cursor a row up and pauses, across panes and wrapped rows; j moves it back down', async () => {
		screen = await mount(tools());
		const before = screen.body();
		// The first k while following: the row above the last one, nothing scrolls.
		await screen.press('k');
		expect(screen.frame().split('\n')[1]).toMatch(/paused$/);
		const marked = (): string => screen!.body().find(line => line.startsWith('›'))!;
		expect(screen.body().slice(0, -2)).toEqual(before.slice(0, -2));
		expect(marked()).toMatch(/^› {2}missing directory failed/);
		await screen.press(keys.up);
		expect(marked()).toMatch(/^› {2}Done\./);
		await screen.press('k');
		expect(marked()).toMatch(/^›✓ exec_command {2}\$ sleep 2/);
		await screen.press('j');
		expect(marked()).toMatch(/^› {2}Done\./);
		await screen.press(keys.down, keys.down, keys.down);
		expect(marked()).toMatch(/^› {2}slow-done\./);
		expect(screen.frame()).toContain('line 319 of 319');
	});

	test('keys that arrive together count one by one', async () => {
		screen = await mount(tools());
		await screen.press('kkk');
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/^›✓ exec_command {2}\$ sleep 2/);
	});

	test('Enter opens and closes the pane the cursor is in, its row staying where it is on the screen', async () => {
		screen = await mount(tools(), {rows: 30});
		await screen.press('k', 'k', 'k');
		const row = screen.body().findIndex(line => line.startsWith('›'));
		expect(screen.body().join('\n')).not.toContain('│ slow-done');
		await screen.press(keys.enter);
		expect(screen.body().join('\n')).toContain('  │ slow-done');
		expect(screen.body()[row]).toMatch(/^›✓ exec_command {2}\$ sleep 2/);
		await screen.press(keys.enter);
		expect(screen.body().join('\n')).not.toContain('│ slow-done');
		expect(screen.body()[row]).toMatch(/^›✓ exec_command {2}\$ sleep 2/);
	});

	test('t opens every thinking pane, o every tool output', async () => {
		screen = await mount(tools(), {rows: 40});
		expect(screen.body().join('\n')).not.toContain('First I should look');
		await screen.press('t');
		expect(screen.body().join('\n')).toContain('   First I should look at the workspace contents with ls.');
		await screen.press('t');
		expect(screen.body().join('\n')).not.toContain('First I should look');
		await screen.press('o');
		expect(screen.body().join('\n')).toMatch(/ {3}│ -rw-r--r-- .* README\.txt/);
		expect(screen.body().join('\n')).toContain('… 284 more lines (x shows all)');
	});

	test('x shows every line of the focused output', async () => {
		screen = await mount(tools(), {rows: 30});
		await screen.press('o', 'g', '}', '}', '}', '}', '}');
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/seq 1 300/);
		await screen.press('x');
		await screen.press('d');
		expect(screen.body().join('\n')).toMatch(/│ 2\d\n/);
		expect(screen.body().join('\n')).not.toContain('more lines');
	});

	test('half pages and pages, with either key', async () => {
		screen = await mount(
			storeFrom(Array.from({length: 60}, (_, i) => msg({type: 'text', role: 'user', text: `note ${i + 1}`}))),
		);
		const first = (): string => screen!.body()[0]!.slice(1).trim();
		expect(first()).toBe('you  note 52');
		await screen.press(keys.ctrl('u'));
		expect(first()).toBe('you  note 48');
		await screen.press('u');
		expect(first()).toBe('you  note 44');
		await screen.press(keys.ctrl('d'));
		expect(first()).toBe('you  note 48');
		await screen.press('d');
		expect(first()).toBe('you  note 52');
		await screen.press(keys.pageUp);
		expect(first()).toBe('you  note 44');
		await screen.press('b');
		expect(first()).toBe('you  note 36');
		await screen.press(keys.pageDown);
		expect(first()).toBe('you  note 44');
		await screen.press('f');
		expect(first()).toBe('you  note 52');
		await screen.press('g');
		expect(screen.body()[0]).toBe('›you  note 1');
		await screen.press('G');
		expect(first()).toBe('you  note 52');
		expect(screen.frame().split('\n')[1]).toMatch(/following$/);
		await screen.press(keys.home);
		expect(first()).toMatch(/note 1$/);
		await screen.press(keys.end);
		expect(first()).toBe('you  note 52');
	});

	test('e and E go to the next and previous problem', async () => {
		screen = await mount(storeFrom(traceInputs('14-43-17-d6ae8f31_001')), {rows: 14, columns: 110});
		await screen.press('g', 'e');
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/attempt 1 · retried/);
		await screen.press('e');
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/attempt 2 · retried/);
		await screen.press('E');
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/attempt 1 · retried/);
		await screen.press('E');
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/aborted: reconnect failed/);
		expect(screen.frame()).toContain('from the bottom');
	});

	test('? shows the help from the keymap; q, Esc or ? closes it, other keys do not', async () => {
		screen = await mount(tools(), {rows: 40});
		await screen.press('?');
		const body = screen.body().join('\n');
		expect(screen.body()[0]).toBe(' keys   j/k scroll · q, Esc or ? closes · Ctrl+C quit');
		expect(body).toMatch(/ t +open or close all thinking/);
		expect(screen.frame().split('\n').at(-1)).toBe(' j/k scroll · q, Esc or ? closes · Ctrl+C quit');
		// q leaves the help as it leaves less's: back to the session, the program still running.
		await screen.press('q');
		expect(screen.body().join('\n')).not.toMatch(/ t +open or close all thinking/);
		expect(screen.quits()).toBe(0);
		await screen.press('?');
		await screen.press('x');
		expect(screen.body().join('\n')).toContain('all thinking');
		await screen.press(keys.escape);
		expect(screen.body().join('\n')).not.toContain('all thinking');
		await screen.press('?');
		expect(screen.body().join('\n')).toContain('all thinking');
		await screen.press('?');
		expect(screen.body().join('\n')).not.toContain('all thinking');
	});

	test('q and Ctrl+C quit', async () => {
		screen = await mount(tools());
		await screen.press('q');
		expect(screen.quits()).toBe(1);
		screen.unmount();
		screen = await mount(tools());
		await screen.press(keys.ctrl('c'));
		expect(screen.quits()).toBe(1);
	});
});

describe('following while the store grows', () => {
	test('pinned: new content appears; paused: nothing moves and the footer counts; F resumes', async () => {
		const inputs = traceInputs('14-43-17-694155ee_001');
		const store = storeFrom(inputs.slice(0, 12));
		screen = await mount(store);
		expect(screen.body().at(-1)).toMatch(/exec_command {2}\$ ls -la/);
		store.apply(inputs.slice(12, 16));
		await screen.until(() => /seq 1 300/.test(screen!.body().at(-1) ?? ''), 'the new rows at the bottom');

		await screen.press('k');
		const frozen = screen.body();
		store.apply(inputs.slice(16));
		// The footer's count is the sign the store's change was drawn.
		await screen.until(/↓ 3 new$/m, 'the count of new rows');
		// The rows that were on screen stay where they were; new ones only fill the space below.
		expect(screen.body().slice(0, frozen.length)).toEqual(frozen);
		expect(screen.frame().split('\n')[13]).toMatch(/↓ 3 new$/);

		await screen.press('F');
		expect(screen.body().at(-1)).toContain('slow-done.');
		expect(screen.frame().split('\n')[13]).not.toContain('new');
		expect(screen.frame().split('\n')[1]).toMatch(/following$/);
	});

	test('a streaming answer grows at the bottom', async () => {
		const store = storeFrom([
			msg({type: 'text', role: 'user', text: 'hi'}),
			msg({type: 'partial_text', role: 'assistant', event_type: 'start', text: ''}),
		]);
		// The clock of a trace being written now (50 minutes after its last message, it would have stalled).
		screen = await mount(store, {now: () => Date.parse('2026-12-02T14:00:10Z')});
		for (const word of ['Hello', ' there,', ' reader.']) {
			store.apply([msg({type: 'partial_text', role: 'assistant', event_type: 'delta', text: word})]);
		}
		await screen.until('   Hello there, reader.▌');
		expect(screen.frame().split('\n')[1]).toMatch(/● running · following$/);
	});
});

describe('search', () => {
	test('a match inside a closed pane opens it and is marked; n, N and Esc', async () => {
		screen = await mount(tools(), {rows: 20});
		await screen.press('/', 'R', 'E', 'A', 'D', 'M', 'E');
		expect(screen.frame().split('\n').at(-1)).toBe(' /README▌   Enter search · Esc cancel');
		await screen.press(keys.enter);
		const body = screen.body().join('\n');
		expect(body).toContain('  │ -rw-r--r-- 1 root root    6 Dec  2 14:43 README.txt');
		// The cursor on the row of the match.
		expect(screen.body().find(line => line.startsWith('›'))).toMatch(/README\.txt/);
		expect(screen.frame()).toContain('match 1 of 1');

		// Every match counts, two in one pane among them: the thinking, the call's description, its command, its output, the
		// answer's two.
		await screen.press('/', 's', 'l', 'o', 'w', keys.backspace, 'w', keys.enter);
		expect(screen.frame()).toContain('match 1 of 6');
		await screen.press('n');
		expect(screen.frame()).toContain('match 2 of 6');
		await screen.press('N');
		expect(screen.frame()).toContain('match 1 of 6');
		await screen.press('N');
		expect(screen.frame()).toContain('match 6 of 6 · search wrapped');
		await screen.press(keys.escape);
		expect(screen.frame()).not.toContain('match');
		expect(screen.frame().split('\n').at(-1)).toContain('j/k move');
		// n still goes on after Esc, as in less.
		await screen.press('n');
		expect(screen.frame()).toContain('match 1 of 6 · search wrapped');
		// / then Enter on nothing: the last search again; ↑ brings an earlier one back to edit.
		await screen.press('/', keys.enter);
		expect(screen.frame()).toMatch(/match \d of 6/);
		await screen.press('/', keys.up, keys.up);
		expect(screen.frame().split('\n').at(-1)).toContain('/README▌');
		await screen.press(keys.escape);
	});

	test('a search with no match says so', async () => {
		screen = await mount(tools());
		await screen.press('/', 'z', 'q', 'x', keys.enter);
		expect(screen.frame().split('\n').at(-1)).toContain('no match for “zqx”');
	});
});
