// Keys that reach the search prompt together (a paste, ssh, mosh) count one by one.
import {afterEach, describe, expect, test} from 'vitest';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const note = (text: string) => msg({type: 'text', role: 'user', text});

describe('the search prompt takes keys that arrive together', () => {
	test('a pasted `/echo 2⏎` searches, and the next key is a command again', async () => {
		const store = storeFrom([note('run echo 2 please'), note('something else')]);
		screen = await mount(store);
		await screen.press('/');
		await screen.press('echo 2\r');
		const frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 1'));
		expect(frame).not.toContain('/echo 2▌');
		await screen.press('?');
		await frameWhere(screen, f => lastRow(f).includes('Esc or ? closes'));
	});

	test('three Backspaces in one write delete three characters', async () => {
		screen = await mount(storeFrom([note('hello')]));
		await screen.press('/', 'abcd');
		await frameWhere(screen, f => lastRow(f).includes('/abcd▌'));
		await screen.press('\u007f\u007f\u007f');
		expect(lastRow(await frameWhere(screen, f => lastRow(f).includes('/a▌')))).toContain('/a▌');
	});
});
