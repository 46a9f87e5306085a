// The store's preview: shown while the real model is built unseen behind it, then swapped in with one notification.
import {expect, test} from 'vitest';
import {SessionStore} from '../../source/model/session-store.js';
import {msg} from '../ui/helpers.js';

const user = (text: string) => msg({type: 'text', role: 'user', text});
const texts = (store: SessionStore) => store.view.items.flatMap(item => (item.kind === 'user_text' ? [item.text] : []));

test('apply builds the hidden model quietly while the preview is shown; reveal swaps it in', () => {
	const store = new SessionStore({label: 'x', state: 'reading'});
	let notified = 0;
	store.subscribe(() => notified++);
	const preview = store.newModel();
	preview.applyAll([user('the end')], 0);
	store.preview(preview);
	expect(store.previewing).toBe(true);
	expect(texts(store)).toEqual(['the end']);
	notified = 0;
	store.apply([user('first'), user('second')]);
	expect(notified).toBe(0);
	expect(texts(store)).toEqual(['the end']);
	store.applyPreview([user('appended')]);
	expect(notified).toBe(1);
	expect(texts(store)).toEqual(['the end', 'appended']);
	store.reveal();
	expect(notified).toBe(2);
	expect(store.previewing).toBe(false);
	expect(texts(store)).toEqual(['first', 'second']);
	// From now on apply is seen as usual; the preview is gone.
	store.applyPreview([user('ignored')]);
	store.apply([user('third')]);
	expect(texts(store)).toEqual(['first', 'second', 'third']);
});

test('a rebuild drops the preview too', () => {
	const store = new SessionStore({label: 'x', state: 'reading'});
	store.preview(store.newModel());
	store.rebuild([user('rebuilt')]);
	expect(store.previewing).toBe(false);
	expect(texts(store)).toEqual(['rebuilt']);
});
