// Reading a long pane as in less: j/k scroll the focused open pane a row at a time with its first row pinned, the
// footer says which line; at its end j moves on.
import {afterEach, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const at = (second: number): string => `2026-12-02T14:00:${String(second).padStart(2, '0')}.000Z`;
const numbers = Array.from({length: 300}, (_, i) => `n${i + 1}`).join('\n');

/** A question, `seq 1 300` and its 300 lines, then an answer. */
export const longOutput = (): ModelInput[] => [
	msg({type: 'text', role: 'user', text: 'count to three hundred'}, at(0)),
	msg(
		{
			type: 'tool_call',
			role: 'assistant',
			name: 'exec_command',
			arguments: '{"cmd":"seq 1 300"}',
			tool_call_id: 'c1',
			stop_reason: 'completed',
		},
		at(1),
	),
	msg(
		{
			type: 'tool_call_output',
			role: 'user',
			output: `${numbers}\n\n[exit code: 0]`,
			tool_call_id: 'c1',
			stop_reason: 'completed',
		},
		at(2),
	),
	msg({type: 'text', role: 'assistant', text: 'counted them all'}, at(3)),
];

const focused = (frame: string): string => frame.split('\n').find(line => line.startsWith('›')) ?? '';

test(
	'j reads a long open output a line at a time under its pinned call; k goes back; at its end j moves to ' +
		'the next pane',
	async () => {
		screen = await mount(storeFrom(longOutput()), {rows: 16});
		// The call focused, every line of its output shown.
		await screen.press('g', 'j', 'x');
		await frameWhere(screen, f => focused(f).includes('seq 1 300') && f.includes('n5'));
		const start = screen.body();
		await screen.press('j');
		let frame = await frameWhere(screen, f => f.includes('line 10 of 303'));
		expect(focused(frame)).toContain('seq 1 300');
		// One row further: the call on top, the row below it covered, the others one up, one more at the bottom.
		expect(screen.body().slice(0, -1)).toEqual([start[0], ...start.slice(2)]);
		await screen.press('j'.repeat(30));
		frame = await frameWhere(screen, f => f.includes('line 40 of 303'));
		// The call stays at the top; the lines scrolled under it.
		expect(screen.body()[0]).toContain('seq 1 300');
		expect(screen.body().at(-1)).toMatch(/│ n39\s*$/);
		expect(frame).not.toContain('count to three hundred');
		await screen.press('k');
		await frameWhere(screen, f => f.includes('line 39 of 303'));
		// d still scrolls half a page; j reads on to the pane's end, its call still on top.
		await screen.press('d');
		await frameWhere(screen, f => f.includes('line 43 of 303'));
		await screen.press('j'.repeat(260));
		frame = await frameWhere(screen, f => f.includes('line 303 of 303'));
		expect(screen.body()[0]).toContain('seq 1 300');
		await screen.press('j');
		frame = await frameWhere(screen, f => focused(f).includes('counted them all'));
		expect(frame).not.toContain('line ');
	},
);
