// Search on a session that grows: the match shown stops following, n and N see what arrived since.
import {afterEach, describe, expect, test} from 'vitest';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const note = (text: string) => msg({type: 'text', role: 'user', text});

describe('search while following', () => {
	test('a match stops following, stays on screen as the session grows, and n counts what arrived since', async () => {
		const store = storeFrom(Array.from({length: 5}, (_, i) => note(`alpha ${i + 1}`)));
		screen = await mount(store, {rows: 12});
		await screen.press('/', 'a', 'l', 'p', 'h', 'a', ' ', '5', keys.enter);
		let frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 1'));
		expect(statusRow(frame)).toMatch(/paused$/);
		store.apply(Array.from({length: 8}, (_, i) => note(`alpha 5${i} later`)));
		frame = await frameWhere(screen, f => /\d+ new/.test(f));
		expect(frame).toMatch(/› *you +alpha 5\n/);
		await screen.press('n');
		frame = await frameWhere(screen, f => lastRow(f).includes('match 2 of 9'));
		expect(frame).toMatch(/› *you +alpha 50 later/);
	});
});

/** An exec_command call and its output. */
const call = (n: number, command: string) => [
	msg({
		type: 'tool_call',
		role: 'assistant',
		name: 'exec_command',
		arguments: JSON.stringify({cmd: command}),
		tool_call_id: `call-${n}`,
	}),
	msg({type: 'tool_call_output', role: 'user', output: `out ${n}`, tool_call_id: `call-${n}`}),
];

describe('match i of N while the session grows', () => {
	test('N counts the calls that arrive, without a key; the match shown and its pane stay', async () => {
		const store = storeFrom([note('start'), ...call(1, 'echo one'), ...call(2, 'ls'), ...call(3, 'echo three')]);
		screen = await mount(store, {rows: 14});
		await screen.press('/', 'e', 'c', 'h', 'o', keys.enter);
		let frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 2'));
		const focused = (f: string): string => f.split('\n').find(row => row.startsWith('›')) ?? '';
		expect(focused(frame)).toContain('$ echo one');
		// More matching calls (and one that is not) arrive while the footer shows the match.
		store.apply([...call(4, 'echo four'), ...call(5, 'pwd'), ...call(6, 'ECHO six')]);
		frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 4'));
		expect(focused(frame)).toContain('$ echo one');
		store.apply(call(7, 'echo seven'));
		frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 5'));
		expect(focused(frame)).toContain('$ echo one');
		// n goes on from the match shown, over what arrived.
		await screen.press('n');
		frame = await frameWhere(screen, f => lastRow(f).includes('match 2 of 5'));
		expect(focused(frame)).toContain('$ echo three');
	});
});
