// The tab's progress signal (OSC 9;4) as the terminal gets it, over the recorded approval
// stream (fixtures/server/): busy while the task runs, paused while the call waits for approval,
// busy again once allowed, cleared when the task is idle and again on the way out (q, SIGTERM);
// an error when the run failed; nothing at all without the option, and inside tmux through its
// passthrough.
import {expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {msg, serverStreamInputs} from '../helpers/recordings.js';
import {waitFor} from '../helpers/run-cli.js';
import {fakeTerminal} from '../support/fake-terminal.js';
import {loadScreenUnderCi} from '../support/screen-under-ci.js';

const {runScreen} = await loadScreenUnderCi();

const recorded = serverStreamInputs('session-stream-approval.txt');
const upTo = (id: string): ModelInput[] =>
	recorded.slice(0, recorded.findIndex(entry => entry.id === id) + 1).map(entry => entry.input);
const after = (from: string, to: string): ModelInput[] => upTo(to).slice(upTo(from).length);

/** The OSC 9;4 states written, in order (`3`, `4`, `0`…); a state the refresh said again counted once. */
function states(written: string): string[] {
	const all = [...written.matchAll(/\u001b\]9;4;(\d)[;\d]*\u001b\\/g)].map(match => match[1]!);
	return all.filter((state, i) => state === '0' || state !== all[i - 1]);
}

function start(store: SessionStore, options: {tabProgress?: boolean; insideTmux?: boolean} = {}) {
	const terminal = fakeTerminal(100, 20);
	const running = runScreen(store, {
		color: false,
		stdin: terminal.stdin,
		stdout: terminal.stdout,
		patchConsole: false,
		bell: false,
		tabProgress: options.tabProgress ?? true,
		insideTmux: options.insideTmux,
	});
	return {terminal, running};
}

test('busy while it runs, paused while a call waits, busy once allowed, cleared when idle and on quit', async () => {
	const store = new SessionStore({label: 'stream', state: 'live'});
	store.apply(upTo('1f407cf9-23'));
	const {terminal, running} = start(store);
	await waitFor(() => states(terminal.written()).join() === '3', 'busy');
	store.apply(after('1f407cf9-23', '1f407cf9-25'));
	await waitFor(() => states(terminal.written()).join() === '3,4', 'paused while the call waits');
	store.apply(after('1f407cf9-25', '1f407cf9-32'));
	await waitFor(() => states(terminal.written()).join() === '3,4,3', 'busy again once allowed');
	store.apply(after('1f407cf9-32', '1f407cf9-42'));
	await waitFor(() => states(terminal.written()).join() === '3,4,3,0', 'cleared when the task is idle');
	terminal.keys.write('q');
	await expect(running).resolves.toEqual({reason: 'quit'});
	// Cleared once more on the way out, after the last frame.
	expect(states(terminal.written())).toEqual(['3', '4', '3', '0', '0']);
	expect(terminal.written().trimEnd().lastIndexOf('\u001b]9;4;0')).toBeGreaterThan(
		terminal.written().lastIndexOf('\u001b[?1049h'),
	);
});

test('an error when the run failed', async () => {
	const store = new SessionStore({label: 'stream', state: 'live'});
	store.apply(upTo('1f407cf9-18'));
	const {terminal, running} = start(store);
	await waitFor(() => states(terminal.written()).join() === '3', 'busy');
	store.apply([
		msg('event_msg', {type: 'abort', reason: 'the model provider failed after 6 attempts'}),
		{kind: 'server_event', event: {type: 'task_state', state: 'idle'}} as ModelInput,
	]);
	await waitFor(() => states(terminal.written()).join() === '3,2', 'the error');
	terminal.keys.write('q');
	await running;
	expect(states(terminal.written()).at(-1)).toBe('0');
});

test('SIGTERM while busy: the screen ends and the tab is cleared', async () => {
	const store = new SessionStore({label: 'stream', state: 'live'});
	store.apply(upTo('1f407cf9-23'));
	const {terminal, running} = start(store);
	await waitFor(() => states(terminal.written()).join() === '3', 'busy');
	process.emit('SIGTERM', 'SIGTERM');
	await expect(running).resolves.toEqual({reason: 'signal', signal: 'SIGTERM'});
	expect(states(terminal.written())).toEqual(['3', '0']);
});

test('inside tmux through its passthrough; nothing at all without the option', async () => {
	const store = new SessionStore({label: 'stream', state: 'live'});
	store.apply(upTo('1f407cf9-23'));
	const tmux = start(store, {insideTmux: true});
	await waitFor(
		() => tmux.terminal.written().includes('\u001bPtmux;\u001b\u001b]9;4;3;0\u001b\u001b\\\u001b\\'),
		'wrapped',
	);
	tmux.terminal.keys.write('q');
	await tmux.running;
	const off = start(store, {tabProgress: false});
	await waitFor(() => off.terminal.written().includes('echo approved-run'), 'the call on the screen');
	off.terminal.keys.write('q');
	await off.running;
	expect(off.terminal.written()).not.toContain(']9;4');
});
