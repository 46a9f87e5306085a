// Every jump (e/E to a problem, [ ] to a message, n/N to a match, Enter in the timeline) stops following, so the target
// stays on screen as the session grows; e says which problem it is.
import {afterEach, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const at = (second: number): string => `2026-12-02T14:00:${String(second).padStart(2, '0')}.000Z`;

/** A short session whose last pane is a failed call: everything fits on the screen, following. */
const session = (): ModelInput[] => [
	msg({type: 'text', role: 'user', text: 'first question'}, at(0)),
	msg({type: 'text', role: 'assistant', text: 'an answer'}, at(1)),
	msg(
		{
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: '{"cmd":"ls /nowhere"}',
			tool_call_id: 'c1',
			stop_reason: 'completed',
		},
		at(2),
	),
	msg(
		{
			type: 'tool_call_output',
			role: 'user',
			output: 'ls: no such file\n\n[exit code: 2]',
			tool_call_id: 'c1',
			stop_reason: 'failed',
		},
		at(3),
	),
];

/** Enough new panes to push everything before them off a 12-row screen. */
const more = (from: number): ModelInput[] =>
	Array.from({length: 12}, (_, i) =>
		msg({type: 'text', role: 'assistant', text: `later line ${from + i}`}, at(10 + i)),
	);

const focused = (frame: string): string => frame.split('\n').find(line => line.startsWith('›')) ?? '';

/** After the jump, twelve panes arrive below: the pane jumped to stays on screen, and the header says paused. */
async function staysAfterGrowth(store: ReturnType<typeof storeFrom>, target: string): Promise<void> {
	const jumped = await frameWhere(screen!, f => focused(f).includes(target));
	expect(statusRow(jumped)).toMatch(/paused\s*$/);
	store.apply(more(1));
	const frame = await frameWhere(screen!, f => /↓ \d+ new/.test(f));
	expect(focused(frame)).toContain(target);
	expect(frame).not.toContain('later line 12');
}

test(
	'e jumps to a problem and stops following: the problem does not scroll away; the footer says which ' +
		'problem it is',
	async () => {
		const store = storeFrom(session());
		screen = await mount(store, {rows: 12});
		await screen.press('e');
		const frame = await frameWhere(screen, f => focused(f).includes('ls /nowhere'));
		expect(lastRow(frame)).toContain('problem 1 of 1');
		await staysAfterGrowth(store, 'ls /nowhere');
	},
);

test('e past the last problem says `problem 1 of 1`, not only `from the top`', async () => {
	const store = storeFrom(session());
	screen = await mount(store, {rows: 12});
	await screen.press('e');
	await frameWhere(screen, f => lastRow(f).includes('problem 1 of 1'));
	await screen.press('e');
	const frame = await frameWhere(screen, f => lastRow(f).includes('from the top'));
	expect(lastRow(frame)).toContain('problem 1 of 1');
});

test('E jumps back to a problem and stops following', async () => {
	const store = storeFrom(session());
	screen = await mount(store, {rows: 12});
	await screen.press('E');
	await staysAfterGrowth(store, 'ls /nowhere');
});

test('] jumps to a message of the user and stops following', async () => {
	const store = storeFrom(session());
	screen = await mount(store, {rows: 12});
	await screen.press(']');
	await staysAfterGrowth(store, 'first question');
});

test('a search (Enter, then n) jumps to its match and stops following', async () => {
	const store = storeFrom(session());
	screen = await mount(store, {rows: 12});
	await screen.press('/', 'an answer', keys.enter);
	await staysAfterGrowth(store, 'an answer');
	await screen.press('G', 'n');
	await staysAfterGrowth(store, 'an answer');
});

test('Enter in the timeline shows its row in the session and stops following', async () => {
	const store = storeFrom(session());
	screen = await mount(store, {rows: 12});
	await screen.press('T');
	await frameWhere(screen, f => f.includes('timeline') || f.includes('j/k move'));
	await screen.press(keys.enter);
	await staysAfterGrowth(store, 'ls /nowhere');
});
