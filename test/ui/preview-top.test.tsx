// g pressed while the end of a big trace is previewed (its history read behind it) goes to the
// session's top once the history is in: not the preview's top, not back to following.
import {expect, test} from 'vitest';
import {SessionStore} from '../../source/model/session-store.js';
import {mount} from './app-helpers.js';
import {msg} from './helpers.js';

const user = (text: string) => msg({type: 'text', role: 'user', text});

/** A 40-message session whose last two messages are previewed (they fit on screen, so g alone would keep following). */
async function previewed() {
	const store = new SessionStore({label: 'big.jsonl', state: 'reading'});
	const history = Array.from({length: 40}, (_, n) => user(`message ${n + 1}`));
	const preview = store.newModel();
	preview.applyAll(history.slice(-2), Date.parse('2026-12-02T14:00:10Z'));
	store.preview(preview);
	const screen = await mount(store, {columns: 80, rows: 16});
	await screen.until('message 40');
	return {store, history, screen};
}

test('g on a preview that fits the screen lands on the first pane of the whole history', async () => {
	const {store, history, screen} = await previewed();
	await screen.press('g');
	// The history is read behind the preview, then takes its place.
	store.apply(history);
	store.reveal();
	const frame = await screen.until(/paused/, 'the view paused at the top');
	expect(screen.body()[0]).toMatch(/^.you {2}message 1$/);
	expect(frame).not.toContain('message 40');
	screen.unmount();
});

test('another key after g on the preview cancels the jump: G, then the history comes, the view follows', async () => {
	const {store, history, screen} = await previewed();
	await screen.press('g', 'G');
	store.apply(history);
	store.reveal();
	await screen.until(
		frame => frame.includes('message 40') && frame.includes('message 35'),
		'the end of the whole history',
	);
	expect(screen.frame()).toContain('following');
	expect(screen.frame()).not.toContain('message 1\n');
	screen.unmount();
});
