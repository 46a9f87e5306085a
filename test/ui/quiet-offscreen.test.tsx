// While the reader has scrolled up and an answer streams below, out of view, its deltas draw no
// frame: nothing on screen changes (drawn-from.ts). The next change that shows is drawn as
// before, and the frames are those drawn with the switch off (PENGUIN_VIEW_QUIET_OFFSCREEN=0). Counted, not timed.
import {render} from 'ink-testing-library';
import {Profiler} from 'react';
import {describe, expect, test} from 'vitest';
import {defaultSwitches, type ScreenSwitches} from '../../source/settings.js';
import {App} from '../../source/ui/components/App.js';
import {SessionStore} from '../../source/model/session-store.js';
import {SessionModel} from '../../source/model/session-model.js';
import {changedSince, drawnFrom} from '../../source/ui/panes/drawn-from.js';
import {Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {following, scrollToTop, visibleRows} from '../../source/ui/reading/viewport.js';
import {waitFor, waitForText} from '../support/wait-for.js';
import {msg, testNow} from './helpers.js';

const partial = (event: string, text: string): ReturnType<typeof msg> =>
	msg({type: 'partial_text', role: 'assistant', event_type: event, text});

/** A session of a few turns, and an answer streaming at its end, longer than the screen. */
function history(): ReturnType<typeof msg>[] {
	const inputs = [];
	for (let turn = 1; turn <= 6; turn++) {
		inputs.push(
			msg({type: 'text', role: 'user', text: `Question ${turn}`}),
			msg({type: 'text', role: 'assistant', text: `Answer ${turn}.`}),
		);
	}
	inputs.push(
		msg({type: 'text', role: 'user', text: 'And the long one?'}),
		partial('start', ''),
		partial('delta', 'The long answer begins.\n\n'.repeat(30)),
	);
	return inputs;
}

/** Scrolls to the top, streams 80 deltas out of view, then a new question: the renders and frames meanwhile. */
async function scrolledUpWhileStreaming(switches: ScreenSwitches): Promise<{renders: number; frames: string[]}> {
	const store = new SessionStore({label: 'test.jsonl', state: 'live'}, {}, () => testNow);
	store.apply(history());
	let renders = 0;
	const app = render(
		<Profiler id="app" onRender={() => renders++}>
			<App
				store={store}
				onQuit={() => {}}
				size={{columns: 80, rows: 16}}
				color={false}
				home="/home/dev"
				clock={() => testNow}
				switches={switches}
			/>
		</Profiler>,
	);
	const frame = (): string => app.lastFrame() ?? '';
	try {
		await waitForText(frame, 'long answer begins', 'the streaming answer at the bottom');
		app.stdin.write('g');
		await waitForText(frame, 'Question 1', 'the top of the session');
		// The first frames are drawn again a few times to warm the code up (use-store.ts): past them.
		await waitFor(() => renders >= 12, 'the warm-up frames');
		const top = frame();
		const before = renders;
		await new Promise<void>(resolve => {
			let sent = 0;
			const timer = setInterval(() => {
				store.apply([partial('delta', `word${++sent} `)]);
				if (sent === 80) {
					clearInterval(timer);
					resolve();
				}
			}, 5);
		});
		store.apply([msg({type: 'text', role: 'user', text: 'Another question'})]);
		const fresh = await waitForText(frame, '1 new', 'the footer counting the new question');
		const during = renders - before;
		app.stdin.write('G');
		const end = await waitForText(frame, 'Another question', 'the end of the session');
		return {renders: during, frames: [top, fresh, end]};
	} finally {
		app.unmount();
	}
}

describe('an answer streaming out of view', () => {
	test('draws no frame until something on screen changes, and the frames are those drawn every time', async () => {
		// (Such changes are drawn anyway every 250 ms, to keep the frame's code warm: not here.)
		const quiet = await scrolledUpWhileStreaming({...defaultSwitches, warmMs: 600_000});
		const every = await scrolledUpWhileStreaming({...defaultSwitches, quietOffscreen: false, warmMs: 600_000});
		// 80 deltas over 400 ms or more: a frame every 42 ms when each is drawn; when the answer
		// is out of view, none but the new question's (and perhaps the last warm-up frame).
		expect(every.renders).toBeGreaterThan(5);
		expect(quiet.renders).toBeLessThanOrEqual(2);
		expect(quiet.frames).toEqual(every.frames);
		expect(quiet.frames[2]).toContain('word80');
	});

	test('only a change that appended text to an item not on screen goes undrawn', () => {
		const model = new SessionModel();
		model.applyAll(history(), testNow);
		const layouter = new Layouter();
		const status = {label: 'test.jsonl', state: 'live'} as const;
		const noted = (atTop: boolean) => {
			const layout = layouter.layout(model.view, 80, openStateFrom(), testNow);
			const viewport = atTop ? scrollToTop(layout, 10, following) : following;
			const {first, last} = visibleRows(layout, 10, viewport);
			return drawnFrom(model.view, status, layout, first, last);
		};
		let drawn = noted(true);
		expect(changedSince(drawn, model.view, status)).toBe(false);
		model.apply(partial('delta', 'more words '), testNow);
		expect(changedSince(drawn, model.view, status)).toBe(false);
		// Followed, the answer is on screen.
		expect(changedSince(noted(false), model.view, status)).toBe(false);
		drawn = noted(false);
		model.apply(partial('delta', 'and more '), testNow);
		expect(changedSince(drawn, model.view, status)).toBe(true);
		drawn = noted(true);
		expect(changedSince(drawn, model.view, {...status})).toBe(true);
		model.apply(partial('delta', ''), testNow);
		expect(changedSince(drawn, model.view, status)).toBe(true);
		drawn = noted(true);
		model.apply(partial('stop', ''), testNow);
		expect(changedSince(drawn, model.view, status)).toBe(true);
		drawn = noted(true);
		model.apply(msg({type: 'token_usage', input_tokens: 10, output_tokens: 5}), testNow);
		expect(changedSince(drawn, model.view, status)).toBe(true);
		expect(changedSince(undefined, model.view, status)).toBe(true);
	});
});
