/**
 * Whether standard input carries a trace when no path is given: `cat trace.jsonl |
 * penguin-view` and `penguin-view < trace.jsonl` read it, as `-` would. A terminal never
 * does; nor does what test runners and CI jobs hand a program they do not feed: /dev/null
 * (a character device), a closed descriptor, or the socket Node's child_process makes for a
 * stdin pipe (nobody may ever write to it, and reading it would wait forever). So only a
 * FIFO (a shell pipe) or a regular file that is not empty counts; `-` reads any of them.
 */
import {fstatSync} from 'node:fs';

/** Whether descriptor `fd` (standard input by default) is a pipe or a non-empty file to read a trace from. */
export function stdinCarriesTrace(fd = 0): boolean {
	try {
		const info = fstatSync(fd);
		return info.isFIFO() || (info.isFile() && info.size > 0);
	} catch {
		// Closed (EBADF) or otherwise unusable: nothing to read.
		return false;
	}
}
