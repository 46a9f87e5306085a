// The footer says where the cursor is in document lines: `line 1,204 of 5,880 · 20 %`, every pane's lines counted, open
// or
// folded; at 80 columns the tokens give way to it, at 60 it is shortened, never dropped.
import {afterEach, expect, test} from 'vitest';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom, traceInputs} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const statsRow = (frame: string): string => frame.split('\n').at(-2) ?? '';

test('following: the last line; g the first; G then k the one above the last', async () => {
	screen = await mount(
		storeFrom(
			Array.from({length: 300}, (_, i) => msg({type: 'text', role: 'user', text: `note ${i + 1}\nits second line`})),
		),
		{columns: 120},
	);
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 600 of 600 · 100 %'));
	await screen.press('g');
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 1 of 600 · 0 %'));
	await screen.press('G', 'k');
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 599 of 600 · 99 %'));
});

test("folded lines count: a closed output's 302 lines are numbered whether it is open or not", async () => {
	screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns: 120, rows: 30});
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 319 of 319 · 100 %'));
	await screen.press('o');
	await frameWhere(
		screen,
		frame => frame.includes('more lines') && statsRow(frame).endsWith('line 319 of 319 · 100 %'),
	);
});

test('at every width from 60 columns the position is in the footer; the tokens give way to it', async () => {
	for (const [columns, wanted] of [
		[120, 'line 319 of 319 · 100 %'],
		[80, 'line 319 of 319 · 100 %'],
		[60, '319/319 100%'],
	] as const) {
		screen = await mount(storeFrom(traceInputs('14-43-17-694155ee_001'), 'tools.jsonl'), {columns, rows: 20});
		const frame = await frameWhere(screen, f => statsRow(f).trimEnd().endsWith(wanted));
		expect(statsRow(frame).length).toBeLessThanOrEqual(columns);
		screen.unmount();
		screen = undefined;
	}
});

test('following a stream, the position keeps up: after a burst of lines the footer ends on the last one', async () => {
	const store = storeFrom([msg({type: 'text', role: 'user', text: 'first'})]);
	screen = await mount(store, {columns: 120});
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 1 of 1 · 100 %'));
	// A burst: the position is worked out at most four times a second while following; the last one still shows,
	// with nothing arriving after it.
	for (let i = 2; i <= 40; i++) store.apply([msg({type: 'text', role: 'user', text: `line ${i}`})]);
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 40 of 40 · 100 %'));
	// A key shows its position at once: k leaves the end.
	await screen.press('k');
	await frameWhere(screen, frame => statsRow(frame).endsWith('line 39 of 40 · 97 %'));
});
