// A search while the end of a big trace is previewed (its history read behind it) looks in
// the preview alone; once the whole history is in, one that found nothing there looks again.
// And a search that found nothing says so until matches arrive: then it counts them.
import {afterEach, expect, test} from 'vitest';
import {SessionStore} from '../../source/model/session-store.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere, lastRow} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const user = (text: string) => msg({type: 'text', role: 'user', text});

test('a search that found nothing in the preview finds the match in the whole history once it is in', async () => {
	const store = new SessionStore({label: 'big.jsonl', state: 'reading'});
	const history = Array.from({length: 40}, (_, n) => user(n === 4 ? 'the walrus was here' : `message ${n + 1}`));
	const preview = store.newModel();
	preview.applyAll(history.slice(-2), Date.parse('2026-12-02T14:00:10Z'));
	store.preview(preview);
	screen = await mount(store, {columns: 80, rows: 16});
	await screen.until('message 40');
	await screen.press('/', ...'walrus', keys.enter);
	await frameWhere(screen, frame => lastRow(frame).includes('no match for “walrus”'));
	// The history is read behind the preview, then takes its place.
	store.apply(history);
	store.reveal();
	const frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 1'));
	expect(frame).toContain('the walrus was here');
});

test('"no match" turns into a count when matches arrive while following, and n shows them', async () => {
	const store = storeFrom(Array.from({length: 3}, (_, n) => user(`message ${n + 1}`)));
	screen = await mount(store, {columns: 80, rows: 16});
	await screen.press('/', ...'walrus', keys.enter);
	await frameWhere(screen, frame => lastRow(frame).includes('no match for “walrus”'));
	store.apply([user('a walrus arrives'), user('message 5'), user('another walrus')]);
	await frameWhere(screen, frame => lastRow(frame).includes('2 matches for “walrus”'));
	await screen.press('n');
	const frame = await frameWhere(screen, f => lastRow(f).includes('match 1 of 2'));
	expect(frame).toMatch(/› *you +a walrus arrives/);
});
