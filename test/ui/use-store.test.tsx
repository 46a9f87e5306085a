// The store-to-React bridge: thousands of store notifications become at most one render per ~33 ms; the tick runs only when asked.
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

test('a steady stream renders at most about 30 times a second', async () => {
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
