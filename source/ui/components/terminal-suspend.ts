/**
 * Ctrl+Z, as less and vim do it: the terminal is handed back to the shell as it was before the
 * screen (raw mode off, the cursor shown, the normal screen, no mouse reporting), the job is
 * stopped, and once `fg` continues it the screen's terminal is set up again. The stop is
 * synchronous: a process that signals its own group is stopped before kill() returns, so
 * nothing of the screen is written while the shell has the terminal. Where the shell has no
 * job control (an orphaned process group), the kernel drops the signal and the screen is back
 * at once.
 */
import type {PagerTerminal} from '../../io/pager.js';

/** Stops the whole foreground job (npm and its shell too, when they started the program). */
const stopJob = (): void => {
	process.kill(0, 'SIGTSTP');
};

/**
 * The terminal's size asked again, as vim does on SIGCONT: a resize while stopped was told to the
 * shell alone (SIGWINCH goes to the job in front). Node's tty stream does it on SIGWINCH with this
 * method, and says 'resize' if the size changed; a stream without it (a test's) is left alone.
 */
function askSize(stdout: NodeJS.WriteStream): void {
	(stdout as NodeJS.WriteStream & {_refreshSize?: () => void})._refreshSize?.();
}

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
			askSize(terminal.stdout);
		} catch {
			// The terminal is gone: the screen ends on its own.
		}
	}
}
