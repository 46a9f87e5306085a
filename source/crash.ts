/**
 * The last line of defence. An exception nobody caught, or a promise rejection nobody
 * handled, ends the program like any other unexpected error: whatever holds the terminal
 * (the screen) puts it back first, then one line and a hint go to stderr (the stack with
 * --debug), exit code 1. A reader that went away (EPIPE: `penguin-view … | head -1`) ends
 * the program quietly instead.
 */
import {writeSync} from 'node:fs';
import {sanitize} from './render/sanitize.js';

const restorers = new Set<() => void>();
let installed = false;
let crashing = false;

/**
 * Registers `restore` to run once, synchronously, before the program dies of an unexpected error; returns a function
 * that unregisters it.
 */
export function onCrash(restore: () => void): () => void {
	restorers.add(restore);
	return () => {
		restorers.delete(restore);
	};
}

/** What an unexpected error prints: one line and a hint, or with `debug` the line and the stack. */
export function unexpectedErrorText(error: unknown, debug: boolean): string {
	const message = error instanceof Error ? error.message : String(error);
	const line = `penguin-view: unexpected error: ${sanitize(message.split('\n')[0] ?? '')}\n`;
	if (debug && error instanceof Error && error.stack) return `${line}${sanitize(error.stack)}\n`;
	return `${line}Run again with --debug to see where it happened.\n`;
}

/** Whether `error` says the reader of stdout (or stderr) went away: nothing to report. */
export function isBrokenPipe(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/** Installs the process-wide handlers; called once by the entry (cli.tsx). */
export function installCrashHandlers(options: {debug: boolean}): void {
	if (installed) return;
	installed = true;
	process.on('uncaughtException', error => crash(error, options.debug));
	process.on('unhandledRejection', reason => crash(reason, options.debug));
}

/** Runs every registered restorer once, now; a restorer that fails does not stop the others. */
export function runRestorers(): void {
	const pending = [...restorers];
	restorers.clear();
	for (const restore of pending) {
		try {
			restore();
		} catch {
			// Restoring is best effort: the terminal may be gone already.
		}
	}
}

function crash(error: unknown, debug: boolean): void {
	if (crashing) return;
	crashing = true;
	let code = 1;
	try {
		runRestorers();
		if (isBrokenPipe(error)) code = 0;
		else writeSync(2, unexpectedErrorText(error, debug));
	} catch {
		// stderr is gone too: the exit code still tells.
	} finally {
		process.exit(code);
	}
}
