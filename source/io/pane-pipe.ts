/**
 * |: a pane's text piped to a command, as less's `|` does. The command runs through the
 * reader's shell with the terminal handed over (its output shows on the normal screen), then
 * the program waits for a key, as less's `!done (press RETURN)`, so that what it printed can be
 * read before the screen comes back. Synchronous, as the pager: the screen reads no key meant
 * for the command.
 */
import {spawnSync} from 'node:child_process';
import {closeSync, openSync, readSync} from 'node:fs';
import type {PagerTerminal} from './pager.js';

/** How the command ended: its exit status or signal, or why it could not start. */
export type PipeOutcome = {status: number | null; signal: NodeJS.Signals | null; error?: string};

/**
 * Runs `command` with `shell -c`, `text` on its standard input, on the handed-over terminal;
 * `done(outcome)` is the line shown before the key.
 */
export function runPipe(
	text: string,
	command: string,
	shell: string,
	terminal: PagerTerminal,
	done: (outcome: PipeOutcome) => string,
): PipeOutcome {
	const raw = terminal.stdin.isTTY === true && terminal.stdin.isRaw;
	let outcome: PipeOutcome = {status: null, signal: null};
	try {
		if (raw) terminal.stdin.setRawMode(false);
		terminal.stdout.write(terminal.leave);
		const result = spawnSync(shell, ['-c', command], {input: text, stdio: ['pipe', 'inherit', 'inherit']});
		// A command that stops reading early (`head -1`) leaves the rest unread: that is no failure.
		const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
		const error = result.error && code !== 'EPIPE' ? result.error.message : undefined;
		outcome = {status: result.status, signal: result.signal, ...(error === undefined ? {} : {error})};
		terminal.stdout.write(`\u001b[7m${done(outcome)}: press a key to go back\u001b[0m`);
		waitForKey(terminal.stdin);
	} catch (error) {
		outcome = {status: null, signal: null, error: error instanceof Error ? error.message : String(error)};
	} finally {
		try {
			terminal.stdout.write(`\r\n${terminal.enter}`);
			if (raw) terminal.stdin.setRawMode(true);
		} catch {
			// The terminal is gone: the screen ends on its own.
		}
	}
	return outcome;
}

/** One key from the terminal, read in raw mode on a descriptor of its own (the screen's is non-blocking). */
function waitForKey(stdin: NodeJS.ReadStream): void {
	if (stdin.isTTY !== true) return;
	let fd: number | undefined;
	try {
		fd = openSync('/dev/tty', 'r');
		stdin.setRawMode(true);
		// An arrow or a paste comes as several bytes: read together, none left for the screen.
		readSync(fd, Buffer.alloc(64));
	} catch {
		// No terminal to wait on (it is gone): the screen comes back at once.
	} finally {
		if (fd !== undefined) closeSync(fd);
		stdin.setRawMode(false);
	}
}
