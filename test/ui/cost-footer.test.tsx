// The screen's footer says what the session cost once its prices are known, at once when they come later (a server's),
// and never without them.
import {parse as parseToml} from 'smol-toml';
import {afterEach, describe, expect, test} from 'vitest';
import {pricesOfText} from '../../source/cost/prices.js';
import {SessionStore} from '../../source/model/session-store.js';
import {mount, type Screen} from './app-helpers.js';
import {childInputs, storeFrom, traceInputs} from './helpers.js';
import {configToml, secret} from '../cost/price-config.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const tools = (): SessionStore => storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl');
const footerStats = (frame: string): string => frame.split('\n').at(-2)!;

describe('the cost in the footer', () => {
	test('first on the numbers row, in three significant digits, and no API key anywhere', async () => {
		const store = tools();
		store.setStatus({prices: pricesOfText(configToml, parseToml)});
		// (Wide enough for the tokens beside the position, which they give way to.)
		screen = await mount(store, {columns: 120, rows: 16});
		// Three requests: 2,250 cache read, 2,250 cache write, 279 output → (675 + 8,437.5 + 4,185) per million.
		expect(footerStats(screen.frame())).toMatch(/^ \$0\.0133 {3}tokens in 4\.5k · out 279 {3}ctx/);
		expect(screen.frame()).not.toContain(secret);
	});

	test('absent without a price, shown as soon as the prices come', async () => {
		const store = tools();
		screen = await mount(store, {columns: 120, rows: 16});
		expect(footerStats(screen.frame())).toMatch(/^ tokens in 4\.5k/);
		store.setStatus({prices: pricesOfText(configToml, parseToml)});
		await screen.until(frame => footerStats(frame).startsWith(' $0.0133'), 'the cost in the footer');
	});

	test('stays when the row is too narrow for the tokens', async () => {
		const store = tools();
		store.setStatus({prices: pricesOfText(configToml, parseToml)});
		screen = await mount(store, {columns: 80, rows: 16});
		expect(footerStats(screen.frame())).toMatch(/^ \$0\.0133 {3}ctx/);
	});
});

describe('the cost elsewhere on the screen', () => {
	test("a subagent's row says what it cost, and the footer counts it in the parent's", async () => {
		const store = storeFrom([
			...traceInputs('14-43-17-a1f608ba_001'),
			...childInputs('14-43-19-1fcdf9f5_001', 'session-2026-12-02-14-43-19-1fcdf9f5'),
		]);
		store.setStatus({prices: pricesOfText(configToml, parseToml)});
		screen = await mount(store, {columns: 120, rows: 30});
		// The child: 750/750/46 and 750/750/31 → 3,727.5 + 3,502.5 per million; the parent's two requests add $0.00822.
		expect(screen.body().join('\n')).toMatch(/subagent .*· \$0\.00723/);
		expect(footerStats(screen.frame())).toMatch(/^ \$0\.0155 /);
	});

	test("the timeline says each request's cost", async () => {
		const store = tools();
		store.setStatus({prices: pricesOfText(configToml, parseToml)});
		screen = await mount(store, {columns: 110, rows: 22});
		await screen.press('T');
		// Request 1 of the tools session: 750 × 0.3 + 750 × 3.75 + 73 × 15 per million.
		expect(screen.body().join('\n')).toMatch(/request 1 .*tok {2}\$0\.00413/);
	});
});

describe('while only the end of a trace is shown', () => {
	test('the footer has no cost until the whole session is read', async () => {
		const store = new SessionStore(
			{label: 'tools.jsonl', state: 'following', prices: pricesOfText(configToml, parseToml)},
			{},
			() => Date.parse('2026-12-02T14:00:10Z'),
		);
		const preview = store.newModel();
		// The head (session_meta) and the end, with the last request only: what a tail-first read sees first.
		const inputs = traceInputs('14-43-17-694155ee_001');
		preview.applyAll([...inputs.slice(0, 2), ...inputs.slice(-12)], 0);
		expect(preview.view.spend.length).toBeGreaterThan(0);
		store.preview(preview);
		screen = await mount(store, {columns: 100, rows: 16});
		expect(footerStats(screen.frame())).not.toContain('$');
		store.apply(traceInputs('14-43-17-694155ee_001'));
		store.reveal();
		await screen.until(frame => footerStats(frame).startsWith(' $0.0133'), 'the cost of the whole session');
	});
});
