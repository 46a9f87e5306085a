/**
 * A streaming text kept also as the pieces it grew by. A string grown by appends is, in V8, a
 * chain of the appended parts, which the first read of its characters copies into one string:
 * a frame that looked at a 200 kB answer's end copied all 200 kB (a new large object each
 * frame, and its garbage). The pieces let a reader take only the end (ui/streamed-text.ts).
 *
 * Only the last piece ever changes (it grows until it is `pieceChars` long); a long chunk is
 * cut into pieces of that size, so that reading the end never touches much more than it.
 */

/** About how long a piece grows before the next one starts. */
export const pieceChars = 4096;

/** Appends `chunk` to `pieces`: their join grows by `chunk` (`size`: for tests). */
export function addPiece(pieces: string[], chunk: string, size = pieceChars): void {
	let from = 0;
	const last = pieces.length - 1;
	if (last >= 0 && pieces[last]!.length < size) {
		from = Math.min(chunk.length, size - pieces[last]!.length);
		pieces[last] += chunk.slice(0, from);
	}
	for (; from < chunk.length; from += size) pieces.push(chunk.slice(from, from + size));
}
