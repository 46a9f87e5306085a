// Reading one document as in less and vim: j/k move the cursor a row across pane boundaries, never skipping one
// (G then k shows the row above); a mark is a line; x and Enter keep the cursor's row where it is on the screen.
import {afterEach, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const at = (second: number): string => `2026-12-02T14:00:${String(second).padStart(2, '0')}.000Z`;
const numbers = Array.from({length: 300}, (_, i) => `n${i + 1}`).join('\n');

/** A question, `seq 1 300` and its 300 lines (a blank line and the exit code after them), then an answer. */
const longOutput = (): ModelInput[] => [
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

const cursor = (frame: string): string => frame.split('\n').find(line => line.startsWith('›')) ?? '';

test(
	'G then k shows the row above, and every k after it the ' + 'next row up, through the open output and into the call',
	async () => {
		screen = await mount(storeFrom(longOutput()), {rows: 16});
		// Every line of the output open, following the bottom.
		await screen.press('k', 'x', 'G');
		await frameWhere(screen, f => f.includes('│ n300') && f.includes('following'));
		const bottom = screen.body();
		await screen.press('k');
		let frame = await frameWhere(screen, f => cursor(f).includes('[exit code: 0]'));
		// Nothing scrolled: the cursor is on the row above the last.
		expect(screen.body().map(line => line.slice(1))).toEqual(bottom.map(line => line.slice(1)));
		expect(frame).toContain('line 304 of 305');
		await screen.press('k', 'k');
		frame = await frameWhere(screen, f => cursor(f).includes('│ n300'));
		expect(frame).toContain('line 302 of 305');
		// Up through every row: each n<k> is passed, one k each.
		for (const wanted of [299, 298, 297, 250, 2, 1]) {
			const before = Number(/line (\d+) of/.exec(screen.frame())![1]);
			const steps = before - (wanted + 2);
			await screen.press('k'.repeat(steps));
			frame = await frameWhere(screen, f => new RegExp(`│ n${wanted}\\s*$`).test(cursor(f)));
			expect(frame).toContain(`line ${wanted + 2} of 305`);
		}
		await screen.press('k');
		await frameWhere(screen, f => /^›✓ exec_command {2}\$ seq 1 300/.test(cursor(f)));
		await screen.press('k');
		await frameWhere(screen, f => cursor(f).includes('count to three hundred') && f.includes('line 1 of 305'));
	},
);

test("a mark on line 65 comes back to line 65: the output's 63rd line, opened again if it was closed", async () => {
	screen = await mount(storeFrom(longOutput()), {rows: 16});
	await screen.press(':65', keys.enter);
	let frame = await frameWhere(screen, f => /│ n63\s*$/.test(cursor(f)));
	expect(frame).toContain('line 65 of 305');
	await screen.press('m', 'b');
	await frameWhere(screen, f => f.includes('mark b set on line 65'));
	await screen.press('G', 'k', 'k', 'k', 'k', keys.enter);
	await frameWhere(screen, f => !f.includes('│ n'));
	await screen.press("'", 'b');
	frame = await frameWhere(screen, f => /│ n63\s*$/.test(cursor(f)));
	expect(frame).toContain('line 65 of 305');
	// :p2.100: the second pane's hundredth line.
	await screen.press(':p2.100', keys.enter);
	frame = await frameWhere(screen, f => /│ n99\s*$/.test(cursor(f)));
	expect(frame).toContain('line 101 of 305');
});

test("x keeps the cursor's row where it is on the screen", async () => {
	screen = await mount(storeFrom(longOutput()), {rows: 16});
	// The cursor on the output's last head line, n8 (the document's tenth line).
	await screen.press(':10', keys.enter);
	await frameWhere(screen, f => f.includes('more lines'));
	// Lower on the screen than the top.
	await screen.press(keys.ctrl('y'), keys.ctrl('y'), keys.ctrl('y'));
	let frame = await frameWhere(screen, f => /│ n8\s*$/.test(cursor(f)));
	const row = frame.split('\n').findIndex(line => line.startsWith('›'));
	await screen.press('x');
	frame = await frameWhere(screen, f => !f.includes('more lines') && /│ n8\s*$/.test(cursor(f)));
	expect(frame.split('\n').findIndex(line => line.startsWith('›'))).toBe(row);
	await screen.press('x');
	frame = await frameWhere(screen, f => f.includes('more lines') && /│ n8\s*$/.test(cursor(f)));
	expect(frame.split('\n').findIndex(line => line.startsWith('›'))).toBe(row);
});
