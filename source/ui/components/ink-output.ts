/**
 * How Ink turns a frame's text into the string it writes, a row at a time with the rows of
 * the frames before remembered. scripts/build.mjs has Ink's Output.get call this in the
 * bundle (and keep its own as the fallback).
 *
 * Ink builds every frame from nothing: an object per cell of the screen, every row's text
 * cut into styled characters (an ANSI tokenizer), every row joined back into a string. On a
 * streaming screen that was over half of a frame's CPU and most of its garbage, though a
 * streaming frame changes a row or two. A row's string depends only on the terminal's width
 * and the texts written into that row and where (in order), so it is kept under those: a row
 * seen in a recent frame costs a lookup. Everything else (clipping, transformers, the order
 * of writes, characters wider than one column, writes past the edge) is done as Ink does;
 * test/ui/ink-output.test.ts compares the two on any frame.
 */

/** A styled character as Ink's tokenizer makes it. */
type StyledChar = {type: 'char'; value: string; fullWidth: boolean; styles: unknown[]};
type Clip = {x1?: number; x2?: number; y1?: number; y2?: number};
type Operation =
	| {type: 'write'; x: number; y: number; text: string; transformers: Array<(line: string, index: number) => string>}
	| {type: 'clip'; clip: Clip}
	| {type: 'unclip'};

/** The parts of Ink's output it uses (passed in: they are Ink's own dependencies). */
export type InkOutputParts = {
	tokenize: (text: string) => unknown[];
	styledCharsFromTokens: (tokens: unknown[]) => StyledChar[];
	styledCharsToString: (chars: StyledChar[]) => string;
	sliceAnsi: (text: string, start: number, end?: number) => string;
	stringWidth: (text: string) => number;
};

/** What Ink's Output holds when its get() is called. */
export type InkOutputState = {width: number; height: number; operations: readonly Operation[]};

/** Rows and styled lines kept: a few screens' worth, emptied when full. */
const rowLimit = 2048;
const lineLimit = 4096;
/**
 * Characters of styled lines kept (an object and an array each, ~90 bytes): emptied past
 * this too, some ten screens' worth, so that the lines' limit is not tens of megabytes (a
 * heap snapshot of the screen following a stream saw them fill it over hours).
 */
const styledCharLimit = 32 * 1024;

/**
 * Rows drawn ahead (warmInkRows): the instance the bundle's Ink uses, set when it is made. The screen has one Ink; a
 * test's own instances replace it, which only moves where rows are drawn ahead to.
 */
let drawAhead: ((x: number, lines: readonly string[]) => void) | undefined;

/**
 * Draws rows ahead of the frame that shows them, each `lines[i]` as Ink's only write into a row at column `x` of the
 * width the last frame had: a frame that then writes exactly that finds the row drawn. For the pages either side of
 * a still reader (use-page-warm.ts): Space's frame then costs no tokenizing of its rows, the most of it.
 */
export function warmInkRows(x: number, lines: readonly string[]): void {
	drawAhead?.(x, lines);
}

/** get() for Ink's Output, remembering rows between frames. */
export function inkRowsFor(parts: InkOutputParts): (output: InkOutputState) => {output: string; height: number} {
	const rows = new Map<string, string>();
	// The width of the last frame: rows drawn ahead are drawn for it (none before the first frame).
	let lastColumns: number | undefined;
	drawAhead = (x, lines) => {
		if (lastColumns === undefined) return;
		// Full: emptied as a frame empties it (were they skipped, rows would never be drawn ahead again).
		if (rows.size + lines.length > rowLimit) rows.clear();
		for (const line of lines) {
			const key = `${lastColumns}\u0000${x}\u0001${line}`;
			if (!rows.has(key)) rows.set(key, drawRow([{x, line}], lastColumns));
		}
	};
	const styled = new Map<string, StyledChar[]>();
	let styledCount = 0;
	const widths = new Map<string, number>();
	const styledChars = (line: string): StyledChar[] => {
		let chars = styled.get(line);
		if (chars === undefined) {
			if (styled.size >= lineLimit || styledCount >= styledCharLimit) {
				styled.clear();
				styledCount = 0;
			}
			// Made anew with every field in one literal: the tokenizer's spread gives kept
			// characters shapes of their own (thousands of them, in a heap snapshot).
			chars = parts
				.styledCharsFromTokens(parts.tokenize(line))
				.map(({value, fullWidth, styles}) => ({type: 'char', value, fullWidth, styles}));
			styled.set(line, chars);
			styledCount += chars.length;
		}
		return chars;
	};
	const width = (text: string): number => {
		let measured = widths.get(text);
		if (measured === undefined) {
			if (widths.size >= lineLimit) widths.clear();
			measured = parts.stringWidth(text);
			widths.set(text, measured);
		}
		return measured;
	};
	const widestLine = (text: string): number => {
		let widest = 0;
		for (const line of text.split('\n')) widest = Math.max(widest, width(line));
		return widest;
	};

	return ({width: columns, height, operations}) => {
		lastColumns = columns;
		// What each row receives, in order: where, and the line (clipped, transformed).
		const writes: Array<Array<{x: number; line: string}>> = Array.from({length: height}, () => []);
		const clips: Clip[] = [];
		for (const operation of operations) {
			if (operation.type === 'clip') clips.push(operation.clip);
			if (operation.type === 'unclip') clips.pop();
			if (operation.type !== 'write') continue;
			const {text, transformers} = operation;
			let {x, y} = operation;
			let lines = text.split('\n');
			const clip = clips.at(-1);
			if (clip) {
				const clipHorizontally = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
				const clipVertically = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
				if (clipHorizontally && (x + widestLine(text) < clip.x1! || x > clip.x2!)) continue;
				if (clipVertically && (y + lines.length < clip.y1! || y > clip.y2!)) continue;
				if (clipHorizontally) {
					lines = lines.map(line => {
						const from = x < clip.x1! ? clip.x1! - x : 0;
						const lineWidth = width(line);
						const to = x + lineWidth > clip.x2! ? clip.x2! - x : lineWidth;
						return parts.sliceAnsi(line, from, to);
					});
					if (x < clip.x1!) x = clip.x1!;
				}
				if (clipVertically) {
					const from = y < clip.y1! ? clip.y1! - y : 0;
					const to = y + lines.length > clip.y2! ? clip.y2! - y : lines.length;
					lines = lines.slice(from, to);
					if (y < clip.y1!) y = clip.y1!;
				}
			}
			// As Ink: a line below the last row (or above the first) ends this write.
			let offsetY = 0;
			for (const [index, original] of lines.entries()) {
				const row = writes[y + offsetY];
				if (!row) continue;
				let line = original;
				for (const transformer of transformers) line = transformer(line, index);
				row.push({x, line});
				offsetY++;
			}
		}
		if (rows.size + height > rowLimit) rows.clear();
		const out: string[] = [];
		for (const row of writes) {
			let key = `${columns}`;
			for (const {x, line} of row) key += `\u0000${x}\u0001${line}`;
			let text = rows.get(key);
			if (text === undefined) {
				text = drawRow(row, columns);
				rows.set(key, text);
			}
			out.push(text);
		}
		return {output: out.join('\n'), height};
	};

	/** One row as Ink draws it: blank cells, each write's characters placed in turn. */
	function drawRow(row: ReadonlyArray<{x: number; line: string}>, columns: number): string {
		const cells: Array<StyledChar | undefined> = [];
		for (let x = 0; x < columns; x++) cells.push({type: 'char', value: ' ', fullWidth: false, styles: []});
		for (const {x, line} of row) {
			let offsetX = x;
			for (const character of styledChars(line)) {
				cells[offsetX] = character;
				const characterWidth = Math.max(1, width(character.value));
				for (let index = 1; index < characterWidth; index++) {
					cells[offsetX + index] = {type: 'char', value: '', fullWidth: false, styles: character.styles};
				}
				offsetX += characterWidth;
			}
		}
		return parts.styledCharsToString(cells.filter((cell): cell is StyledChar => cell !== undefined)).trimEnd();
	}
}
