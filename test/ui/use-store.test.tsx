// The store-to-React bridge: thousands of store notifications become one render per 45 ms while they stream (on a fake
// clock; frame-pacer.test.ts: when); the tick runs only when asked.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, expect, test, vi} from 'vitest';
import {useStore, useTicker, useWarmUp} from '../../source/ui/hooks/use-store.js';
import {waitFor, waitForText} from '../support/wait-for.js';
import {msg, storeFrom} from './helpers.js';
import type {SessionStore} from '../../source/model/session-store.js';

function Probe({store, renders}: {store: SessionStore; renders: {count: number}}) {
	useStore(store);
	renders.count++;
	return <Text>{store.view.items.length}</Text>;
}

afterEach(() => {
	vi.useRealTimers();
});

test('a burst of notifications is one render', async () => {
	const store = storeFrom([]);
	const renders = {count: 0};
	const app = render(<Probe store={store} renders={renders} />);
	expect(app.lastFrame()).toBe('0');
	const before = renders.count;
	for (let i = 0; i < 2000; i++) store.apply([msg({type: 'text', role: 'user', text: `m${i}`})]);
	// Drawn after the burst; had each notification rendered, the count would be 2000 by now.
	await waitForText(app.lastFrame, text => text === '2000', 'the frame after the burst');
	expect(renders.count - before).toBe(1);
	app.unmount();
});

function Timed({store, frames}: {store: SessionStore; frames: Array<{at: number; frame: number}>}) {
	const frame = useStore(store);
	frames.push({at: Date.now(), frame});
	return <Text>{store.view.items.length}</Text>;
}

/**
 * Frames drawn over `ms` of the fake clock while the store changes every `everyMs` (`burst`
 * changes each time): the frame numbers the hook gave, by the time they were drawn.
 */
async function stream(
	everyMs: number,
	ms: number,
	burst = 1,
): Promise<{drawn: Array<{at: number; frame: number}>; started: number}> {
	vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']});
	const store = storeFrom([]);
	const frames: Array<{at: number; frame: number}> = [];
	const app = render(<Timed store={store} frames={frames} />);
	const started = Date.now();
	// A millisecond at a time: each frame timer that falls due runs, and React draws what it set
	// (on the event loop's next turn, not on the fake clock) before the clock moves on.
	const tick = async (): Promise<void> => {
		await vi.advanceTimersByTimeAsync(1);
		await new Promise(resolve => setImmediate(resolve));
	};
	for (let at = 0; at < ms; at += everyMs) {
		for (let i = 0; i < burst; i++) store.apply([msg({type: 'text', role: 'user', text: 'x'})]);
		for (let step = 0; step < everyMs; step++) await tick();
	}
	for (let step = 0; step < 100; step++) await tick();
	// The stream's last change drawn: every frame of it is in.
	await waitForText(app.lastFrame, text => text === String(store.view.items.length), 'the last change drawn');
	app.unmount();
	// A new frame number is a frame; a render for any other reason repeats the last one.
	const drawn = frames.filter((entry, i) => i === 0 || entry.frame !== frames[i - 1]!.frame);
	return {drawn, started};
}

// The clock is vitest's fake one: time moves only as the test moves it, so the counts are exact
// on any machine (frame-pacer.test.ts has the rule itself, use-store.ts the timer).
test('a steady stream is drawn 22 times a second, at 1,000 changes a second or at 30', async () => {
	for (const everyMs of [1, 33]) {
		const {drawn, started} = await stream(everyMs, 2000);
		// The second second, once the rate is known: a frame every 45 ms.
		const second = drawn.filter(({at}) => at >= started + 1000 && at < started + 2000);
		expect(second.length, `a change every ${everyMs} ms`).toBe(22);
		const gaps = second.slice(1).map((entry, i) => entry.at - second[i]!.at);
		expect(new Set(gaps), `a change every ${everyMs} ms`).toEqual(new Set([45]));
	}
});

test('changes that come one by one, slower than a stream, are each drawn within a frame', async () => {
	// Four changes a second (a trace appended now and then) is no stream: each gets its frame, 33 ms on at most.
	const {drawn, started} = await stream(250, 2000);
	// Each is drawn at once (the clock moves a millisecond at a time).
	expect(drawn.slice(1).map(({at}) => at - started)).toEqual([1, 251, 501, 751, 1001, 1251, 1501, 1751]);
});

test('bursts of changes within a stream are drawn once per frame, not once per change', async () => {
	const {drawn, started} = await stream(1, 500, 20);
	// 10,000 changes over half a second: the first drawn at once, then one frame every 45 ms on a
	// fixed beat, the last (the changes after 495 ms) included.
	expect(drawn.slice(1).map(({at}) => at - started)).toEqual([
		1, 45, 90, 135, 180, 225, 270, 315, 360, 405, 450, 495, 540,
	]);
});

function Ticking({active, renders}: {active: boolean; renders: {count: number}}) {
	useTicker(active, 50);
	renders.count++;
	return <Text>tick</Text>;
}

// The clock-driven hooks run on vitest's fake timers: time moves only when the test moves it,
// so "nothing happens for 300 ms" is exact, not a hope about a loaded machine.
test('the tick runs only while something moves with the clock', async () => {
	vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
	const renders = {count: 0};
	const app = render(<Ticking active={false} renders={renders} />);
	vi.advanceTimersByTime(300);
	expect(renders.count).toBe(1);
	expect(vi.getTimerCount()).toBe(0);
	app.rerender(<Ticking active renders={renders} />);
	// The interval starts in an effect, after the frame.
	await waitFor(() => vi.getTimerCount() === 1, 'the tick to start');
	const started = renders.count;
	for (let tick = 1; tick <= 3; tick++) {
		vi.advanceTimersByTime(50);
		// A tick's draw comes in a microtask: one at a time, or React draws several as one.
		await waitFor(() => renders.count === started + tick, `tick ${tick} drawn`, {show: () => String(renders.count)});
	}
	app.rerender(<Ticking active={false} renders={renders} />);
	await waitFor(() => vi.getTimerCount() === 0, 'the tick to stop');
	const stopped = renders.count;
	vi.advanceTimersByTime(200);
	expect(renders.count).toBe(stopped);
	app.unmount();
});

function Warming({renders}: {renders: {count: number}}) {
	useWarmUp(6, 20);
	renders.count++;
	return <Text>same frame</Text>;
}

test('a new screen draws its frame a few times while V8 warms up, then stops', async () => {
	vi.useFakeTimers({toFake: ['setInterval', 'clearInterval']});
	const renders = {count: 0};
	const app = render(<Warming renders={renders} />);
	await waitFor(() => vi.getTimerCount() === 1, 'the warm-up to start');
	for (let round = 0; round < 10 && vi.getTimerCount() > 0; round++) {
		vi.advanceTimersByTime(20);
		// Each round's draw comes in a microtask; the next round counts it.
		await waitFor(
			() => renders.count >= Math.min(6, round + 2) || vi.getTimerCount() === 0,
			`warm-up draw ${round + 1}`,
		);
	}
	expect(vi.getTimerCount()).toBe(0);
	expect(renders.count).toBe(6);
	expect(app.lastFrame()).toBe('same frame');
	vi.advanceTimersByTime(200);
	expect(renders.count).toBe(6);
	app.unmount();
});

function Gated({store, clock, renders}: {store: SessionStore; clock: () => number; renders: {count: number}}) {
	// No change may show: only the warm redraws draw, paced by the clock handed in.
	useStore(store, 33, 45, () => false, clock);
	renders.count++;
	return <Text>{store.view.items.length}</Text>;
}

// The frame timers are fake (time moves only as the test moves it); Date.now stays the machine's,
// which is far past the screen's clock here: the hook must not read it.
test("the frames are paced by the screen's clock, not the machine's", async () => {
	vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
	let now = 100;
	const store = storeFrom([]);
	const renders = {count: 0};
	const app = render(<Gated store={store} clock={() => now} renders={renders} />);
	await new Promise(resolve => setImmediate(resolve));
	const before = renders.count;
	// 100 ms on the screen's clock since the last frame (at 0): a change that cannot show waits.
	store.apply([msg({type: 'text', role: 'user', text: 'one'})]);
	expect(vi.getTimerCount()).toBe(1);
	await vi.advanceTimersByTimeAsync(50);
	// The frame timer ran; had it set a frame, React would draw it on this turn.
	expect(vi.getTimerCount()).toBe(0);
	await new Promise(resolve => setImmediate(resolve));
	expect(renders.count).toBe(before);
	expect(app.lastFrame()).toBe('0');
	// Past the warm interval on the screen's clock: the next change is drawn.
	now = 1000;
	store.apply([msg({type: 'text', role: 'user', text: 'two'})]);
	await vi.advanceTimersByTimeAsync(50);
	await new Promise(resolve => setImmediate(resolve));
	expect(app.lastFrame()).toBe('2');
	app.unmount();
});
