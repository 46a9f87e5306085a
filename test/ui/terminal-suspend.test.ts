// Ctrl+Z's hand-over: the terminal is given back (raw mode off, the screen's leave sequence) before the job stops, and
// set up again (its enter sequence, raw mode on) only after it continues; a stop that fails says so in one line.
import {expect, test} from 'vitest';
import {suspendToShell} from '../../source/ui/components/terminal-suspend.js';

function fakeTerminal() {
	const events: string[] = [];
	const stdin = {
		isTTY: true,
		isRaw: true,
		setRawMode(on: boolean) {
			stdin.isRaw = on;
			events.push(`raw ${on ? 'on' : 'off'}`);
		},
	};
	const stdout = {write: (text: string) => events.push(`write ${text}`)};
	const terminal = {
		stdin: stdin as unknown as NodeJS.ReadStream,
		stdout: stdout as unknown as NodeJS.WriteStream,
		leave: 'LEAVE',
		enter: 'ENTER',
	};
	return {events, terminal};
}

test("the terminal is the shell's while stopped, and the screen's again after", () => {
	const {events, terminal} = fakeTerminal();
	expect(suspendToShell(terminal, () => events.push('stopped until fg'))).toBeUndefined();
	expect(events).toEqual(['raw off', 'write LEAVE', 'stopped until fg', 'write ENTER', 'raw on']);
});

test('a stop that fails is one line, and the screen is set up again', () => {
	const {events, terminal} = fakeTerminal();
	const problem = suspendToShell(terminal, () => {
		throw new Error('EPERM');
	});
	expect(problem).toBe('could not suspend: EPERM');
	expect(events.slice(-2)).toEqual(['write ENTER', 'raw on']);
});
