/**
 * Ctrl+Z, as less and vim do it: the terminal is handed back to the shell as it was before the
 * screen (raw mode off, the cursor shown, the normal screen, no mouse reporting), the job is
 * stopped, and once `fg` continues it the screen's terminal is set up again. The stop is
 * synchronous: a process that signals its own group is stopped before kill() returns, so
 * nothing of the screen is written while the shell has the terminal. Where the shell has no
 * job control (an orphaned process group), the kernel drops the signal and the screen is back
 * at once.
 */
import type {PagerTerminal} from '../io/pager.js';

/** Stops the whole foreground job (npm and its shell too, when they started the program). */
const stopJob = (): void => {
	process.kill(0, 'SIGTSTP');
};

/** Suspends the screen until the shell continues it: undefined, or why it could not. */
export function suspendToShell(terminal: PagerTerminal, stop: () => void = stopJob): string | undefined {
	const raw = terminal.stdin.isTTY === true && terminal.stdin.isRaw;
	try {
		if (raw) terminal.stdin.setRawMode(false);
		terminal.stdout.write(terminal.leave);
		stop();
		return undefined;
	} catch (error) {
		return `could not suspend: ${error instanceof Error ? error.message : String(error)}`;
	} finally {
		try {
			terminal.stdout.write(terminal.enter);
			if (raw) terminal.stdin.setRawMode(true);
		} catch {
			// The terminal is gone: the screen ends on its own.
		}
	}
}
