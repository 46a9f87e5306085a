// The tab's progress signal (OSC 9;4) on a terminal that shows it (Windows Terminal's WT_SESSION
// set): the built program shows a trace whose last call still runs as busy, and however the
// screen ends (q, Ctrl+C, SIGTERM, SIGHUP, an uncaught exception) the tab is cleared after it.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {fixtureBytes, makeTempDir} from '../support/io-fixtures.js';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';

const traceName = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let dir = '';
let tmux: FaultTmux;
const busy = '\u001b]9;4;3;0\u001b\\';
const cleared = '\u001b]9;4;0;0\u001b\\';

beforeAll(() => {
	dir = makeTempDir('penguin-view-progress-');
	// The recorded trace up to a call that has not answered yet: the session still runs.
	const lines = fixtureBytes(traceName).toString('utf8').split('\n');
	const running = lines.findIndex(line => line.includes('sleep 2; echo slow-done') && line.includes('"tool_call"'));
	writeFileSync(path.join(dir, traceName), `${lines.slice(0, running + 1).join('\n')}\n`);
	tmux = new FaultTmux(dir, 'progress', 100, 30, {WT_SESSION: 'test'});
	tmux.run(`cd '${dir}'`);
});

afterAll(() => {
	tmux?.kill();
	removeFolder(dir);
});

async function start(command: string): Promise<void> {
	await tmux.clear();
	tmux.record();
	tmux.run(`${command}; echo "rc=$?"`);
	await tmux.until(text => text.includes('j/k move') && text.includes('sleep 2'), 'the first frame');
	await tmux.until(() => tmux.raw().includes(busy), 'the tab busy');
}

/** The program has ended, and the last progress it wrote clears the tab. */
async function expectCleared(): Promise<void> {
	await tmux.untilShell();
	await tmux.until(pane => /^rc=\d+$/m.test(pane), 'the exit code');
	tmux.stopRecording();
	const raw = tmux.raw();
	expect(raw.lastIndexOf(cleared)).toBeGreaterThan(raw.lastIndexOf(busy));
	expect(raw.lastIndexOf(cleared)).toBeGreaterThan(raw.lastIndexOf('\u001b[?1049h'));
}

describe('the tab is cleared however the screen ends', () => {
	it('q', async () => {
		await start(`node ${builtCli} ${traceName}`);
		tmux.keys('q');
		await expectCleared();
	});

	it('Ctrl+C', async () => {
		await start(`node ${builtCli} ${traceName}`);
		tmux.keys('C-c');
		await expectCleared();
	});

	for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
		it(signal, async () => {
			await start(`node ${builtCli} ${traceName}`);
			process.kill(tmux.program()!, signal);
			await expectCleared();
		});
	}

	it('an uncaught exception', async () => {
		await start(`PENGUIN_VIEW_FAULT=exception node ${builtCli} ${traceName}`);
		await expectCleared();
	});

	it('--no-progress writes none', async () => {
		await tmux.clear();
		tmux.record();
		tmux.run(`node ${builtCli} --no-progress ${traceName}; echo "rc=$?"`);
		await tmux.until(text => text.includes('j/k move') && text.includes('sleep 2'), 'the first frame');
		tmux.keys('q');
		await tmux.untilShell();
		await tmux.until(pane => /^rc=\d+$/m.test(pane), 'the exit code');
		tmux.stopRecording();
		expect(tmux.raw()).not.toContain(']9;4');
	});
});
