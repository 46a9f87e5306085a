// M opens the notice log: every notice, warning and error so far with its time and whole text (a footer message cut
// short is there whole); Esc returns.
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});
const zone = process.env['TZ'];
beforeAll(() => {
	process.env['TZ'] = 'UTC';
});
afterAll(() => {
	if (zone === undefined) delete process.env['TZ'];
	else process.env['TZ'] = zone;
});

const reason =
	'connection refused by 127.0.0.1:8080 while reading the stream of events: is the server running, and ' +
	'does it listen on that port? the end of this reason is here';

test(
	'a source problem cut short in the footer is whole in the log, with its time; a refusal and the ' +
		"session's own notices too; Esc returns",
	async () => {
		const store = storeFrom([msg({type: 'text', role: 'assistant', text: 'an answer'}, '2026-12-02T14:00:01.000Z')]);
		store.apply([{kind: 'notice', level: 'warn', text: 'shard 2 of this session is missing'}]);
		screen = await mount(store, {rows: 16, columns: 80, now: () => Date.parse('2026-12-02T14:50:00Z')});
		store.setStatus({state: 'reconnecting', message: reason});
		const cut = await frameWhere(screen, f => lastRow(f).includes('connection refused'));
		expect(cut).not.toContain('the end of this reason is here');
		// A refusal of an action (no session to act on here) is noted too.
		await screen.press('a');
		await frameWhere(screen, f => lastRow(f).includes('live session only') || f.includes('act on a live session'));
		store.setStatus({state: 'following', message: undefined});
		await screen.press('M');
		const log = await frameWhere(screen, f => f.includes('the end of this reason is here'));
		expect(log).toContain('14:50:00 warn  reconnecting: connection refused');
		expect(log).toContain('shard 2 of this session is missing');
		expect(log).toMatch(/act on a live session only/);
		expect(log).not.toContain('an answer');
		await screen.press(keys.escape);
		await frameWhere(screen, f => f.includes('an answer'));
	},
);
