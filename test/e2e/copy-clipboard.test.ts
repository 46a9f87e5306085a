// End to end, y says what happened (issue 47): inside tmux with its default `set-clipboard external`, which drops an
// application's OSC 52, the footer says how to turn it on; with `on`, what was sent and tmux keeps it as a buffer;
// at a desktop with a clipboard command on PATH (a fake wl-copy here), the command gets the text.
import {chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux, removeFolder, wholeFrame} from '../support/fault-tmux.js';
import {waitFor} from '../support/wait-for.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const shard = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-copy-'));
	copyFileSync(path.join(root, 'test', 'fixtures', 'traces', shard), path.join(folder, shard));
}, 60_000);

afterEach(() => {
	pane?.kill();
	pane = undefined;
});

afterAll(() => removeFolder(folder));

const footer = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

/** The program in the pane, run with `env` (the pane's shell starts with an empty environment), the answer focused. */
async function copyIn(name: string, env: string): Promise<FaultTmux> {
	const tmux = new FaultTmux(folder, name, 80, 24);
	await tmux.clear(folder);
	tmux.run(`${env} node ${cli} --no-follow ${shard}`);
	await tmux.until(text => wholeFrame(text) && text.includes('tools 4'), 'the session');
	return tmux;
}

/** TMUX as tmux sets it in its panes, for this pane's server: the program and `tmux show` find the server by it. */
function tmuxVariable(tmux: FaultTmux): string {
	return `TMUX='${tmux.info('#{socket_path},#{pid},#{session_id}').replace('$', '')}'`;
}

test('inside tmux with set-clipboard external, y says how to turn it on', async () => {
	pane = new FaultTmux(folder, 'e2e-copy-external', 80, 24);
	pane.tmux('set-option', '-g', 'set-clipboard', 'external');
	await pane.clear(folder);
	pane.run(`${tmuxVariable(pane)} node ${cli} --no-follow ${shard}`);
	await pane.until(text => wholeFrame(text) && text.includes('tools 4'), 'the session');
	pane.keys('y');
	const shown = await pane.until(text => footer(text).includes('not copied'), 'what y did');
	expect(footer(shown)).toContain('tmux set -g set-clipboard on (now external)');
	expect(pane.buffers()).toEqual([]);
	pane.keys('q');
	await pane.untilShell();
});

test('inside tmux with set-clipboard on, y says it sent the text, and tmux has it', async () => {
	pane = new FaultTmux(folder, 'e2e-copy-on', 80, 24);
	await pane.clear(folder);
	pane.run(`${tmuxVariable(pane)} node ${cli} --no-follow ${shard}`);
	await pane.until(text => wholeFrame(text) && text.includes('tools 4'), 'the session');
	pane.keys('y');
	await pane.until(
		text => /sent the answer \(\d+ lines?, .*\) to the terminal's clipboard \(OSC 52\)/.test(footer(text)),
		'what y did',
	);
	await waitFor(() => pane!.buffers().length === 1, "tmux's buffer");
	pane.keys('q');
	await pane.untilShell();
});

test('at a desktop with wl-copy on PATH, y runs it with the text and names it', async () => {
	const bin = path.join(folder, 'bin');
	mkdirSync(bin, {recursive: true});
	writeFileSync(path.join(bin, 'wl-copy'), `#!/bin/sh\ncat > '${path.join(folder, 'copied.txt')}'\n`);
	chmodSync(path.join(bin, 'wl-copy'), 0o755);
	pane = await copyIn('e2e-copy-command', `WAYLAND_DISPLAY=wayland-0 PATH="${bin}:$PATH"`);
	pane.keys('y');
	await pane.until(text => /copied the answer \(\d+ lines?, .*\) with wl-copy/.test(footer(text)), 'what y did');
	expect(readFileSync(path.join(folder, 'copied.txt'), 'utf8')).toContain(
		'printed 300 lines, the `ls` of a missing directory failed',
	);
	expect(pane.buffers()).toEqual([]);
	pane.keys('q');
	await pane.untilShell();
});
