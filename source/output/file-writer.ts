/**
 * Stdout when it is a file or /dev/null, written without process.stdout. For those Node makes
 * process.stdout a SyncWriteStream, which writes each chunk with one writeSync and nothing
 * else, but loads Node's whole streams stack to be one (~5 M instructions, ~1.5 ms of every
 * print on /dev/null). Here the same writeSync, with what the safe writer does around it: the
 * first error ends output quietly. A terminal, a pipe or a socket keeps process.stdout (its
 * writes can wait, and the readers are held while they do: output/pace.ts).
 */
import {fstatSync, statSync, writeSync} from 'node:fs';
import {closedLatch, type SafeWriter} from './safe-writer.js';

/**
 * Whether descriptor `fd` is one that Node would write with a SyncWriteStream: a regular file
 * or /dev/null (no terminal). Anything else, or a descriptor that cannot be looked at, is left
 * to process.stdout.
 */
export function writesInPlace(fd: number): boolean {
	try {
		const target = fstatSync(fd);
		return target.isFile() || (target.isCharacterDevice() && target.rdev === statSync('/dev/null').rdev);
	} catch {
		return false;
	}
}

/** One writeSync of a string or of bytes, as a SyncWriteStream makes it. */
function writeData(fd: number, data: string | Uint8Array): void {
	if (typeof data === 'string') writeSync(fd, data);
	else writeSync(fd, data);
}

/** The writer of descriptor `fd` (one `writesInPlace` accepts); `write` is the system call, a test's fake in tests. */
export function fileWriter(
	fd: number,
	write: (fd: number, data: string | Uint8Array) => unknown = writeData,
): SafeWriter {
	const {closed, isClosed, markClosed} = closedLatch();
	return {
		write(text, done) {
			if (!isClosed() && text.length > 0) {
				try {
					write(fd, text);
				} catch {
					// As the stream's 'error' does for the safe writer: a full disk, a closed descriptor.
					markClosed();
				}
			}
			done?.();
		},
		// Each write has reached the OS before it returned.
		flush: async () => undefined,
		closed,
		isClosed,
	};
}
