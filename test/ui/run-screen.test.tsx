// runScreen: renders on the given streams in the alternate screen, resolves on q or an abort, and always restores the
// terminal. Nothing here may load Ink before loadScreen does (so no ink-testing-library helpers): the
// first test proves the screen draws where CI is set, which is where Ink goes quiet by default.
import {expect, test} from 'vitest';
import {paintFirstFrame} from '../../source/ui/components/first-frame.js';
import {waitFor} from '../helpers/run-cli.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';
import {fakeTerminal as sharedTerminal} from '../support/fake-terminal.js';
import {storeFrom, traceInputs} from './helpers.js';

const {runScreen} = await loadScreenUnderCi();

// The keys as the stdin (`terminal.stdin.write('q')`), as these tests have always used it.
function fakeTerminal() {
	const {keys, stdout, written} = sharedTerminal(80, 20);
	return {stdin: keys, stdout, written};
}

test('q closes the screen and restores the terminal', async () => {
	const terminal = fakeTerminal();
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	const running = runScreen(store, {
		color: false,
		stdin: terminal.stdin as unknown as NodeJS.ReadStream,
		stdout: terminal.stdout,
		patchConsole: false,
	});
	await waitFor(() => terminal.written().includes('exec_command'), 'the first frame');
	expect(terminal.written().startsWith('\u001b[?1049h')).toBe(true);
	expect(process.env['CI']).toBe('true');
	expect(terminal.stdin.isRaw).toBe(true);
	terminal.stdin.write('q');
	await expect(running).resolves.toEqual({reason: 'quit'});
	expect(terminal.stdin.isRaw).toBe(false);
	expect(terminal.written().endsWith('\u001b[?25h\u001b[?1049l')).toBe(true);
});

test('an abort signal closes it too', async () => {
	const terminal = fakeTerminal();
	const controller = new AbortController();
	const running = runScreen(storeFrom([]), {
		color: true,
		signal: controller.signal,
		stdin: terminal.stdin as unknown as NodeJS.ReadStream,
		stdout: terminal.stdout,
		patchConsole: false,
	});
	// Up: Ink has put the terminal in raw mode to read keys.
	await waitFor(() => terminal.stdin.isRaw, 'the screen to read keys');
	controller.abort();
	await expect(running).resolves.toEqual({reason: 'aborted'});
	expect(terminal.stdin.isRaw).toBe(false);
	expect(terminal.written().endsWith('\u001b[?25h\u001b[?1049l')).toBe(true);
});

test('its signal listeners are gone once it has closed', async () => {
	const before = ['SIGTERM', 'SIGHUP', 'SIGINT'].map(signal => process.listenerCount(signal));
	const terminal = fakeTerminal();
	const controller = new AbortController();
	const running = runScreen(storeFrom([]), {
		color: false,
		signal: controller.signal,
		stdin: terminal.stdin as unknown as NodeJS.ReadStream,
		stdout: terminal.stdout,
		patchConsole: false,
	});
	await waitFor(() => terminal.stdin.isRaw, 'the screen to read keys');
	expect(process.listenerCount('SIGTERM')).toBe(before[0]! + 1);
	controller.abort();
	await running;
	expect(['SIGTERM', 'SIGHUP', 'SIGINT'].map(signal => process.listenerCount(signal))).toEqual(before);
});

test('the hand-over from the first frame to Ink shows no blank screen between them', async () => {
	const terminal = fakeTerminal();
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	const stdin = terminal.stdin as unknown as NodeJS.ReadStream;
	const first = paintFirstFrame(store, {color: false, stdout: terminal.stdout, stdin});
	expect(first).toBeDefined();
	const painted = terminal.written().length;
	first!.handOver();
	const running = runScreen(store, {color: false, stdin, stdout: terminal.stdout, patchConsole: false});
	await waitFor(() => terminal.written().slice(painted).includes('exec_command'), "Ink's first frame");
	const after = terminal.written().slice(painted);
	const clear = after.indexOf('\u001b[2J');
	const frame = after.indexOf('exec_command');
	// The clear opens a synchronized update (mode 2026) that stays open until Ink's frame is written.
	expect(after.lastIndexOf('\u001b[?2026h', clear)).toBeGreaterThanOrEqual(0);
	expect(after.slice(clear, frame)).not.toContain('\u001b[?2026l');
	// …and it is closed after the frame: a terminal that froze its display for it shows it again.
	expect(after.indexOf('\u001b[?2026l', frame)).toBeGreaterThan(frame);
	terminal.stdin.write('q');
	await expect(running).resolves.toEqual({reason: 'quit'});
});

test('a signal that comes while the screen loads, behind the first frame, still ends it', async () => {
	// Listeners that earlier screens left (Ink's signal-exit) would keep Node watching SIGHUP
	// throughout and hide a lost signal: set aside for this test.
	const others = process.listeners('SIGHUP');
	for (const listener of others) process.off('SIGHUP', listener);
	try {
		const terminal = fakeTerminal();
		const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
		const stdin = terminal.stdin as unknown as NodeJS.ReadStream;
		const first = paintFirstFrame(store, {color: false, stdout: terminal.stdout, stdin});
		expect(first).toBeDefined();
		// Sent now, handled at the next turn of the event loop: by then the screen has taken over,
		// as when Node 24 loads Ink without a turn between the first frame and the screen.
		process.kill(process.pid, 'SIGHUP');
		let end: unknown;
		void runScreen(store, {
			color: false,
			stdin,
			stdout: terminal.stdout,
			patchConsole: false,
			handOver: first!.handOver,
		}).then(value => (end = value));
		await waitFor(() => end, 'the screen to end on the signal');
		expect(end).toEqual({reason: 'signal', signal: 'SIGHUP'});
		expect(terminal.written().endsWith('\u001b[?25h\u001b[?1049l')).toBe(true);
	} finally {
		for (const listener of others) process.on('SIGHUP', listener);
	}
});

test("y writes the focused pane to the clipboard by OSC 52, the screen's one escape of its own", async () => {
	const terminal = fakeTerminal();
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	const running = runScreen(store, {
		color: false,
		stdin: terminal.stdin as unknown as NodeJS.ReadStream,
		stdout: terminal.stdout,
		patchConsole: false,
	});
	await waitFor(() => terminal.written().includes('exec_command'), 'the first frame');
	// Following: y copies the last pane on screen, the answer.
	terminal.stdin.write('y');
	await waitFor(() => terminal.written().includes('\u001b]52;c;'), 'the OSC 52 escape');
	const encoded = /\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007/.exec(terminal.written())![1]!;
	expect(Buffer.from(encoded, 'base64').toString('utf8')).toMatch(/^Done\. `ls` showed the workspace/);
	terminal.stdin.write('q');
	await running;
});

test('v shows the focused pane in $PAGER, then draws the whole screen again', async () => {
	const {mkdtempSync, readFileSync, writeFileSync, chmodSync, existsSync} = await import('node:fs');
	const {tmpdir} = await import('node:os');
	const path = await import('node:path');
	const dir = mkdtempSync(path.join(tmpdir(), 'pager-test-'));
	const out = path.join(dir, 'shown.txt');
	const script = path.join(dir, 'pager.sh');
	// A pager that keeps what it was given, and the name of the file it was given.
	writeFileSync(script, `#!/bin/sh\ncp "$1" '${out}'\necho "$1" > '${out}.name'\n`);
	chmodSync(script, 0o755);
	const terminal = fakeTerminal();
	const store = storeFrom(traceInputs('14-43-17-694155ee_001'));
	const running = runScreen(store, {
		color: false,
		stdin: terminal.stdin as unknown as NodeJS.ReadStream,
		stdout: terminal.stdout,
		patchConsole: false,
		pager: script,
	});
	await waitFor(() => terminal.written().includes('exec_command'), 'the first frame');
	const drawn = terminal.written().length;
	terminal.stdin.write('v');
	await waitFor(() => terminal.written().slice(drawn).includes('back from the pager'), 'the screen after the pager');
	expect(readFileSync(out, 'utf8')).toMatch(/^Done\. `ls` showed the workspace/);
	// Its temporary file is gone; raw mode came back for the screen.
	expect(existsSync(readFileSync(`${out}.name`, 'utf8').trim())).toBe(false);
	expect(terminal.stdin.rawModes.slice(-2)).toEqual([false, true]);
	// The screen left the alternate screen for the pager and drew every row again after.
	const after = terminal.written().slice(drawn);
	expect(after).toContain('\u001b[?1049l');
	expect(after.slice(after.lastIndexOf('\u001b[?1049h'))).toMatch(
		/session…14-43-17-694155ee[\s\S]*exec_command[\s\S]*back from the pager/,
	);
	terminal.stdin.write('q');
	await running;
});
