// Layout at the edges (issue 19), over the recorded server session with a manual compaction (8e7b556c, two contexts),
// in ink-testing-library frames of 60×20, 80×24, 120×30 and 200×60: a call's note beside its command, durations and
// sizes in columns, the compaction rule's spacing and status, the header's cut order, the reconnect reason, the
// context of what is on screen.
import {afterEach, describe, expect, test} from 'vitest';
import type {SourceStatus} from '../../source/model/session-store.js';
import {rowText, rule, seg, segmentsWidth} from '../../source/ui/panes/segments.js';
import {headerRows} from '../../source/ui/screen/status-line.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {storeFrom, testNow, traceInputs, viewOf} from './helpers.js';

const label = 'session-2026-12-02-14-45-42-8e7b556c_002.jsonl';
const twoContexts = () =>
	storeFrom([...traceInputs('14-45-42-8e7b556c_001'), ...traceInputs('14-45-42-8e7b556c_002')], label);

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const rows = (frame: string): string[] => frame.split('\n');
/** The rows of closed tool calls and thinking: they end in a duration and a size. */
const factRows = (frame: string): string[] =>
	rows(frame).filter(row => /(?:exec_command|thinking) .*\d\.\d s +\d+ (?:lines?|chars)$/.test(row));

/** Presses `d` from the top until the frame shows `text`. */
async function scrollTo(text: string): Promise<string> {
	await screen!.press('g');
	for (let i = 0; i < 12 && !screen!.frame().includes(text); i++) await screen!.press('d');
	return screen!.until(text, text);
}

describe('a tool call reads at any width: its note right after the command', () => {
	for (const [columns, height] of [
		[80, 24],
		[200, 60],
	] as const) {
		test(`${columns}×${height}`, async () => {
			screen = await mount(twoContexts(), {columns, rows: height});
			const frame = await scrollTo('$ ls -la');
			// The recording's session allowed each call by itself, at once: no decision is shown (issue 46), the note gives way
			// first.
			expect(frame).toMatch(/ ✓ exec_command {2}\$ ls -la {2}List the workspace fil.* +0\.3 s +4 lines\n/);
			expect(frame).toMatch(/ ✓ exec_command {2}\$ seq 1 300 {2}Print 300 numbers.* +0\.3 s +300 lines\n/);
			expect(frame).not.toContain('✓ allowed');
		});
	}
});

describe('durations and sizes line up from row to row, thinking and tool calls alike', () => {
	for (const [columns, height] of [
		[60, 20],
		[80, 24],
		[200, 60],
	] as const) {
		test(`${columns}×${height}`, async () => {
			screen = await mount(twoContexts(), {columns, rows: height});
			const frame = await scrollTo('$ seq 1 300');
			const facts = factRows(frame);
			// Thinking, ls -la, thinking, seq 1 300 at least; the failed call (with `exit 2`) too when it is on screen.
			expect(facts.length).toBeGreaterThanOrEqual(4);
			expect(facts.some(row => row.includes('thinking'))).toBe(true);
			const durationEnds = new Set(facts.map(row => /\d\.\d s(?= )/.exec(row)!.index + 5));
			expect(durationEnds.size).toBe(1);
			// Each size ends at the row's end, the last column.
			for (const row of facts) expect(row).toHaveLength(columns);
		});
	}
});

describe('the compaction rule keeps its spaces and its status; its dashes go first, then its lesser words', () => {
	test('200×60: every word; 80×24: the mode gives way', async () => {
		screen = await mount(twoContexts(), {columns: 200, rows: 60});
		const wide = rows(await scrollTo('compaction')).find(line => line.includes('compaction'))!;
		expect(wide).toMatch(
			/^ ─{3} compaction · manual · summarize · 1\.6k tokens of context · 4 turns ─+ ✓ completed ─{2}$/,
		);
		screen.unmount();
		screen = await mount(twoContexts(), {columns: 80, rows: 24});
		const row = rows(await scrollTo('compaction')).find(line => line.includes('compaction'))!;
		expect(row).toMatch(/^ ─{3} compaction · manual · 1\.6k tokens of context · 4 turns ─+ ✓ completed ─{2}$/);
		expect(row).toHaveLength(80);
	});

	test('60×20: the turns and the reason too', async () => {
		screen = await mount(twoContexts(), {columns: 60, rows: 20});
		const frame = await scrollTo('compaction');
		const row = rows(frame).find(line => line.includes('compaction'))!;
		expect(row).toMatch(/^ ─{3} compaction · 1\.6k tokens of context ─+ ✓ completed ─{2}$/);
		expect(row).toHaveLength(60);
	});

	test('a rule short of room: the dashes down to one a side, then the label cut; the spaces and the status stay', () => {
		const status = [seg('✓ completed')];
		expect(rowText(rule('─', 44, [seg('compaction · manual')], status))).toBe(
			'─── compaction · manual ───── ✓ completed ──',
		);
		expect(rowText(rule('─', 40, [seg('compaction · manual')], status))).toBe(
			'─── compaction · manual ─ ✓ completed ──',
		);
		expect(rowText(rule('─', 37, [seg('compaction · manual')], status))).toBe('─ compaction · manual ─ ✓ completed ─');
		expect(rowText(rule('─', 28, [seg('compaction · manual')], status))).toBe('─ compactio… ─ ✓ completed ─');
		for (const width of [20, 28, 37, 40, 44])
			expect(segmentsWidth(rule('─', width, [seg('compaction · manual')], status))).toBe(width);
	});
});

describe('the header cuts the workspace first, from the left; the context number stays', () => {
	const view = viewOf('14-45-42-8e7b556c_001', '14-45-42-8e7b556c_002');
	const status: SourceStatus = {label, state: 'following'};
	// No home directory given: the workspace is the whole /home/dev/work2.
	const header = (width: number): string[] =>
		headerRows({view, status, following: true, now: testNow, width}).map(rowText);

	test('120 columns: everything; 80 columns: the workspace cut from the left, nothing else', () => {
		expect(header(120)[0]).toBe(
			' penguin-view  session…14-45-42-8e7b556c  custom/fake-model  /home/dev/work2  context 2',
		);
		expect(header(120)[1]).toMatch(/^ session-2026-12-02-14-45-42-8e7b556c_002\.jsonl +○ idle · following $/);
		expect(header(80)[0]).toBe(' penguin-view  session…14-45-42-8e7b556c  custom/fake-model  …v/work2  context 2');
		expect(header(80)[1]).toMatch(/^ session-2026-12-02-14-45-42-8e7b556c_002\.jsonl +○ idle · following $/);
	});

	test(
		'60 columns: then the workspace, the provider and the ' + "program's name go; the source keeps its shard number",
		() => {
			expect(header(60)[0]).toBe(' session…14-45-42-8e7b556c  fake-model  context 2');
			expect(header(60)[1]).toMatch(/^ …\S+-8e7b556c_002\.jsonl {2}○ idle · following $/);
			for (const row of header(60)) expect(row.length).toBeLessThanOrEqual(60);
		},
	);

	test("40 columns: then the session id's date", () => {
		expect(header(40)[0]).toBe(' …8e7b556c  fake-model  context 2');
		expect(header(40)[1]).toMatch(/_002\.jsonl {2}○ idle · following $/);
	});

	test('on the screen at 60×20, 80×24 and 120×30: the context number, the session id and the state', async () => {
		for (const [columns, height] of [
			[60, 20],
			[80, 24],
			[120, 30],
		] as const) {
			screen?.unmount();
			screen = await mount(twoContexts(), {columns, rows: height});
			const [top, second] = rows(screen.frame());
			expect(top).toMatch(/8e7b556c .* context 2$/);
			expect(second).toMatch(/_002\.jsonl +(?:ctx █+ {2})?○ idle · following$/);
		}
	});
});

describe('the reconnect reason is read whole at 80 columns, in the footer', () => {
	const reason = 'connection refused by 127.0.0.1:8080: is the server running?';
	const reconnecting = (): ReturnType<typeof storeFrom> => {
		const store = twoContexts();
		store.setStatus({
			label: 'http://127.0.0.1:8080/api/sessions/session-2026-12-02-14-45-42-8e7b556c/stream',
			state: 'reconnecting',
			retryAt: Date.parse('2026-12-02T14:50:02Z'),
			message: reason,
		});
		return store;
	};

	test("80×24: the reason on the footer's last row; the countdown in the header", async () => {
		screen = await mount(reconnecting(), {columns: 80, rows: 24});
		const all = rows(screen.frame());
		expect(all.at(-1)).toBe(` ⟳ ${reason}`);
		expect(all[1]).toMatch(/⟳ reconnecting in 2 s · following$/);
	});

	test('120×30: with the countdown too', async () => {
		screen = await mount(reconnecting(), {columns: 120, rows: 30});
		expect(rows(screen.frame()).at(-1)).toBe(` ⟳ reconnecting in 2 s: ${reason}`);
	});

	test('the search prompt still takes the row', async () => {
		screen = await mount(reconnecting(), {columns: 80, rows: 24});
		await screen.press('/');
		expect(rows(screen.frame()).at(-1)).toContain('Enter search · Esc cancel');
		await screen.press(keys.escape);
		await screen.until(frame => rows(frame).at(-1) === ` ⟳ ${reason}`, 'the reason again');
	});
});

describe('the header names the context on screen', () => {
	test('80×24: g shows context 1 and its shard file; G the newest again', async () => {
		screen = await mount(twoContexts(), {columns: 80, rows: 24});
		expect(rows(screen.frame())[0]).toMatch(/ context 2$/);
		await screen.press('g');
		const top = await screen.until(frame => rows(frame)[0]!.endsWith(' context 1'), 'context 1');
		expect(rows(top)[1]).toMatch(/^ session-2026-12-02-14-45-42-8e7b556c_001\.jsonl +(?:ctx █+ {2})?○ idle · paused$/);
		// Down into the second context: the header follows the focus.
		for (let i = 0; i < 30 && !rows(screen.frame())[0]!.endsWith(' context 2'); i++) await screen.press('j');
		expect(rows(screen.frame())[0]).toMatch(/ context 2$/);
		expect(rows(screen.frame())[1]).toMatch(/_002\.jsonl/);
		await screen.press('g');
		await screen.until(frame => rows(frame)[0]!.endsWith(' context 1'), 'context 1 again');
		await screen.press('G');
		const bottom = await screen.until(frame => rows(frame)[0]!.endsWith(' context 2'), 'context 2');
		expect(rows(bottom)[1]).toMatch(/_002\.jsonl +(?:ctx █+ {2})?○ idle · following$/);
	});

	test(
		'200×60, everything on screen: paused, the header ' + "names the focused pane's context; following, the newest",
		async () => {
			screen = await mount(twoContexts(), {columns: 200, rows: 60});
			await screen.press('k', 'g');
			const top = await screen.until(frame => rows(frame)[0]!.endsWith(' context 1'), 'context 1');
			expect(rows(top)[1]).toMatch(/_001\.jsonl +(?:ctx █+ {2})?○ idle · paused$/);
			// The top of the screen stays in context 1; the focus goes down to the start of context 2.
			for (let i = 0; i < 30 && !rows(screen.frame())[0]!.endsWith(' context 2'); i++) await screen.press('j');
			const lower = rows(screen.frame());
			expect(lower[0]).toMatch(/ context 2$/);
			expect(lower.findIndex(row => row.startsWith('›'))).toBe(lower.findIndex(row => row.includes('═══ context 2')));
			await screen.press('g');
			await screen.until(frame => rows(frame)[0]!.endsWith(' context 1'), 'context 1 again');
			await screen.press('F');
			const following = await screen.until(frame => rows(frame)[0]!.endsWith(' context 2'), 'context 2 when following');
			expect(rows(following)[1]).toMatch(/_002\.jsonl +(?:ctx █+ {2})?○ idle · following$/);
		},
	);
});
