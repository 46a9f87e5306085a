// The bell on the terminal itself: runScreen writes one BEL as a tool call starts to wait for
// approval (the recorded approval stream, fixtures/server/), and none with --no-bell.
// Ink is loaded the way the program loads it (load-screen.ts), before anything else imports it.
import {expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {serverStreamInputs} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';
import {fakeTerminal} from '../support/fake-terminal.js';

const {runScreen} = await loadScreenUnderCi();

const recorded = serverStreamInputs('session-stream-approval.txt');
const upTo = (id: string): ModelInput[] =>
	recorded.slice(0, recorded.findIndex(entry => entry.id === id) + 1).map(entry => entry.input);
const bells = (text: string): number => text.split('\u0007').length - 1;

for (const bell of [true, false]) {
	test(
		bell
			? 'one BEL when the recorded call starts to wait, whatever else is drawn'
			: 'no BEL at all with bell off (--no-bell)',
		async () => {
			const terminal = fakeTerminal(100, 20);
			const store = new SessionStore({label: 'stream', state: 'live'});
			// Up to the complete tool_call (23): running, nothing waits yet.
			store.apply(upTo('1f407cf9-23'));
			const running = runScreen(store, {
				color: false,
				stdin: terminal.stdin,
				stdout: terminal.stdout,
				patchConsole: false,
				bell,
			});
			await waitFor(() => terminal.written().includes('echo approved-run'), 'the call on the screen');
			expect(bells(terminal.written())).toBe(0);
			// The approval_request (24) and the title after it (25): the wait starts.
			store.apply(upTo('1f407cf9-25').slice(-2));
			await waitFor(() => terminal.written().includes('waiting for approval'), 'the wait on the screen');
			if (bell) await waitFor(() => bells(terminal.written()) === 1, 'the bell');
			terminal.keys.write('q');
			await expect(running).resolves.toEqual({reason: 'quit'});
			expect(bells(terminal.written())).toBe(bell ? 1 : 0);
		},
	);
}
