// [ and ] move between the user's messages: the turns of a session.
import {afterEach, expect, test} from 'vitest';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow, statusRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const turns = () =>
	storeFrom(
		Array.from({length: 4}, (_, i) => [
			msg({type: 'text', role: 'user', text: `question ${i + 1}`}),
			...Array.from({length: 3}, (_, j) => msg({type: 'text', role: 'assistant', text: `answer ${i + 1}.${j + 1}`})),
		]).flat(),
	);
const focused = (frame: string): string => frame.split('\n').find(line => line.startsWith('›')) ?? '';

test('[ goes to the previous message of the user, ] to the next; at either end the footer says so', async () => {
	screen = await mount(turns(), {rows: 12});
	await screen.press('[');
	let frame = await frameWhere(screen, f => focused(f).includes('question 4'));
	expect(statusRow(frame)).toMatch(/paused$/);
	await screen.press('[');
	await frameWhere(screen, f => focused(f).includes('question 3'));
	await screen.press('[', '[');
	await frameWhere(screen, f => focused(f).includes('question 1'));
	await screen.press('[');
	frame = await frameWhere(screen, f => lastRow(f).includes('no earlier message of yours'));
	expect(focused(frame)).toContain('question 1');
	await screen.press(']');
	await frameWhere(screen, f => focused(f).includes('question 2'));
	await screen.press(']', ']', ']');
	await frameWhere(screen, f => lastRow(f).includes('no later message of yours'));
});
