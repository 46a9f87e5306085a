// End to end at 80×24 in tmux: a long output read line by line keeps its call pinned on the body's first row; → moves
// the body sideways to read a cut row's end while header and footer stay.
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
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-read-'));
	for (const shard of ['_001', '_002'])
		copyFileSync(path.join(traces, `${id}${shard}.jsonl`), path.join(folder, `${id}${shard}.jsonl`));
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

test(
	"80×24: the call stays on the first body row as its 300 lines scroll under it; → shows a cut row's end, " +
		'0 comes back',
	async () => {
		pane = new FaultTmux(folder, 'e2e-read', 80, 24);
		await pane.clear(folder);
		pane.run(`TZ=UTC node ${cli} ${id}_001.jsonl`);
		// The whole session, not the end shown first (tail-first): a search before it would look in the end alone.
		await pane.until(
			text =>
				wholeFrame(text) &&
				text.includes('compaction') &&
				text.includes('j/k move') &&
				text.includes('req 5 · tools 4'),
			'the session in',
		);
		// To the ls call: its row is cut at 80 columns.
		pane.keys('/');
		pane.keys('-l', 'ls -la');
		pane.keys('Enter');
		await pane.until(text => text.includes('match 1 of'), 'the ls call');
		const cut = pane.rows().find(row => row.includes('$ ls -la'))!;
		expect(cut).toContain('…');
		pane.keys('Right');
		await pane.until(
			text => wholeFrame(text) && text.includes('space files') && text.includes('j/k move'),
			'the body moved',
		);
		let rows = pane.rows();
		expect(rows[0]).toContain('penguin-view');
		expect(rows[22]).toContain('q quit');
		// What was cut is there now, the row's start gone off the left.
		expect(rows.find(row => row.includes('space files'))).toBeDefined();
		expect(rows.find(row => row.includes('space files'))).not.toContain('exec_command');
		pane.keys('0');
		await pane.until(text => text.includes('exec_command  $ ls -la'), 'the body back');
		// The long output, every line, read line by line.
		pane.keys('/');
		pane.keys('-l', 'seq 1 300');
		pane.keys('Enter');
		await pane.until(text => text.includes('match 1 of'), 'the seq call');
		pane.keys('x');
		await pane.until(text => /│ 1\b/.test(text), 'its lines');
		for (let i = 0; i < 40; i++) pane.keys('j');
		await pane.until(text => /│ 4\d\s*$/m.test(text), 'forty lines on');
		rows = pane.rows();
		// The body's first row (under the header's two rows and rule) is the call, the lines below it.
		expect(rows[3]).toMatch(/›.*seq 1 300/);
		expect(rows[4]).toMatch(/│ \d+/);
		pane.keys('q');
		await pane.untilShell();
	},
);
