// The store-to-React bridge: thousands of store notifications become one render per 42 ms while they stream; the tick runs only when asked.
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {expect, test} from 'vitest';
import {useStore, useTicker, useWarmUp} from '../../source/ui/use-store.js';
import {settle} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import type {SessionStore} from '../../source/model/store.js';

function Probe({store, renders}: {store: SessionStore; renders: {count: number}}) {
	useStore(store);
	renders.count++;
	return <Text>{store.view.items.length}</Text>;
}

test('a burst of notifications is one render', async () => {
	const store = storeFrom([]);
	const renders = {count: 0};
	const app = render(<Probe store={store} renders={renders} />);
	await settle();
	const before = renders.count;
	for (let i = 0; i < 2000; i++) store.apply([msg({type: 'text', role: 'user', text: `m${i}`})]);
	await settle(80);
	expect(renders.count - before).toBe(1);
	expect(app.lastFrame()).toBe('2000');
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
		await settle();
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
		await settle(80);
		// The second second, once the rate is known: frames 42 ms apart (at 30 a second, every
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
	await settle();
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
	await settle(80);
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

test('the tick runs only while something moves with the clock', async () => {
	const renders = {count: 0};
	const app = render(<Ticking active={false} renders={renders} />);
	await settle(300);
	expect(renders.count).toBe(1);
	app.rerender(<Ticking active renders={renders} />);
	await settle(300);
	expect(renders.count).toBeGreaterThan(3);
	app.rerender(<Ticking active={false} renders={renders} />);
	const stopped = renders.count;
	await settle(200);
	expect(renders.count).toBe(stopped);
	app.unmount();
});

function Warming({renders}: {renders: {count: number}}) {
	useWarmUp(6, 20);
	renders.count++;
	return <Text>same frame</Text>;
}

test('a new screen draws its frame a few times while V8 warms up, then stops', async () => {
	const renders = {count: 0};
	const app = render(<Warming renders={renders} />);
	await settle(400);
	expect(renders.count).toBe(6);
	expect(app.lastFrame()).toBe('same frame');
	await settle(200);
	expect(renders.count).toBe(6);
	app.unmount();
});
