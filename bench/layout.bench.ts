// What the screen's layout costs on a long session, in process (`npm run bench:layout`): a warm
// frame, a frame after a resize, a key, and a frame of a streaming answer. The tests count what
// these ask for (test/ui/speed.test.ts); here they are timed, and nothing is asserted.
import {bench, describe} from 'vitest';
import {Layouter} from '../source/ui/panes/layout.js';
import {openStateFrom} from '../source/ui/panes/open-state.js';
import {handleKey, initialScreen, type ScreenEnv} from '../source/ui/screen/screen-state.js';
import {following, newCount, visibleRows} from '../source/ui/reading/viewport.js';
import {bigSession} from '../test/support/big-session.js';
import {msg, testNow} from '../test/ui/helpers.js';

const open = openStateFrom();

describe('50,000 items', () => {
	const model = bigSession(10_000);
	const layouter = new Layouter();
	const frame = (): void => {
		const layout = layouter.layout(model.view, 99, open, testNow);
		visibleRows(layout, 23, following);
		newCount(layout, following);
	};
	frame();
	bench('a warm frame (a screenful of cached panes; a frame is due every 33 ms)', frame);
	bench('a frame after a resize (a new layouter)', () => {
		visibleRows(new Layouter().layout(model.view, 80, open, testNow), 23, following);
	});
	const env: ScreenEnv = {view: model.view, height: 23, layout: o => layouter.layout(model.view, 99, o, testNow)};
	let state = initialScreen();
	const keys = ['k', 'k', 'e', 'E', 'g', 'G', 'u', 'd', ' '];
	let next = 0;
	bench('a key (k k e E g G u d space in turn)', () => {
		state = handleKey(state, keys[next++ % keys.length]!, {}, env);
	});
});

describe('10,000 items and an answer streaming', () => {
	const model = bigSession(2_000);
	const layouter = new Layouter();
	model.apply(msg({type: 'partial_text', role: 'assistant', event_type: 'start', text: ''}), testNow);
	for (let i = 0; i < 3000; i++)
		model.apply(
			msg({type: 'partial_text', role: 'assistant', event_type: 'delta', text: i % 12 === 11 ? 'word\n' : 'word '}),
			testNow,
		);
	visibleRows(layouter.layout(model.view, 99, open, testNow), 23, following);
	bench('a frame of one more delta (re-wraps the last line only)', () => {
		model.apply(msg({type: 'partial_text', role: 'assistant', event_type: 'delta', text: 'more '}), testNow);
		visibleRows(layouter.layout(model.view, 99, open, testNow), 23, following);
	});
});
