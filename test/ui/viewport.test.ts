// The viewport: pinned while following, anchored once paused (new rows below and changes above do not move it), "N
// new", resume, reveal.
import {describe, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {touched} from '../../source/model/session/core.js';
import {SessionModel} from '../../source/model/session-model.js';
import {Layouter, type Layout} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {
	backward,
	bottomTop,
	distance,
	following,
	forward,
	newCount,
	pause,
	resume,
	reveal,
	scrollBy,
	scrollToTop,
	visibleRows,
	type ViewportState,
} from '../../source/ui/reading/viewport.js';
import {msg, testNow} from './helpers.js';
import {pagesBeside} from '../../source/ui/reading/cursor.js';
import {handleKey, initialScreen} from '../../source/ui/screen/screen-state.js';

const user = (text: string): ModelInput => msg({type: 'text', role: 'user', text});

/** A session of one-row panes `line 1` … `line n`, and a way to lay it out again after changes. */
function session(n: number) {
	const model = new SessionModel();
	for (let i = 1; i <= n; i++) model.apply(user(`line ${i}`), testNow);
	const layouter = new Layouter();
	const layout = (): Layout => layouter.layout(model.view, 40, openStateFrom(), testNow);
	const shown = (vp: ViewportState, height = 5): string[] =>
		visibleRows(layout(), height, vp).rows.map(row => rowText(row.segments).replace(/^you {2}/, ''));
	return {model, layout, shown};
}

describe('following and pausing', () => {
	test('the last pane on screen is the last that drew a row: a request that went well below it draws none', () => {
		// The footer's `pane N of M` counts from it.
		const s = session(3);
		s.model.applyAll([msg({type: 'request_begin'}), msg({type: 'request_end', status: 'completed'})], testNow);
		const layout = s.layout();
		expect(layout.count).toBeGreaterThan(3);
		const {last} = visibleRows(layout, 5, following);
		expect(rowText(layout.pane(last).rows[0]!.segments)).toBe('you  line 3');
	});

	test('moving to the top of a session that fits the screen is moving to its bottom: following goes on', () => {
		// The top row is the bottom's top here: the view cannot move, so it must not stop following.
		const s = session(3);
		const top = scrollToTop(s.layout(), 5, following);
		expect(top.follow).toBe(true);
		s.model.applyAll([user('line 4'), user('line 5'), user('line 6')], testNow);
		expect(s.shown(top)).toEqual(['line 2', 'line 3', 'line 4', 'line 5', 'line 6']);
		expect(newCount(s.layout(), top)).toBe(0);
	});

	test('following shows the last rows, and new ones as they come', () => {
		const s = session(20);
		expect(s.shown(following)).toEqual(['line 16', 'line 17', 'line 18', 'line 19', 'line 20']);
		s.model.apply(user('line 21'), testNow);
		expect(s.shown(following)).toEqual(['line 17', 'line 18', 'line 19', 'line 20', 'line 21']);
		expect(newCount(s.layout(), following)).toBe(0);
	});

	test('moving up pauses; rows arriving below do not move the view and are counted', () => {
		const s = session(20);
		const paused = scrollBy(s.layout(), 5, following, -3);
		expect(paused.follow).toBe(false);
		expect(s.shown(paused)).toEqual(['line 13', 'line 14', 'line 15', 'line 16', 'line 17']);
		s.model.applyAll(
			[user('line 21'), user('line 22'), msg({type: 'request_begin'}), msg({type: 'request_end', status: 'completed'})],
			testNow,
		);
		expect(s.shown(paused)).toEqual(['line 13', 'line 14', 'line 15', 'line 16', 'line 17']);
		// Two panes are new; the request that went well draws nothing and does not count.
		expect(newCount(s.layout(), paused)).toBe(2);
		expect(s.shown(resume())).toEqual(['line 18', 'line 19', 'line 20', 'line 21', 'line 22']);
		expect(newCount(s.layout(), resume())).toBe(0);
	});

	test('a pane above growing does not move the view: it is anchored to the pane at its top', () => {
		const s = session(20);
		const paused = scrollBy(s.layout(), 5, following, -5);
		expect(s.shown(paused)[0]).toBe('line 11');
		const first = s.model.view.items[2]!;
		if (first.kind !== 'user_text') throw new Error('expected a user text');
		touched(first).text = 'line 3\nnow two lines';
		expect(s.shown(paused)[0]).toBe('line 11');
	});

	test('pause keeps the view where it is', () => {
		const s = session(20);
		const paused = pause(s.layout(), 5, following);
		expect(paused.follow).toBe(false);
		expect(s.shown(paused)).toEqual(s.shown(following));
	});

	test('scrolling down stops at the bottom; while following it does nothing', () => {
		const s = session(20);
		const paused = scrollBy(s.layout(), 5, following, -10);
		const down = scrollBy(s.layout(), 5, paused, 100);
		expect(down.follow).toBe(false);
		expect(s.shown(down)).toEqual(['line 16', 'line 17', 'line 18', 'line 19', 'line 20']);
		expect(scrollBy(s.layout(), 5, following, 3)).toBe(following);
	});

	test('the top, and a session shorter than the screen', () => {
		const s = session(20);
		expect(s.shown(scrollToTop(s.layout(), 5, following))).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
		const short = session(2);
		expect(short.shown(following)).toEqual(['line 1', 'line 2']);
		expect(short.shown(scrollBy(short.layout(), 5, following, -3))).toEqual(['line 1', 'line 2']);
	});
});

describe('reveal', () => {
	test('a pane above comes to the top, one below to the bottom, a visible one stays', () => {
		const s = session(20);
		const layout = s.layout();
		const atTop = reveal(layout, 5, following, 4);
		expect(s.shown(atTop)).toEqual(['line 5', 'line 6', 'line 7', 'line 8', 'line 9']);
		expect(s.shown(reveal(layout, 5, atTop, 12))).toEqual(['line 9', 'line 10', 'line 11', 'line 12', 'line 13']);
		expect(reveal(layout, 5, atTop, 6)).toBe(atTop);
		// Revealing what following already shows keeps following.
		expect(reveal(layout, 5, following, 18)).toBe(following);
	});

	test('a tall pane shows from its start; a row of it on request', () => {
		const model = new SessionModel();
		model.applyAll([user('a'), user(Array.from({length: 10}, (_, i) => `row ${i}`).join('\n')), user('b')], testNow);
		const layout = new Layouter().layout(model.view, 40, openStateFrom(), testNow);
		const texts = (vp: ViewportState): string[] => visibleRows(layout, 4, vp).rows.map(row => rowText(row.segments));
		expect(texts(reveal(layout, 4, following, 1))[0]).toBe('you  row 0');
		const top = scrollToTop(layout, 4, following);
		expect(texts(reveal(layout, 4, top, 1, 7))).toEqual(['     row 4', '     row 5', '     row 6', '     row 7']);
		expect(reveal(layout, 4, following, 1, 7)).toBe(following);
	});
});

describe('walking', () => {
	test('forward, backward and distance skip panes without rows', () => {
		const model = new SessionModel();
		model.applyAll(
			[
				user('a'),
				msg({type: 'request_begin'}),
				msg({type: 'request_end', status: 'completed'}),
				user('b\nc'),
				user('d'),
			],
			testNow,
		);
		const layout = new Layouter().layout(model.view, 40, openStateFrom(), testNow);
		expect(forward(layout, {index: 0, offset: 0}, 1)).toEqual({index: 2, offset: 0});
		expect(forward(layout, {index: 0, offset: 0}, 3)).toEqual({index: 3, offset: 0});
		expect(forward(layout, {index: 0, offset: 0}, 99)).toEqual({index: 3, offset: 0});
		expect(backward(layout, {index: 3, offset: 0}, 2)).toEqual({index: 2, offset: 0});
		expect(backward(layout, {index: 3, offset: 0}, 99)).toEqual({index: 0, offset: 0});
		expect(distance(layout, {index: 0, offset: 0}, {index: 3, offset: 0}, 99)).toBe(3);
		expect(bottomTop(layout, 2)).toEqual({index: 2, offset: 1});
	});
});

describe('the pages beside the view', () => {
	test('are the rows Space and b show next, from wherever the view is', () => {
		const s = session(30);
		const layout = s.layout();
		const paused = scrollBy(layout, 5, pause(layout, 5, following), -12);
		const state = {...initialScreen(), viewport: paused};
		const [below, above] = pagesBeside(state, layout, 5);
		const rows = (keys: string): string[] => {
			const moved = handleKey(state, keys, {}, {view: s.model.view, layout: () => layout, height: 5});
			return visibleRows(layout, 5, moved.viewport).rows.map(row => rowText(row.segments));
		};
		expect(below!.map(row => rowText(row.segments))).toEqual(rows(' '));
		expect(above!.map(row => rowText(row.segments))).toEqual(rows('b'));
		expect(rows(' ')).not.toEqual(rows('b'));
	});
});
