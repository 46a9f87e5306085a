// --mouse: the wheel scrolls (up pauses following), a click puts the cursor on the row under it.
import {afterEach, expect, test} from 'vitest';
import {parseMouse} from '../../source/ui/screen/mouse.js';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const wheel = (up: boolean): string => `\u001b[<${up ? 64 : 65};10;10M`;
const click = (row: number): string => `\u001b[<0;5;${row + 1}M`;

test('the reports: wheel, click, and the rest ignored', () => {
	expect(parseMouse('[<64;10;5M')).toEqual({kind: 'wheel', delta: -3});
	expect(parseMouse('\u001b[<65;10;5M')).toEqual({kind: 'wheel', delta: 3});
	expect(parseMouse('[<0;5;7M')).toEqual({kind: 'click', row: 6, column: 4});
	expect(parseMouse('[<0;5;7m')).toEqual({kind: 'other'});
	expect(parseMouse('[<')).toBeUndefined();
	expect(parseMouse('j')).toBeUndefined();
});

test("the wheel up pauses and scrolls three rows, down scrolls back; a click focuses that row's pane", async () => {
	screen = await mount(
		storeFrom(Array.from({length: 60}, (_, i) => msg({type: 'text', role: 'user', text: `note ${i + 1}`}))),
	);
	const first = (): string => screen!.body()[0]!.slice(1).trim();
	expect(first()).toBe('you  note 52');
	await screen.press(wheel(true));
	let frame = await frameWhere(screen, () => first() === 'you  note 49');
	expect(statusRow(frame)).toMatch(/paused$/);
	await screen.press(wheel(false));
	await frameWhere(screen, () => first() === 'you  note 52');
	// Row 3 of the terminal is the body's first row (two header rows and a rule above it).
	await screen.press(click(4));
	frame = await frameWhere(screen, f => f.split('\n').some(line => line.startsWith('›')));
	expect(frame.split('\n').find(line => line.startsWith('›'))).toContain('note 53');
});

test(
	'a click puts the cursor on the very row clicked, ' + 'inside a pane of many lines; the footer says its line',
	async () => {
		screen = await mount(
			storeFrom([
				msg({type: 'text', role: 'user', text: 'first line\nsecond line\nthird line'}),
				msg({type: 'text', role: 'assistant', text: 'the answer'}),
			]),
		);
		await frameWhere(screen, f => f.includes('third line'));
		const row = screen.body().findIndex(line => line.includes('second line'));
		// The body's first row is the terminal's row 3 (from 0: two header rows and a rule above it).
		await screen.press(click(row + 3));
		const frame = await frameWhere(screen, f => f.split('\n').some(line => line.startsWith('›')));
		expect(frame.split('\n').find(line => line.startsWith('›'))).toContain('second line');
		expect(frame).toContain('line 2 of 4');
	},
);
