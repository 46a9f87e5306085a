// Keys are drawn at once: Ink's own frame throttle is off, the store's changes being paced by
// useStore already (run-screen.tsx, inkMaxFps). PENGUIN_VIEW_KEYS_AT_ONCE=0 puts the throttle
// back (60 a second); the screen draws the same frames either way.
import {expect, test} from 'vitest';
import {defaultSwitches, readSettings} from '../../source/settings.js';
import {fakeTerminal} from '../support/fake-terminal.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';
import {waitFor} from '../support/wait-for.js';
import {storeFrom, traceInputs} from './helpers.js';

const {runScreen} = await loadScreenUnderCi();
const {inkMaxFps} = await import('../../source/ui/components/run-screen.js');

/** The screen after k, k, j, each waited for (every one moves the focus: a frame): its last frame. */
async function afterKeys(keysAtOnce = true): Promise<string> {
	const terminal = fakeTerminal(80, 20);
	const controller = new AbortController();
	const running = runScreen(storeFrom(traceInputs('14-43-17-694155ee_001')), {
		color: false,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		signal: controller.signal,
		switches: {...defaultSwitches, keysAtOnce},
	});
	try {
		await waitFor(() => terminal.written().includes('following'), 'the first frame');
		let frameAt = 0;
		for (const key of ['k', 'k', 'j']) {
			const before = terminal.written().length;
			terminal.keys.write(key);
			// A frame: Ink erases the lines of the one before, then writes its own.
			await waitFor(() => terminal.written().slice(before).includes('\u001b[?2026l'), `the frame of ${key}`);
			frameAt = before;
		}
		return terminal.written().slice(frameAt);
	} finally {
		controller.abort();
		await running;
	}
}

test('keys draw the same frames with Ink’s throttle off and on (PENGUIN_VIEW_KEYS_AT_ONCE=0)', async () => {
	const atOnce = await afterKeys();
	expect(await afterKeys(false)).toBe(atOnce);
	expect(atOnce).toContain('paused');
});

test('Ink’s throttle: off, or 60 a second with the switch off', () => {
	expect(inkMaxFps(true)).toBe(0);
	expect(inkMaxFps(false)).toBe(60);
	expect(readSettings({}, '/home/u', '/').switches.keysAtOnce).toBe(true);
	expect(readSettings({PENGUIN_VIEW_KEYS_AT_ONCE: '0'}, '/home/u', '/').switches.keysAtOnce).toBe(false);
});
