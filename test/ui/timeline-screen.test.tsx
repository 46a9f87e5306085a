// The timeline on the screen (T): rows for requests and calls, j/k to move, Enter back to the panes with that item
// focused, new requests appearing live, T to leave.
import {afterEach, expect, test} from 'vitest';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom, traceInputs} from './helpers.js';

let screen: Screen | undefined;
afterEach(() => screen?.unmount());

const rotated = (): ReturnType<typeof storeFrom> =>
	storeFrom([...traceInputs('14-45-42-8e7b556c_001'), ...traceInputs('14-45-42-8e7b556c_002')]);

test('T shows the timeline; Enter on a row goes back to the panes with that item focused', async () => {
	screen = await mount(rotated(), {columns: 110, rows: 22});
	await screen.press('T');
	let body = screen.body();
	expect(body[0]).toMatch(/^ {2}timeline {2}5 requests · 4 tool calls {2}\d\d:\d\d:\d\d → \d\d:\d\d:\d\d \(28\.7 s\)$/);
	expect(body[1]).toMatch(/^ {2}tokens \/ request ≤1\.9k +█▇▇▇█$/);
	expect(body[3]).toMatch(/├─+┤$/);
	// Each call says which it is: its one-line summary after its duration.
	expect(body.slice(4).map(row => row.slice(0, 34).trimEnd())).toEqual([
		'  ✓ request 1  5.3 s  1.9k tok',
		'  ✓ request 2  1.6 s  1.6k tok',
		'     ✓ exec_command  0.3 s  $ ls -',
		'  ✓ request 3  1.7 s  1.6k tok',
		'     ✓ exec_command  0.3 s  $ seq',
		'     ✗ exec_command  0.2 s  $ ls /',
		'     ✓ exec_command  2.2 s  $ slee',
		'  ✓ request 4  1.5 s  1.6k tok',
		'  ≋ compaction  2.1 s',
		'› ✓ request 5  5.3 s  1.9k tok',
	]);
	expect(screen.frame().split('\n').at(-1)).toBe(
		' j/k move · Enter show in session · e next problem · F follow · q or T back',
	);

	// e finds the failed call; k goes up from there.
	await screen.press('e');
	expect(screen.body()[9]).toMatch(/^› {4}✗ exec_command/);
	await screen.press('k');
	expect(screen.body()[8]).toMatch(/^› {4}✓ exec_command {2}0\.3 s/);
	await screen.press('j', keys.enter);
	body = screen.body();
	const focused = body.filter(row => row.startsWith('›'));
	expect(focused).toHaveLength(1);
	expect(focused[0]).toMatch(/^›✗ exec_command {2}\$ ls \/definitely\/not\/here/);
	expect(screen.frame().split('\n').at(-1)).toContain('j/k move · Enter open');
});

test(
	'Enter on a request that draws nothing focuses what it said; T and Esc leave the timeline as they found ' +
		'the panes',
	async () => {
		screen = await mount(rotated(), {columns: 110, rows: 22});
		const before = screen.frame();
		await screen.press('T');
		await screen.press(keys.escape);
		expect(screen.frame()).toBe(before);
		await screen.press('T', 'T');
		expect(screen.frame()).toBe(before);

		await screen.press('T', 'g', keys.enter);
		const focused = screen.body().filter(row => row.startsWith('›'));
		// Request 1 draws no pane: the focus lands on the first pane after it, its thinking.
		expect(focused).toHaveLength(1);
		expect(focused[0]).toMatch(/^›▸ thinking/);
	},
);

test('the timeline follows the session: a new request appears at the bottom, selected', async () => {
	const store = rotated();
	screen = await mount(store, {columns: 110, rows: 22});
	await screen.press('T');
	store.apply([
		msg({type: 'text', role: 'user', text: 'One more thing', stop_reason: 'completed'}, '2026-12-02T14:46:20.000Z'),
		msg({type: 'request_begin'}, '2026-12-02T14:46:21.000Z'),
	]);
	await screen.until(/● request 6/, 'the new request');
	const body = screen.body();
	// Running: its bar reaches now (the test clock, 14:50:00) with an arrow.
	expect(body.at(-1)).toMatch(/^› ● request 6 {2}3 m 39 s .*█+▶$/);
	expect(body.at(-2)).toMatch(/^ {2}✓ request 5/);
	// Once a row is chosen by hand, arrivals do not move the choice.
	await screen.press('k');
	store.apply([
		msg({type: 'request_end', status: 'completed'}, '2026-12-02T14:46:25.000Z'),
		msg({type: 'request_begin'}, '2026-12-02T14:46:26.000Z'),
	]);
	await screen.until(/✓ request 6 {2}4\.0 s/, 'request 6 ended');
	const after = screen.body();
	expect(after.find(row => row.startsWith('›'))).toMatch(/request 5/);
	// Request 6 ended; request 7 is below the window until G follows again.
	expect(after.at(-1)).toMatch(/^ {2}✓ request 6 {2}4\.0 s/);
	await screen.press('G');
	expect(screen.body().at(-1)).toMatch(/^› ● request 7/);
});
