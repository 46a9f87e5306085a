// The screen on a trace whose long outputs the model keeps on disk: they are drawn, searched, filtered, copied and
// paged as before, each read back through the store, and only when one of those asks.
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {HeldTextStore} from '../../source/io/held-texts.js';
import {isHeld} from '../../source/model/held-text.js';
import {SessionStore} from '../../source/model/session-store.js';
import {App} from '../../source/ui/components/App.js';
import {inputsOf, meta, turn, writeShard} from '../perf/trace-maker.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {waitFor} from '../support/wait-for.js';

let dir: string;
let unmount: (() => void) | undefined;
beforeEach(() => {
	dir = makeTempDir('penguin-view-held-screen-');
});
afterEach(() => {
	unmount?.();
	unmount = undefined;
	removeTempDir(dir);
});

/** 30 turns, each with a 300-line output, on a screen of 100 × 24 whose store holds every output on disk. */
function heldScreen() {
	let text = meta();
	for (let n = 1; n <= 30; n++) text += turn(n, 300);
	const file = writeShard(dir, 1, text);
	const texts = new HeldTextStore();
	const store = new SessionStore(
		{label: 'held.jsonl', state: 'following'},
		{keepItems: true, holdText: texts.hold},
		() => Date.parse('2026-12-02T14:00:10Z'),
	);
	const inputs = inputsOf(file);
	texts.observe(inputs);
	store.apply(inputs);
	const copies: string[] = [];
	const pages: string[] = [];
	const app = render(
		<App
			store={store}
			texts={texts}
			onQuit={() => {}}
			size={{columns: 100, rows: 24}}
			color={false}
			home="/home/dev"
			clock={() => Date.parse('2026-12-02T14:50:00Z')}
			expand={['outputs']}
			copy={copied => void copies.push(copied)}
			page={paged => {
				pages.push(paged);
				return undefined;
			}}
		/>,
	);
	unmount = () => {
		app.unmount();
		texts.close();
	};
	const frame = (): string => app.lastFrame() ?? '';
	const footer = (): string => frame().split('\n').at(-1) ?? '';
	const until = (test: () => boolean, what: string) => waitFor(() => test() || undefined, what, {show: frame});
	return {store, texts, copies, pages, frame, footer, until, press: (key: string) => app.stdin.write(key)};
}

describe('held outputs on the screen', () => {
	test('the last output is drawn from the trace, and only the outputs on screen are read', async () => {
		const s = heldScreen();
		await s.until(() => s.frame().includes('30:299 some output of the command'), 'the last output’s tail');
		const calls = s.store.view.items.filter(item => item.kind === 'tool_call');
		expect(calls.every(call => isHeld(call.output))).toBe(true);
		expect(s.texts.held).toBe(30);
		// One or two outputs fit on 24 rows: not the 30 the model has.
		expect(s.texts.reads).toBeGreaterThan(0);
		expect(s.texts.reads).toBeLessThanOrEqual(2);
	});

	test('search finds a line in the middle of a held output and shows it; y and v give the whole output', async () => {
		const s = heldScreen();
		await s.until(() => s.frame().includes('following'), 'the first frame');
		s.press('/');
		await s.until(() => s.footer().includes('▌'), 'the prompt');
		s.press('12:150 some\r');
		await s.until(() => s.footer().includes('match 1 of 1'), 'the match');
		expect(s.frame()).toContain('12:150 some output of the command');
		// Search scanned the trace's bytes and read back only the output that may hold the query
		// (and what the screen draws), not the thirty.
		expect(s.texts.reads).toBeLessThan(10);
		s.press('y');
		await s.until(() => s.copies.length === 1, 'the copy');
		const lines = s.copies[0]!.split('\n');
		expect(lines).toHaveLength(300);
		expect(lines[0]).toBe('12:0 some output of the command');
		expect(lines.at(-1)).toBe('12:299 some output of the command');
		await s.until(() => s.footer().includes('copied the output of exec_command (300 lines'), 'the confirmation');
		s.press('v');
		await s.until(() => s.pages.length === 1, 'the pager');
		expect(s.pages[0]).toContain('exec_command\n');
		expect(s.pages[0]).toContain('12:0 some output of the command\n');
		expect(s.pages[0]).toContain('12:299 some output of the command');
	});

	test('the filter keeps the pane whose held output holds the word', async () => {
		const s = heldScreen();
		await s.until(() => s.frame().includes('following'), 'the first frame');
		s.press('&');
		s.press('7:123\r');
		await s.until(() => s.frame().includes('filter “7:123”'), 'the filter on');
		// The outputs of calls 7, 17 and 27 hold "7:123": the last pane kept is 27's, 28 to 30 are left out.
		await s.until(() => s.frame().includes('27:299 some output'), 'the last kept pane');
		expect(s.frame()).not.toContain('30:299 some output');
		expect(s.frame()).not.toContain('26:299 some output');
	});
});
