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
