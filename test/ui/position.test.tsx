// The footer says where the view is: `pane 32 of 300 · 10 %` (the focused pane, else the last on screen).
import {afterEach, test} from 'vitest';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const statsRow = (frame: string): string => frame.split('\n').at(-2) ?? '';

test('following shows the last pane; g the first; k the focused one', async () => {
	screen = await mount(
		storeFrom(Array.from({length: 300}, (_, i) => msg({type: 'text', role: 'user', text: `note ${i + 1}`}))),
		{columns: 120},
	);
	await frameWhere(screen, frame => statsRow(frame).endsWith('pane 300 of 300 · 100 %'));
	await screen.press('g');
	await frameWhere(screen, frame => statsRow(frame).endsWith('pane 1 of 300 · 0 %'));
	await screen.press('G', 'k');
	await frameWhere(screen, frame => statsRow(frame).endsWith('pane 299 of 300 · 99 %'));
});
