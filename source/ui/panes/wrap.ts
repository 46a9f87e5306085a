/**
 * Word wrapping of styled text to a width in columns: greedy, breaking at spaces, cutting
 * words longer than a row, with a prefix for the first row and another for the rest (list
 * bullets, gutters, hanging indents). One logical line in, rows out.
 */
import {flatten} from '../../model/text-pieces.js';
import {fitText, segmentsWidth, textWidth, type Segment} from './segments.js';
import {linkedPieces} from './url-links.js';

export type WrapOptions = {
	/** Drawn before the first row. */
	first?: readonly Segment[];
	/** Drawn before every other row; defaults to spaces as wide as `first`. */
	rest?: readonly Segment[];
	/** At most this many rows; the last one ends with `…` when text was left out. */
	maxRows?: number;
	/** The session's workspace: file paths under it are links (a command and its output; path-links.ts). */
	paths?: string;
};

type Token = {pieces: Segment[]; width: number; space: boolean};

/** Wraps one line (no newlines) of segments into rows no wider than `width`. */
export function wrapSegments(segments: readonly Segment[], width: number, options: WrapOptions = {}): Segment[][] {
	const first = options.first ?? [];
	const firstWidth = segmentsWidth(first);
	const rest = options.rest ?? (firstWidth > 0 ? [{text: ' '.repeat(firstWidth)}] : []);
	const restWidth = segmentsWidth(rest);
	const maxRows = options.maxRows ?? Infinity;
	const rows: Segment[][] = [];
	let row: Segment[] = [...first];
	let used = firstWidth;
	let content = false;
	let pendingSpace: Token | undefined;
	let truncated = false;

	// A row's text was put together a word at a time (a rope, an object per word in V8): kept
	// in a pane's cached rows, it is one flat string each.
	const finish = (): void => {
		const from = rows.length === 0 ? first.length : rest.length;
		for (let i = from; i < row.length; i++)
			if (row[i]!.text.length > 1) row[i] = {...row[i]!, text: flatten(row[i]!.text)};
		rows.push(row);
	};
	const newRow = (): boolean => {
		finish();
		if (rows.length >= maxRows) {
			truncated = true;
			return false;
		}
		row = [...rest];
		used = restWidth;
		content = false;
		return true;
	};
	const put = (piece: Segment, pieceWidth: number): void => {
		const last = row[row.length - 1];
		if (last && sameStyle(last, piece) && content) row[row.length - 1] = {...last, text: last.text + piece.text};
		else row.push(piece);
		used += pieceWidth;
		content = true;
	};

	outer: for (const token of tokenize(segments, options.paths)) {
		if (token.space) {
			// Indentation at the very start is kept; spaces at a row break are dropped.
			if (!content && rows.length === 0) {
				for (const piece of token.pieces) {
					const {text, width: w} = fitText(piece.text, width - used);
					if (text) put({...piece, text}, w);
				}
				continue;
			}
			pendingSpace = token;
			continue;
		}
		const space = content && pendingSpace ? pendingSpace : undefined;
		pendingSpace = undefined;
		const spaceWidth = space ? space.width : 0;
		if (used + spaceWidth + token.width <= width) {
			if (space) for (const piece of space.pieces) put(piece, piece.text.length);
			for (const piece of token.pieces) put(piece, textWidth(piece.text));
			continue;
		}
		if (token.width <= width - restWidth && content) {
			if (!newRow()) break;
			for (const piece of token.pieces) put(piece, textWidth(piece.text));
			continue;
		}
		// Longer than a row: cut it, starting where we are.
		if (space && used + spaceWidth < width) for (const piece of space.pieces) put(piece, piece.text.length);
		for (const piece of token.pieces) {
			let text = piece.text;
			while (text.length > 0) {
				const room = width - used;
				const fit = fitText(text, room);
				if (fit.text.length === 0) {
					// Nothing fits on a row that holds nothing yet (no column left, or one column
					// for a wide character): a new row would have no more room, so give up on the
					// rest rather than make rows for ever.
					if (!content && (room <= 0 || rows.length > 0 || width - restWidth <= room)) break outer;
					if (!newRow()) break outer;
					continue;
				}
				put({...piece, text: fit.text}, fit.width);
				text = text.slice(fit.text.length);
			}
		}
	}
	if (!truncated) finish();
	if (truncated) {
		const last = rows[rows.length - 1]!;
		const lastWidth = segmentsWidth(last);
		if (lastWidth >= width) {
			const trimmed = fitText(last[last.length - 1]!.text, Math.max(0, textWidth(last[last.length - 1]!.text) - 1));
			last[last.length - 1] = {...last[last.length - 1]!, text: trimmed.text};
		}
		last.push({text: '…', dim: true});
	}
	return rows;
}

function sameStyle(a: Segment, b: Segment): boolean {
	return (
		a.color === b.color &&
		a.dim === b.dim &&
		a.bold === b.bold &&
		a.italic === b.italic &&
		a.underline === b.underline &&
		a.inverse === b.inverse &&
		a.link === b.link
	);
}

/** Words (runs of non-spaces, possibly across segments) and runs of spaces. */
function tokenize(segments: readonly Segment[], workspace: string | undefined): Token[] {
	const tokens: Token[] = [];
	let word: Token | undefined;
	for (const segment of segments) {
		const parts = segment.text.split(/( +)/);
		for (const part of parts) {
			if (part === '') continue;
			const piece = {...segment, text: part};
			if (part.charCodeAt(0) === 32) {
				word = undefined;
				// Spaces that run on from one segment into the next are one run (a number's cell, then indented code).
				const last = tokens[tokens.length - 1];
				if (last?.space) {
					last.pieces.push(piece);
					last.width += part.length;
				} else tokens.push({pieces: [piece], width: part.length, space: true});
			} else {
				if (!word) {
					word = {pieces: [], width: 0, space: false};
					tokens.push(word);
				}
				word.pieces.push(...linkedPieces(piece, workspace));
				word.width += textWidth(part);
			}
		}
	}
	return tokens;
}
