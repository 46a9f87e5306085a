/**
 * Reads the end of a streaming text from its pieces (model/text-pieces.ts) without touching
 * the rest: the text itself, read, would be copied whole first. A reader remembers where each
 * piece starts, learning only the pieces that came since it last looked; all pieces but the
 * last are final, so what it learnt stays true while the same array grows.
 */

export class PieceReader {
	/** Where each known piece starts in the text. */
	private readonly starts: number[] = [0];

	constructor(readonly pieces: readonly string[]) {}

	/** The text's length. */
	get length(): number {
		const {pieces, starts} = this;
		// A piece after the last known one means the one before it is final: its end is known.
		for (let i = starts.length; i < pieces.length; i++) starts.push(starts[i - 1]! + pieces[i - 1]!.length);
		const last = pieces.length - 1;
		return last < 0 ? 0 : starts[last]! + pieces[last]!.length;
	}

	/** The text from `from` to `to` (the end by default). */
	slice(from: number, to = this.length): string {
		const end = Math.min(to, this.length);
		if (from >= end) return '';
		const {pieces, starts} = this;
		let out = '';
		for (let i = this.pieceAt(from); i < pieces.length && starts[i]! < end; i++) {
			const start = starts[i]!;
			out += pieces[i]!.slice(Math.max(0, from - start), end - start);
		}
		return out;
	}

	/** The index of the piece that holds offset `at` (searched from the end: readers read the end). */
	private pieceAt(at: number): number {
		let i = this.pieces.length - 1;
		while (i > 0 && this.starts[i]! > at) i--;
		return i;
	}
}

/** The last `count` characters of `pieces` (a reader of none: read from the end only). */
export function lastChars(pieces: readonly string[], count: number): string {
	let out = '';
	for (let i = pieces.length - 1; i >= 0 && out.length < count; i--) out = pieces[i]! + out;
	return out.length > count ? out.slice(out.length - count) : out;
}
