// Speed: a frame and a key cost what is on screen, not the session's length; a growing answer re-wraps only its last line.
import {expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {Layouter} from '../../source/ui/layout.js';
import {openStateFrom} from '../../source/ui/open-state.js';
import {handleKey, initialScreen, type ScreenEnv} from '../../source/ui/screen-state.js';
import {following, newCount, visibleRows} from '../../source/ui/viewport.js';
import {msg, testNow} from './helpers.js';

function bigSession(turns: number): SessionModel {
	const model = new SessionModel();
	for (let i = 0; i < turns; i++) {
		model.applyAll(
			[
				msg({type: 'text', role: 'user', text: `question ${i}`}),
				msg({type: 'request_begin'}),
				msg({type: 'thinking', role: 'assistant', thinking: 'hmm '.repeat(40)}),
				msg({type: 'text', role: 'assistant', text: `## Answer ${i}\nSome **bold** and \`code\`.\n- a\n- b\n`}),
				msg({type: 'tool_call', role: 'assistant', name: 'exec_command', arguments: JSON.stringify({cmd: `echo ${i}`}), tool_call_id: `c${i}`}),
				msg({type: 'tool_call_output', role: 'user', output: 'line\n'.repeat(50), tool_call_id: `c${i}`, stop_reason: i % 97 === 0 ? 'failed' : 'completed'}),
				msg({type: 'request_end', status: 'completed'}),
			],
			testNow,
		);
	}
	return model;
}

const time = (fn: () => void, runs = 20): number => {
	const started = performance.now();
	for (let i = 0; i < runs; i++) fn();
	return (performance.now() - started) / runs;
};

test('frames and keys stay fast on a long session', () => {
	const model = bigSession(10_000);
	expect(model.view.items.length).toBe(50_000);
	const layouter = new Layouter();
	const open = openStateFrom();
	const frame = (): void => {
		const layout = layouter.layout(model.view, 99, open, testNow);
		visibleRows(layout, 23, following);
		newCount(layout, following);
	};
	frame();
	// Warm, a frame is a screenful of cached panes: far below a 33 ms frame.
	expect(time(frame)).toBeLessThan(10);
	// A new layouter (a resize) lays out only what is on screen.
	expect(time(() => visibleRows(new Layouter().layout(model.view, 80, open, testNow), 23, following), 5)).toBeLessThan(60);

	let state = initialScreen();
	const env: ScreenEnv = {view: model.view, height: 23, layout: o => layouter.layout(model.view, 99, o, testNow)};
	for (const key of ['k', 'k', 'e', 'E', 'g', 'G', 'u', 'd', ' ']) {
		const took = time(() => {
			state = handleKey(state, key, {}, env);
		}, 1);
		expect(took, key).toBeLessThan(200);
	}
});

test('a streaming answer costs its last line per frame', () => {
	const model = bigSession(2_000);
	const layouter = new Layouter();
	const open = openStateFrom();
	model.apply(msg({type: 'partial_text', role: 'assistant', event_type: 'start', text: ''}), testNow);
	for (let i = 0; i < 3000; i++) model.apply(msg({type: 'partial_text', role: 'assistant', event_type: 'delta', text: i % 12 === 11 ? 'word\n' : 'word '}), testNow);
	visibleRows(layouter.layout(model.view, 99, open, testNow), 23, following);
	const perFrame = time(() => {
		model.apply(msg({type: 'partial_text', role: 'assistant', event_type: 'delta', text: 'more '}), testNow);
		visibleRows(layouter.layout(model.view, 99, open, testNow), 23, following);
	}, 200);
	expect(perFrame).toBeLessThan(5);
});
