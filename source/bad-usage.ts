/**
 * Bad usage, said the same way whoever finds it (the flag parser, main's checks): one line
 * `penguin-view: … (try --help)` on stderr, exit code 2.
 */
import {sanitize} from './render/sanitize.js';

/** The exit code of bad usage. */
export const usageExitCode = 2;

/** The line that says what was wrong with the command line. */
export function usageLine(problem: string): string {
	return `penguin-view: ${sanitize(problem)} (try --help)\n`;
}
