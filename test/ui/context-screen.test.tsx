// The context view on the screen (C): a row per request with its prompt against the window, the compaction as a rule,
// cost and running total, what fills the context now; Enter goes to the row's item; it follows the session live.
import {afterEach, expect, test} from 'vitest';
import {priceTable} from '../../source/cost/prices.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom, traceInputs} from './helpers.js';

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

const rotated = (): ReturnType<typeof storeFrom> =>
	storeFrom([...traceInputs('14-45-42-8e7b556c_001'), ...traceInputs('14-45-42-8e7b556c_002')]);
// The tests' own prices per million tokens: cache read 1, cache write 2, output 10.
const prices = priceTable([
	{provider: 'custom', modelId: 'fake-model', rates: {cacheRead: 1, cacheWrite: 2, output: 10}},
]);

test(
	'C shows each request against the window, the ' + 'compaction where it was, the cost and what fills the context',
	async () => {
		const store = rotated();
		store.setStatus({prices});
		screen = await mount(store, {columns: 100, rows: 30});
		await screen.press('C');
		const body = screen.body();
		// 5 requests and the compaction's own, each 750 + 750 in and 1,140 out in all: 10,140 tokens billed;
		// at these prices 6 × (750 + 1,500) + 10 × 1,140 millionths of a dollar.
		expect(body[0]).toBe('  context & cost  5 requests · 1 compaction · 10k tokens billed · $0.0249');
		expect(body[1]).toContain('█ cached input  ▒ fresh input  · the rest of the 64k window');
		const requests = body.filter(row => /^[ ›] [✓✗⟳■●] +\d+ /.test(row));
		expect(requests).toHaveLength(5);
		// Request 1: 750 cached and 750 fresh of a 64k window; 355 out; $0.0058 (750 + 1,500 + 3,550 millionths).
		expect(requests[0]).toMatch(/^ {2}✓ {3}1 █▒·+ {3}1\.5k out {3}355 +\d+\.\d s {2}\$0\.00580 +Σ \$0\.00580$/);
		expect(body.findIndex(row => row.includes('compaction: 1.6k → 1.5k'))).toBe(
			body.findIndex(row => row === requests[3]) + 1,
		);
		expect(body.some(row => row.includes('what fills the context now') && row.includes('request 5'))).toBe(true);
		expect(body.some(row => /system prompt .* ~ +\d/.test(row))).toBe(true);
		expect(body.some(row => row.includes('largest items'))).toBe(true);
		expect(screen.frame().split('\n').at(-1)).toBe(' j/k move · Enter show in session · G newest · C back · q quit');
	},
);

test('Enter on a row goes back to the panes with that item focused; C and Esc leave as they found them', async () => {
	screen = await mount(rotated(), {columns: 100, rows: 30});
	const before = screen.frame();
	await screen.press('C', 'C');
	expect(screen.frame()).toBe(before);
	await screen.press('C', keys.escape);
	expect(screen.frame()).toBe(before);
	// g selects the first row, request 1, which draws no pane: the focus lands on its thinking.
	await screen.press('C', 'g', keys.enter);
	const focused = screen.body().filter(row => row.startsWith('›'));
	expect(focused).toHaveLength(1);
	expect(focused[0]).toMatch(/^›▸ thinking/);
});

test('a request that ends while the view is open appears as its row, selected', async () => {
	const store = rotated();
	screen = await mount(store, {columns: 100, rows: 30});
	await screen.press('C');
	store.apply([
		msg({type: 'text', role: 'user', text: 'One more thing', stop_reason: 'completed'}, '2026-12-02T14:46:20.000Z'),
		msg({type: 'request_begin'}, '2026-12-02T14:46:21.000Z'),
		msg(
			{
				type: 'token_usage',
				session: {cache_read: 0, cache_write: 0, output: 0, total: 0},
				request: {cache_read: 1500, cache_write: 30_000, output: 40, total: 31_540},
			},
			'2026-12-02T14:46:24.000Z',
		),
		msg({type: 'request_end', status: 'completed'}, '2026-12-02T14:46:25.000Z'),
	]);
	const frame = await screen.until(/› ✓ +6 /, 'request 6 selected');
	// 31.5k of 64k: half the bar's 53 columns (99 less the row's figures), all but one of them fresh input.
	expect(frame).toMatch(/› ✓ {3}6 █▒{25}·{27} +32k out +40/);
});
