// iTerm2's inline images on the screen (iTerm2, WezTerm): the panes draw an image's rows as blank cells, and after a
// frame that wrote them the picture is drawn over them, at their row and column, sized in cells; not again while its
// rows stay as they were, not while it is off the screen, through tmux's passthrough inside tmux; never for a label.
import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {fixturesDir, msg, traceInputs} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';
import {fakeTerminal} from '../support/fake-terminal.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';

const {runScreen} = await loadScreenUnderCi();

const traceName = '../images/session-2026-12-02-15-00-00-1a2b3c4d_001.jsonl';
const pngUrl = readFileSync(`${fixturesDir}images/session-2026-12-02-15-00-00-1a2b3c4d_001.jsonl`, 'utf8').match(
	/data:image\/png;base64,[A-Za-z0-9+/=]+/,
)![0];
const pngData = pngUrl.slice(pngUrl.indexOf(',') + 1);
/** The picture (156 bytes, 8×6 pixels: 3 cells by 1) as iTerm2 gets it, at a row and column. */
const picture = `\u001b]1337;File=inline=1;size=156;width=3;height=1;preserveAspectRatio=1:${pngData}\u0007`;
const placed =
	/\u001b7\u001b\[(\d+);(\d+)H\u001b\]1337;File=inline=1;size=156;width=3;height=1;[^\u0007]*\u0007\u001b8/g;
const drawnCount = (text: string): number => text.split(picture).length - 1;
const plain = (text: string): string => text.replace(/\u001b\[[0-9;?]*[A-Za-z]|\u001b\][^\u0007]*\u0007/g, '');

/** The text last written at screen row `row` (1-based) before `end`, without its styles. */
function rowText(written: string, row: number, end: number): string {
	const at = written.lastIndexOf(`\u001b[${row};1H`, end);
	return plain(written.slice(at, written.indexOf('\u001b[K', at)));
}

function screen(inputs: ModelInput[], rows: number, options: {insideTmux?: boolean} = {}) {
	const terminal = fakeTerminal(100, rows);
	const store = new SessionStore({label: 'trace', state: 'ended'});
	store.apply(inputs);
	const running = runScreen(store, {
		color: true,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		images: 'iterm',
		...options,
	});
	return {terminal, running};
}

test('iTerm2: after the frame, the picture at its blank cells under its label, sized in cells', async () => {
	const {terminal, running} = screen(traceInputs(traceName), 30);
	await waitFor(() => drawnCount(terminal.written()) > 0, 'the picture drawn');
	terminal.keys.write('q');
	await running;
	const written = terminal.written();
	const [first] = [...written.matchAll(placed)];
	const row = Number(first![1]);
	const column = Number(first![2]);
	// The cells it covers are blank in the frame, and the label is the row above, two columns to the left.
	expect(rowText(written, row, first!.index).slice(column - 1, column + 2)).toBe('   ');
	const label = rowText(written, row - 1, first!.index);
	expect(label).toContain('▣ you  [image/png 8×6, 156 B]');
	expect(label.indexOf('▣')).toBe(column - 3);
	// No placeholder character reaches iTerm2, and no kitty sequence.
	expect(written).not.toContain('\u{10EEEE}');
	expect(written).not.toContain('\u001b_G');
});

test('iTerm2: drawn again once its rows are written again, not while they stay, nor while scrolled off', async () => {
	const long = Array.from({length: 40}, (_, i) => `line ${i + 1} of a long answer`).join('\n');
	const inputs = [
		...traceInputs(traceName),
		msg('model_msg', {type: 'text', role: 'assistant', text: long, stop_reason: 'completed'}),
	];
	const {terminal, running} = screen(inputs, 16);
	const drawn = (from: number, text: string) => () => plain(terminal.written().slice(from)).includes(text);
	// The screen opens at the bottom: the picture's rows are not on it, and it is not drawn.
	await waitFor(drawn(0, 'line 46 of 46'), 'the bottom drawn');
	expect(drawnCount(terminal.written())).toBe(0);
	// At the top it is.
	terminal.keys.write('g');
	await waitFor(() => drawnCount(terminal.written()) === 1, 'the picture drawn');
	// Frames that leave its rows as they were leave it alone: the focus moves down, then up again.
	let from = terminal.written().length;
	terminal.keys.write('j');
	await waitFor(drawn(from, 'line 2 of'), 'the next frame');
	from = terminal.written().length;
	terminal.keys.write('k');
	await waitFor(drawn(from, 'line 1 of'), 'the next frame');
	expect(drawnCount(terminal.written())).toBe(1);
	// Scrolled off and back: its rows are written again, and so is the picture, once.
	from = terminal.written().length;
	terminal.keys.write('G');
	await waitFor(drawn(from, 'line 46 of 46'), 'the bottom drawn');
	expect(drawnCount(terminal.written())).toBe(1);
	terminal.keys.write('g');
	await waitFor(() => drawnCount(terminal.written()) === 2, 'the picture drawn again');
	terminal.keys.write('q');
	await running;
	expect(drawnCount(terminal.written())).toBe(2);
});

test('iTerm2 inside tmux: the cursor moves and the picture go through the passthrough, each ESC doubled', async () => {
	const {terminal, running} = screen(traceInputs(traceName), 30, {insideTmux: true});
	await waitFor(() => terminal.written().includes('\u001bPtmux;'), 'the picture drawn');
	terminal.keys.write('q');
	await running;
	const passed =
		/\u001bPtmux;\u001b\u001b7\u001b\u001b\[(\d+);(\d+)H\u001b\u001b\]1337;File=([^\u0007]*)\u0007\u001b\u001b8\u001b\\/;
	const match = passed.exec(terminal.written());
	expect(match?.[3]).toBe(`inline=1;size=156;width=3;height=1;preserveAspectRatio=1:${pngData}`);
	// Nothing of it outside the passthrough.
	expect(terminal.written().replaceAll(match![0], '')).not.toContain('1337;File=');
});

test('iTerm2: a label is never drawn (a web image, a broken or huge data URL), never megabytes written', async () => {
	const huge = `${pngUrl}${'A'.repeat(3 * 1024 * 1024)}`;
	const inputs = [
		msg('model_msg', {type: 'image_url', role: 'user', image_url: 'https://example.com/cat.png'}),
		msg('model_msg', {type: 'image_url', role: 'user', image_url: 'data:image/png;base64,!!!not base64 at all!!!'}),
		msg('model_msg', {type: 'image_url', role: 'user', image_url: huge}),
	];
	const {terminal, running} = screen(inputs, 30);
	await waitFor(() => /\[image\/png 8×6, 2\.\d MB\]/.test(plain(terminal.written())), 'the labels drawn');
	terminal.keys.write('q');
	await running;
	expect(plain(terminal.written())).toContain('[image https://example.com/cat.png]');
	expect(terminal.written()).not.toContain('1337;File=');
	expect(terminal.written().length).toBeLessThan(512 * 1024);
});

test('iTerm2: after a pager (v) gives the terminal back, every row and the picture are written again', async () => {
	const terminal = fakeTerminal(100, 30);
	const store = new SessionStore({label: 'trace', state: 'ended'});
	store.apply(traceInputs(traceName));
	const running = runScreen(store, {
		color: true,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		images: 'iterm',
		pager: 'true',
	});
	await waitFor(() => drawnCount(terminal.written()) === 1, 'the picture drawn');
	const from = terminal.written().length;
	terminal.keys.write('v');
	await waitFor(() => drawnCount(terminal.written()) === 2, 'the picture drawn again');
	terminal.keys.write('q');
	await running;
	// The header's first row too, though it did not change.
	expect(plain(terminal.written().slice(from))).toContain('penguin-view');
});
