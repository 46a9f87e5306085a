// End to end: the footer's `match i of N` counts what a followed trace appends, without a key, the match shown kept.
import {appendFileSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux, removeFolder} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const toolsId = 'session-2026-12-02-14-43-17-694155ee';
const tools = readFileSync(path.join(root, 'test', 'fixtures', 'traces', `${toolsId}_001.jsonl`), 'utf8')
	.split('\n')
	.filter(line => line !== '');
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-search-count-'));
}, 60_000);

afterEach(() => {
	pane?.kill();
	pane = undefined;
});

afterAll(() => removeFolder(folder));

test(
	'search while the trace grows: N counts the calls ' + 'appended, without a key; i and the pane shown stay',
	async () => {
		const trace = path.join(folder, `${toolsId}_001.jsonl`);
		writeFileSync(
			trace,
			tools
				.slice(0, 16)
				.map(line => `${line}\n`)
				.join(''),
		);
		const tmux = new FaultTmux(folder, 'e2e-search-count', 100, 30);
		pane = tmux;
		tmux.keys(`cd ${folder} && clear && node ${cli} ${path.basename(trace)}`, 'Enter');
		await tmux.until(text => text.includes('$ seq 1 300') && /following\s*$/m.test(text), 'the first frame');
		tmux.keys('/');
		await tmux.until(text => text.includes('Enter search · Esc cancel'), 'the prompt');
		tmux.keys('-l', 'exec_command');
		tmux.keys('Enter');
		const first = await tmux.until(text => /match 1 of \d+/.test(text), 'the first match');
		const before = Number(/match 1 of (\d+)/.exec(first)![1]);
		const focused = (): string => tmux.rows().find(row => row.startsWith('›')) ?? '';
		const shown = focused();
		expect(shown).toContain('exec_command');
		// The rest of the session arrives, more exec_command calls with it; no key is pressed.
		appendFileSync(
			trace,
			tools
				.slice(16)
				.map(line => `${line}\n`)
				.join(''),
		);
		const grown = await tmux.until(
			text => /match 1 of (\d+)/.test(text) && Number(/match 1 of (\d+)/.exec(text)![1]) > before,
			'a larger count',
		);
		expect(grown).toMatch(/match 1 of \d+/);
		expect(focused()).toBe(shown);
		tmux.keys('q');
		await tmux.untilShell();
	},
);
