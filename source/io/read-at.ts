/** Positioned reads that do not stop short: a read(2) may return fewer bytes than asked for. */
import {readSync} from 'node:fs';

/** Up to `length` bytes of `fd` from `position` (fewer only at the end of the file). */
export function readAt(fd: number, position: number, length: number): Buffer {
	const buffer = Buffer.allocUnsafe(length);
	let done = 0;
	while (done < length) {
		const read = readSync(fd, buffer, done, length - done, position + done);
		if (read === 0) break;
		done += read;
	}
	return buffer.subarray(0, done);
}
