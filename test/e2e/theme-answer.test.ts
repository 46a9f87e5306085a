// The terminal's background picks the palette (OSC 11), in a real pseudo-terminal (script(1)) where the test plays
// the terminal: a light answer draws the light palette, a dark one the dark palette; no answer within the wait falls
// back to COLORFGBG, then dark; an answer that comes after the wait is neither drawn nor taken as keys (r, g, b and f
// are keys of the screen). NO_COLOR and TERM=dumb ask nothing and draw as before. The depth: COLORTERM, else the
// terminfo entry's colours.
import {spawn, type ChildProcessWithoutNullStreams} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {afterEach, expect, test, type TestContext} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {cliPath} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {needTool} from '../support/optional-tool.js';
import {writeTerminfoEntry} from '../support/terminfo-entry.js';
import {waitFor} from '../support/wait-for.js';

const trace = path.join(fixturesDir, 'traces', 'session-2026-12-02-14-43-08-07326dfd_001.jsonl');
const question = '\u001B]11;?\u001B\\';
// The header's model name is cyan: the light palette's and the dark one's, in 24-bit colour.
const lightCyan = '\u001B[38;2;0;95;135m';
const darkCyan = '\u001B[38;2;95;215;215m';

type Terminal = {child: ChildProcessWithoutNullStreams; output: () => string; type: (text: string) => void};
const running: Terminal[] = [];
const dirs: string[] = [];

afterEach(async () => {
	for (const terminal of running.splice(0)) {
		if (terminal.child.exitCode === null) {
			// Enter ends a prompt left open, q quits.
			terminal.type('\r');
			terminal.type('q');
			await waitFor(() => terminal.child.exitCode !== null, 'the screen to quit', {show: terminal.output});
		}
	}
	for (const dir of dirs.splice(0)) removeTempDir(dir);
});

/** The screen on a pseudo-terminal of 80×24 (script -q), its output kept; `type` is what the terminal sends it. */
function openScreen(ctx: TestContext, env: NodeJS.ProcessEnv = {}, flags: string[] = []): Terminal {
	needTool(ctx, 'script', 'the OSC 11 pty test');
	const xdg = makeTempDir('penguin-view-theme-');
	dirs.push(xdg);
	const command = `stty cols 80 rows 24; exec '${process.execPath}' '${cliPath}' ${flags.join(' ')} '${trace}'`;
	const child = spawn('script', ['-qfec', command, '/dev/null'], {
		env: {
			...process.env,
			TERM: 'xterm-256color',
			COLORTERM: 'truecolor',
			XDG_CONFIG_HOME: xdg,
			CI: 'false',
			NO_COLOR: '',
			COLORFGBG: '',
			...env,
		},
	});
	let output = '';
	child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
	const terminal = {child, output: () => output, type: (text: string) => child.stdin.write(text)};
	running.push(terminal);
	return terminal;
}

/** The output from the question on (what the screen drew after asking). */
const afterQuestion = (terminal: Terminal): string => terminal.output().slice(terminal.output().indexOf(question));

test('a light answer draws the light palette', async ctx => {
	const terminal = openScreen(ctx);
	await waitFor(() => terminal.output().includes(question), 'the question', {show: terminal.output});
	terminal.type('\u001B]11;rgb:ffff/ffff/ffff\u001B\\');
	await waitFor(() => afterQuestion(terminal).includes(lightCyan), 'the light palette', {show: terminal.output});
	expect(terminal.output()).not.toContain(darkCyan);
});

test('a dark answer draws the dark palette', async ctx => {
	const terminal = openScreen(ctx);
	await waitFor(() => terminal.output().includes(question), 'the question', {show: terminal.output});
	terminal.type('\u001B]11;rgb:1e1e/1e1e/1e1e\u0007');
	await waitFor(() => afterQuestion(terminal).includes(darkCyan), 'the dark palette', {show: terminal.output});
	expect(terminal.output()).not.toContain(lightCyan);
});

test('DA1 answered and no background: the fallback', async ctx => {
	const terminal = openScreen(ctx, {COLORFGBG: '0;15'});
	await waitFor(() => terminal.output().includes(question), 'the question', {show: terminal.output});
	terminal.type('\u001B[?62;22c');
	await waitFor(() => afterQuestion(terminal).includes(lightCyan), 'the light palette', {show: terminal.output});
	expect(terminal.output()).not.toContain(darkCyan);
});

test('no answer: COLORFGBG decides, else dark', async ctx => {
	const light = openScreen(ctx, {COLORFGBG: '0;15'});
	const dark = openScreen(ctx);
	await waitFor(() => afterQuestion(light).includes(lightCyan), 'the light palette', {show: light.output});
	await waitFor(() => afterQuestion(dark).includes(darkCyan), 'the dark palette', {show: dark.output});
});

test('--theme light needs no answer: nothing is asked', async ctx => {
	const terminal = openScreen(ctx, {}, ['--theme', 'light']);
	await waitFor(() => terminal.output().includes(lightCyan), 'the light palette', {show: terminal.output});
	expect(terminal.output()).not.toContain(question);
});

test("config.toml's theme is kept without asking, and --theme wins over it", async ctx => {
	const xdg = makeTempDir('penguin-view-theme-');
	dirs.push(xdg);
	mkdirSync(path.join(xdg, 'penguin-view'));
	writeFileSync(path.join(xdg, 'penguin-view', 'config.toml'), 'theme = "light"\n');
	const kept = openScreen(ctx, {XDG_CONFIG_HOME: xdg});
	const overridden = openScreen(ctx, {XDG_CONFIG_HOME: xdg}, ['--theme', 'dark']);
	await waitFor(() => kept.output().includes(lightCyan), 'the light palette', {show: kept.output});
	await waitFor(() => overridden.output().includes(darkCyan), 'the dark palette', {show: overridden.output});
	expect(kept.output()).not.toContain(question);
	expect(overridden.output()).not.toContain(lightCyan);
});

test('an answer after the wait is neither drawn nor taken as keys', async ctx => {
	const terminal = openScreen(ctx);
	// Not answered in time: the first frame comes in the fallback's (dark) colours.
	await waitFor(() => afterQuestion(terminal).includes(darkCyan), 'the first frame', {show: terminal.output});
	await waitFor(() => terminal.output().includes('line 10 of 10'), 'the footer', {show: terminal.output});
	const before = terminal.output().length;
	// The late answers (the background, then DA1's), then a search typed: once the prompt shows `/xyz`, every byte
	// before it has been read.
	terminal.type('\u001B]11;rgb:ffff/ffff/ffff\u001B\\\u001B[?62;22c');
	terminal.type('/xyz');
	// The prompt's `/` is bold: its colour codes split it from what was typed.
	const typed = (): boolean => stripVTControlCharacters(terminal.output().slice(before)).includes('/xyz');
	await waitFor(typed, 'the search prompt', {show: terminal.output});
	const after = terminal.output().slice(before);
	// Not drawn, and not keys: r, g, b, f and `:` would have moved the cursor (g: line 1) or opened the go-to prompt.
	expect(after).not.toMatch(/rgb|ffff|line 1 of/);
	expect(after).not.toContain(lightCyan);
});

test('NO_COLOR: nothing is asked, and the screen draws attributes alone, as before', async ctx => {
	const terminal = openScreen(ctx, {NO_COLOR: '1'});
	await waitFor(() => terminal.output().includes('line 10 of 10'), 'the footer', {show: terminal.output});
	expect(terminal.output()).not.toContain(question);
	// No palette colour (24-bit or 256): bold, and dim as SGR 2, as before themes.
	expect(terminal.output()).not.toMatch(/\u001B\[[\d;]*[34]8;[25];/);
	expect(terminal.output()).toContain('\u001B[1m');
	expect(terminal.output()).toContain('\u001B[2m');
});

test('TERM=dumb: plain lines, nothing asked', async ctx => {
	const terminal = openScreen(ctx, {TERM: 'dumb'});
	await waitFor(() => terminal.child.exitCode !== null, 'the plain lines to end', {show: terminal.output});
	expect(terminal.output()).toContain('What is a trace file?');
	expect(terminal.output()).not.toContain('\u001B');
});

test("COLORTERM unset: the depth is TERM's terminfo entry's (xterm-direct 24-bit, xterm-kitty 256)", async ctx => {
	const terminfo = makeTempDir('penguin-view-terminfo-');
	dirs.push(terminfo);
	writeTerminfoEntry(terminfo, 'xterm-direct', 0x1_00_00_00);
	writeTerminfoEntry(terminfo, 'xterm-kitty', 256);
	const env = {TERMINFO: terminfo, COLORTERM: ''};
	const direct = openScreen(ctx, {...env, TERM: 'xterm-direct'}, ['--theme', 'dark']);
	const kitty = openScreen(ctx, {...env, TERM: 'xterm-kitty'}, ['--theme', 'dark']);
	await waitFor(() => direct.output().includes(darkCyan), 'the 24-bit palette', {show: direct.output});
	// The dark cyan (#5fd7d7) is xterm's colour 80.
	await waitFor(() => kitty.output().includes('\u001B[38;5;80m'), 'the 256-colour palette', {show: kitty.output});
	expect(kitty.output()).not.toContain(darkCyan);
});
