// End to end, what only a terminal shows of the layout at the edges: the screen's frame is one row shorter than the
// terminal, so that Ink redraws it in place. A frame as tall as the terminal makes Ink 6.8 clear the whole terminal
// (ESC[2J ESC[3J ESC[H) before every frame (node_modules/ink/build/ink.js, onRender: `if (this.lastOutputHeight >=
// this.options.stdout.rows)`), which flickers; this records what the pane receives over ten keys and counts the clears.
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const id = 'session-2026-12-02-14-45-42-8e7b556c';
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-edges-'));
	for (const shard of ['_001', '_002'])
		copyFileSync(path.join(traces, `${id}${shard}.jsonl`), path.join(folder, `${id}${shard}.jsonl`));
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

/** Ink's clearTerminal (ansi-escapes, outside old Windows): erase the screen and the scrollback, cursor home. */
const fullClear = '\u001b[2J\u001b[3J\u001b[H';

test(
	'80×24: ten key frames are drawn in place, never by ' + 'clearing the terminal; the bottom row stays blank',
	async () => {
		pane = new FaultTmux(folder, 'e2e-edges', 80, 24);
		await pane.clear(folder);
		pane.run(`node ${cli} ${id}_002.jsonl`);
		await pane.until(
			text => wholeFrame(text) && text.includes('req 5 · tools 4') && text.includes('emoji 🐧'),
			'the whole session in',
		);
		pane.record();
		// Each key moves the focus (`›`) one pane: the focused row changing says the key's frame is drawn.
		const focused = (rows: string[]): string => {
			const index = rows.findIndex(row => row.startsWith('›'));
			return index === -1 ? '' : `${index}:${rows[index]}`;
		};
		for (const key of ['k', 'k', 'k', 'k', 'k', 'j', 'j', 'j', 'j', 'j']) {
			const before = focused(pane.rows());
			pane.keys(key);
			await pane.until(
				text => wholeFrame(text) && focused(text.split('\n')) !== before && focused(text.split('\n')) !== '',
				`the frame after ${key}`,
			);
		}
		pane.stopRecording();
		const received = pane.raw();
		expect(received.length).toBeGreaterThan(1000);
		expect(received.split(fullClear).length - 1).toBe(0);
		const rows = pane.rows();
		expect(rows).toHaveLength(24);
		expect(rows[22]).toContain('j/k move');
		expect(rows[23]).toBe('');
		pane.keys('q');
		await pane.untilShell();
	},
);
