/**
 * Where the trace follower's reads are cut (pure: bytes in, offsets out): a read ends at a
 * line end, and what it read is handed on in batches of whole lines.
 */

/**
 * A read chunk is handed on in batches of whole lines of about this many bytes: each batch is
 * parsed whole before the model takes it, so every line of a batch is alive, decoded and
 * parsed, until the batch is done. Batches of a 1 MiB chunk's lines kept ~1,000 parsed lines
 * alive through each scavenge of the garbage collector; batches of 128 KiB ran 6 % fewer
 * instructions of print mode on a trace of short outputs (docs/performance.md).
 */
export const batchBytes = 128 * 1024;

/**
 * How much of a chunk of `bytesRead` bytes to hand on: when the read filled the buffer, up to
 * its last line end, and the next read starts there, so that a line never spans two chunks (a
 * line held across chunks is copied twice, into fresh memory each time: ~300 KB lines, a third
 * of them across a chunk's end, on a trace of large outputs). A short read (the end of the
 * file for now) and a chunk with no line end go on whole: the splitter holds the rest.
 */
export function wholeLines(buffer: Buffer, bytesRead: number): number {
	if (bytesRead < buffer.length) return bytesRead;
	const end = buffer.lastIndexOf(10, bytesRead - 1);
	return end === -1 ? bytesRead : end + 1;
}

/**
 * Where the batch of `chunk` that starts at `from` ends: after the first line end from `batchBytes` on, or at the
 * chunk's end.
 */
export function batchEnd(chunk: Buffer, from: number): number {
	if (chunk.length - from <= batchBytes) return chunk.length;
	const end = chunk.indexOf(10, from + batchBytes - 1);
	return end === -1 ? chunk.length : end + 1;
}
