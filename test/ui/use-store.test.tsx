// The store-to-React bridge: thousands of store notifications become one render per 45 ms while they stream (frame-pacer.test.ts: when); the tick runs only when asked.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, expect, test, vi} from 'vitest';
import {useStore, useTicker, useWarmUp} from '../../source/ui/use-store.js';
import {waitFor, waitForText} from '../support/wait-for.js';
import {msg, storeFrom} from './helpers.js';
import type {SessionStore} from '../../source/model/store.js';

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

function Timed({store, at}: {store: SessionStore; at: number[]}) {
	useStore(store);
	at.push(Date.now());
	return <Text>{store.view.items.length}</Text>;
}

test('a steady stream is drawn about 22 times a second, at 1,000 changes a second or at 30', async () => {
	for (const everyMs of [1, 33]) {
		const store = storeFrom([]);
		const at: number[] = [];
		const app = render(<Timed store={store} at={at} />);
		await waitForText(app.lastFrame, text => text === '0', 'the first frame');
		const started = Date.now();
		await new Promise<void>(resolve => {
			const timer = setInterval(() => {
				store.apply([msg({type: 'text', role: 'user', text: 'x'})]);
				if (Date.now() - started >= 2000) {
					clearInterval(timer);
					resolve();
				}
			}, everyMs);
		});
		// The stream's last change drawn: every frame of the measured second is in.
		await waitForText(app.lastFrame, text => text === String(store.view.items.length), 'the last change drawn');
		// The second second, once the rate is known: frames 45 ms apart (at 30 a second, every
		// change used to be drawn: 30 frames); a loaded machine may make a timer late, never early.
		const frames = at.filter(time => time >= started + 1000 && time < started + 2000).length;
		expect(frames).toBeLessThanOrEqual(25);
		expect(frames).toBeGreaterThan(8);
		app.unmount();
	}
});

test('a burst of changes within a stream is drawn at most about 30 times a second', async () => {
	const store = storeFrom([]);
	const renders = {count: 0};
	const app = render(<Probe store={store} renders={renders} />);
	const before = renders.count;
	const started = Date.now();
	await new Promise<void>(resolve => {
		const timer = setInterval(() => {
			for (let i = 0; i < 20; i++) store.apply([msg({type: 'text', role: 'user', text: 'x'})]);
			if (Date.now() - started >= 500) {
				clearInterval(timer);
				resolve();
			}
		}, 1);
	});
	// The last change drawn: the stream is over.
	await waitForText(app.lastFrame, text => text === String(store.view.items.length), 'the frame after the stream');
	const elapsed = Date.now() - started;
	expect(renders.count - before).toBeLessThanOrEqual(Math.ceil(elapsed / 33) + 2);
	expect(renders.count - before).toBeGreaterThan(3);
	app.unmount();
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
		await waitFor(() => renders.count >= Math.min(6, round + 2) || vi.getTimerCount() === 0, `warm-up draw ${round + 1}`);
	}
	expect(vi.getTimerCount()).toBe(0);
	expect(renders.count).toBe(6);
	expect(app.lastFrame()).toBe('same frame');
	vi.advanceTimersByTime(200);
	expect(renders.count).toBe(6);
	app.unmount();
});
