// Every way the built program's screen ends (q, Ctrl+C, SIGTERM, SIGHUP, an error thrown while rendering, in a key
// handler, an unhandled rejection, an uncaught exception, the source ending) leaves the terminal as it was: tty modes,
// cursor, normal screen, no frame drawn after it, one line and code 1 for an error.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {copyFixture, makeTempDir} from '../support/io-fixtures.js';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';

const traceName = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let dir = '';
let tmux: FaultTmux;

beforeAll(() => {
	dir = makeTempDir('penguin-view-exits-');
	copyFixture(traceName, dir);
	tmux = new FaultTmux(dir, 'exits');
	tmux.run(`cd '${dir}' && stty -g > tty-before`);
});

afterAll(() => {
	tmux?.kill();
	removeFolder(dir);
});

/**
 * Starts the program in the pane (recording what the pane receives); the shell then writes its exit code and the tty
 * modes.
 */
async function start(command: string, waitForFrame = true): Promise<void> {
	await tmux.clear();
	tmux.record();
	tmux.run(`${command}; echo "rc=$?"; stty -g > tty-after`);
	if (waitForFrame)
		await tmux.until(text => text.includes('j/k move') && text.includes('exec_command'), 'the first frame');
}

/** The program has ended with `code`, and the terminal is as before it started. */
async function expectRestored(code: number): Promise<string> {
	await tmux.untilShell();
	const text = await tmux.until(pane => /^rc=\d+$/m.test(pane), 'the exit code');
	tmux.stopRecording();
	expect(text).toMatch(new RegExp(`^rc=${code}$`, 'm'));
	expect(tmux.info('#{alternate_on}')).toBe('0');
	expect(tmux.info('#{cursor_flag}')).toBe('1');
	await tmux
		.until(() => readFileSync(path.join(dir, 'tty-after'), 'utf8') !== '', 'the tty modes after the run', 3000)
		.catch(() => undefined);
	expect(readFileSync(path.join(dir, 'tty-after'), 'utf8')).toBe(readFileSync(path.join(dir, 'tty-before'), 'utf8'));
	// Nothing of the frame is left on the normal screen.
	expect(text).not.toContain('────');
	expect(text).not.toContain('j/k move');
	const raw = tmux.raw();
	// The screen was up, in the alternate screen …
	expect(raw).toContain('\u001b[?1049h');
	expect(raw).toContain('j/k move');
	// … and after leaving it nothing drew again: only the cursor shown and the shell's own bracketed paste.
	const after = raw.slice(raw.lastIndexOf('\u001b[?1049l') + '\u001b[?1049l'.length);
	expect(
		after.replaceAll('\u001b[?25h', '').replaceAll('\u001b[?2004h', '').replaceAll('\u001b[?2004l', ''),
	).not.toContain('\u001b');
	return text;
}

/** The one line and the hint of an unexpected error, and no stack. */
function expectOneLine(text: string, kind: string): void {
	expect(text).toContain(`penguin-view: unexpected error: injected fault (${kind})`);
	expect(text).toContain('Run again with --debug to see where it happened.');
	expect(text).not.toMatch(/^\s+at /m);
}

describe('the reader ends it', () => {
	it('q', async () => {
		await start(`node ${builtCli} ${traceName}`);
		tmux.keys('q');
		await expectRestored(0);
	});

	it('Ctrl+C', async () => {
		await start(`node ${builtCli} ${traceName}`);
		tmux.keys('C-c');
		await expectRestored(0);
	});
});

describe('where CI is set in the environment', () => {
	it('the screen still draws and answers keys (Ink alone would stay silent until it ended)', async () => {
		await start(`CI=true node ${builtCli} ${traceName}`);
		tmux.keys('?');
		await tmux.until(text => text.includes('Esc or ? closes'), 'the help overlay');
		tmux.keys('Escape');
		await tmux.until(text => !text.includes('Esc or ? closes'), 'the help closed');
		tmux.keys('q');
		await expectRestored(0);
	});
});

describe('a signal ends it', () => {
	for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) {
		it(signal, async () => {
			await start(`node ${builtCli} ${traceName}`);
			process.kill(tmux.program()!, signal);
			await expectRestored(0);
		});
	}
});

describe('an unexpected error ends it: terminal first, then one line, code 1', () => {
	it('a component throws while rendering', async () => {
		await start(`PENGUIN_VIEW_FAULT=render node ${builtCli} ${traceName}`, false);
		expectOneLine(await expectRestored(1), 'render');
	});

	it('the key handler throws', async () => {
		await start(`PENGUIN_VIEW_FAULT=handler node ${builtCli} ${traceName}`);
		tmux.keys('j');
		expectOneLine(await expectRestored(1), 'handler');
	});

	it('a promise rejects with nobody to handle it', async () => {
		await start(`PENGUIN_VIEW_FAULT=rejection node ${builtCli} ${traceName}`, false);
		expectOneLine(await expectRestored(1), 'rejection');
	});

	it('a timer throws (an uncaught exception)', async () => {
		await start(`PENGUIN_VIEW_FAULT=exception node ${builtCli} ${traceName}`, false);
		expectOneLine(await expectRestored(1), 'exception');
	});

	it('with --debug the stack follows the line', async () => {
		await start(`PENGUIN_VIEW_FAULT=exception node ${builtCli} --debug ${traceName}`, false);
		const text = await expectRestored(1);
		expect(text).toContain('penguin-view: unexpected error: injected fault (exception)');
		expect(text).toMatch(/^\s+at /m);
	});
});

describe('the source ends', () => {
	it('a trace piped into standard input: the screen stays, keys come from the terminal, q leaves', async () => {
		await start(`cat ${traceName} | node ${builtCli} -`);
		await tmux.until(text => /ended/.test(text.split('\n')[1] ?? ''), 'the end of the input in the header');
		// A key from the terminal moves the focus, and the screen stays.
		tmux.keys('k');
		await tmux.until(text => text.split('\n').some(row => row.startsWith('›')), 'the focus mark after k');
		expect(tmux.program()).toBeDefined();
		tmux.keys('q');
		await expectRestored(0);
	});
});
