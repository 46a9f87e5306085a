/**
 * A streaming text kept also as the pieces it grew by. A string grown by appends is, in V8, a
 * chain of the appended parts (a rope: an object per append), which the first read of its
 * characters copies into one string: a frame that looked at a 200 kB answer's end copied all
 * 200 kB (a new large object each frame, and its garbage). The pieces let a reader take only
 * the end (ui/panes/streamed-text.ts).
 *
 * Only the last piece ever changes (it grows until it is `pieceChars` long); a long chunk is
 * cut into pieces of that size, so that reading the end never touches much more than it.
 * Memory follows the text, not the deltas: the last piece is joined into one flat string every
 * `flatRun` characters, and a piece is flat once it is whole, so a rope never holds more than a
 * run of appends, however many deltas the text came in (a message of 2,000 one-word deltas
 * kept as 2,000 rope nodes took six times its text's size).
 */

/** About how long a piece grows before the next one starts. */
export const pieceChars = 4096;

/** How many characters of appends the last piece takes before it is joined into one string. */
const flatRun = 512;

/**
 * `text` as one flat string: a copy that holds no part of a rope. (Slicing a concatenation
 * makes V8 join it into a new string first; the slice refers to that one alone.)
 */
export function flatten(text: string): string {
	return text.length < 2 ? text : ` ${text}`.slice(1);
}

/** Appends `chunk` to `pieces`: their join grows by `chunk` (`size`: for tests). */
export function addPiece(pieces: string[], chunk: string, size = pieceChars): void {
	let from = 0;
	const last = pieces.length - 1;
	if (last >= 0 && pieces[last]!.length < size) {
		from = Math.min(chunk.length, size - pieces[last]!.length);
		const before = pieces[last]!;
		const grown = before + chunk.slice(0, from);
		pieces[last] = Math.floor(grown.length / flatRun) > Math.floor(before.length / flatRun) ? flatten(grown) : grown;
	}
	for (; from < chunk.length; from += size) pieces.push(chunk.slice(from, from + size));
}

/**
 * A streaming text and its pieces, grown in bounded runs: `text` is the whole pieces joined
 * (each one flat) followed by the last one, so it is a rope of a node per piece rather than
 * one per delta. Once the text is complete, `flatten` it and let this go.
 */
export class GrowingPieces {
	readonly pieces: string[] = [];
	/** Every piece but the last, joined: flat pieces of `pieceChars`. */
	private whole = '';
	private counted = 0;

	constructor(private readonly size = pieceChars) {}

	/** Appends `chunk`; the text so far. */
	append(chunk: string): string {
		const {pieces} = this;
		addPiece(pieces, chunk, this.size);
		// A whole piece is flat already (joined as it reached its size, or cut from a chunk).
		for (; this.counted < pieces.length - 1; this.counted++) this.whole += pieces[this.counted]!;
		return this.whole + (pieces[pieces.length - 1] ?? '');
	}
}
