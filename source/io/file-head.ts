/**
 * The first bytes of a followed file: other bytes there mean another file was copied over it
 * (tail -F's case of a file replaced in place, the same inode), not that it grew.
 */
import {readAt} from './read-at.js';

/** How many of a file's first bytes are compared (a trace's session_meta line, its time and id, are in them). */
export const headBytes = 256;

/**
 * Whether the file open as `fd` starts with other bytes than `known` (its start when last read);
 * when it does not, its start as it is now (up to headBytes), to compare with next time.
 */
export function fileHead(fd: number, known: Buffer | undefined): {changed: true} | {changed: false; head: Buffer} {
	if (known && known.length >= headBytes) {
		return readAt(fd, 0, known.length).equals(known) ? {changed: false, head: known} : {changed: true};
	}
	const now = readAt(fd, 0, headBytes);
	if (known && !now.subarray(0, known.length).equals(known)) return {changed: true};
	// A copy of its own: a small read is a slice of Node's shared pool, which it would keep alive.
	return {changed: false, head: Buffer.from(now)};
}
