// A frame and a key cost what is on screen, not the session's length: on a session of 50,000
// items they ask for the panes near the screen only (counted, not timed: the time is the
// bench's, bench/layout.bench.ts).
import {expect, test} from 'vitest';
import {Layouter, type Layout} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {handleKey, initialScreen, type ScreenEnv} from '../../source/ui/screen/screen-state.js';
import {following, newCount, visibleRows} from '../../source/ui/reading/viewport.js';
import {bigSession} from '../support/big-session.js';
import {testNow} from './helpers.js';

/** `layout` with the panes asked of it counted (a pane laid out or taken from the cache alike). */
function counting(layout: Layout): {layout: Layout; asked: Set<number>} {
	const asked = new Set<number>();
	return {
		asked,
		layout: {
			...layout,
			pane: i => {
				asked.add(i);
				return layout.pane(i);
			},
		},
	};
}

test('a frame and a key of a 50,000-item session ask for the panes on screen, not all of them', () => {
	const model = bigSession(10_000);
	expect(model.view.items.length).toBe(50_000);
	const layouter = new Layouter();
	const open = openStateFrom();
	// A frame following at the bottom, with a new layouter (as after a resize) and again.
	for (const fresh of [true, false]) {
		const frame = counting((fresh ? new Layouter() : layouter).layout(model.view, 99, open, testNow));
		const shown = visibleRows(frame.layout, 23, following);
		newCount(frame.layout, following);
		expect(shown.rows).toHaveLength(23);
		expect(frame.asked.size).toBeLessThan(60);
		expect(Math.min(...frame.asked)).toBeGreaterThan(50_000 - 60);
	}

	let state = initialScreen();
	let asked = new Set<number>();
	const env: ScreenEnv = {
		view: model.view,
		height: 23,
		layout: o => {
			const counted = counting(layouter.layout(model.view, 99, o, testNow));
			asked = counted.asked;
			return counted.layout;
		},
	};
	for (const key of ['k', 'k', 'e', 'E', 'g', 'G', 'u', 'd', ' ']) {
		const before = state;
		state = handleKey(state, key, {}, env);
		expect(state, key).not.toBe(before);
		expect(asked.size, key).toBeLessThan(200);
	}
});
