// End to end: the built program in tmux with --latest on a data root; a session that starts while it is on screen is
// offered in the footer, and L switches to it.
import {readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';
import {makeDataRootHome} from '../support/data-root-home.js';

const root = path.resolve(path.dirname(builtCli), '..');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const tools = 'session-2026-12-02-14-43-17-694155ee';
const chat = 'session-2026-12-02-14-43-08-07326dfd';
let home = '';
let folder = '';
let pane: FaultTmux;

beforeAll(() => {
	({home, folder} = makeDataRootHome('latest'));
	const file = path.join(folder, `${tools}_001.jsonl`);
	writeFileSync(file, readFileSync(path.join(traces, `${tools}_001.jsonl`)));
	const old = Date.now() / 1000 - 3600;
	utimesSync(file, old, old);
	pane = new FaultTmux(home, 'e2e-latest', 110, 30, {PENGUIN_HOME: path.join(home, 'data')});
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('--latest: a session that starts later is offered in the footer; L opens it', async () => {
	pane.run(`clear && node ${builtCli} --latest`);
	await pane.until(
		text => text.includes('session…14-43-17-694155ee') && text.includes('slow-done'),
		'the newest session',
		15_000,
	);
	// What was there when it opened was listed before anything showed: only what comes after is offered.
	writeFileSync(path.join(folder, `${chat}_001.jsonl`), readFileSync(path.join(traces, `${chat}_001.jsonl`)));
	const screen = await pane.until(
		text => text.includes('▸ session …07326dfd started · L to switch'),
		'the offer',
		15_000,
	);
	expect(screen).toContain('slow-done');
	pane.keys('L');
	await pane.until(
		text => text.includes('session…14-43-08-07326dfd') && !text.includes('L to switch'),
		'the offered session',
		15_000,
	);
	pane.keys('q');
	await pane.untilShell();
}, 60_000);
