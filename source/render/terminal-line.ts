/**
 * One line of terminal output as the sanitizer builds it: styled segments while text is only
 * appended, cells once the cursor moves back into it; and the widths of what is put there.
 */
import {graphemeSegmenter, graphemeWidth, graphemes} from './width.js';
import {applySgr, plainStyle, styleKey, type Style} from './sgr.js';

const printableAscii = /^[\u0020-\u007e]*$/;
const tabSize = 8;

// Widths: a cell holds one grapheme, at most two columns wide.

function cellWidth(grapheme: string): number {
	return Math.min(2, graphemeWidth(grapheme));
}

// ---------------------------------------------------------------------------------------
// Lines. A line is a list of styled segments while text is only appended to it (the common
// case). Once something moves the cursor back into it (CR, BS, cursor left, tab), it becomes
// one cell per column, like a terminal's line, and later text overwrites cells.

type Segment = {style: string; text: string};

/** One column; `width` 0 marks the right half of the wide glyph to its left. */
type Cell = {text: string; width: number; style: string};

function blank(style: string): Cell {
	return {text: ' ', width: 1, style};
}

export class Renderer {
	private readonly out: string[] = [];
	private readonly style: Style = plainStyle();
	private key = '';
	// What the output has open right now (per line: every line opens and closes its own).
	private emitted = '';

	private segments: Segment[] = [];
	// Width of the segment text before `unmeasured`, worked out only when a tab needs it.
	private measured = 0;
	private unmeasured: string[] = [];

	private cells: Cell[] | undefined;
	private cursor = 0;

	// Made when some text first needs one (only text with joining characters does), then kept
	// for the rest of the text: making one costs a few microseconds.
	private segmenter: Intl.Segmenter | undefined;
	private readonly segmenterOf = (): Intl.Segmenter => (this.segmenter ??= graphemeSegmenter());

	constructor(private readonly keepColor: boolean) {}

	text(text: string): void {
		if (this.cells === undefined) {
			this.appendSegment(text, this.key);
		} else {
			this.writeCells(text, this.key);
		}
	}

	sgr(params: string): void {
		if (!this.keepColor) return;
		applySgr(this.style, params);
		this.key = styleKey(this.style);
	}

	carriageReturn(): void {
		if (this.cells === undefined && this.segments.length === 0) return;
		this.toCells();
		this.cursor = 0;
	}

	backspace(): void {
		if (this.cells === undefined && this.segments.length === 0) return;
		this.toCells();
		this.cursor = Math.max(0, this.cursor - 1);
	}

	tab(): void {
		if (this.cells === undefined) {
			// Still append-only: pad from the line's width; tab-skipped cells are unpainted.
			const width = this.width();
			this.appendSegment(' '.repeat(tabSize - (width % tabSize)), '');
			return;
		}
		const cells = this.cells;
		const target = (Math.floor(this.cursor / tabSize) + 1) * tabSize;
		while (cells.length < target) cells.push(blank(''));
		this.cursor = target;
	}

	/** CSI n K: 0 erases to the end of the line, 2 the whole line (1 is ignored). */
	eraseLine(mode: number): void {
		if (mode === 2) {
			// Unlike a terminal the cursor goes home too, so later text never gets padded
			// out to where it was (that padding could blow up the output).
			this.resetLine();
			return;
		}
		if (mode !== 0 || this.cells === undefined) return;
		const cells = this.cells;
		if (this.cursor >= cells.length) return;
		if (cells[this.cursor].width === 0 && this.cursor > 0) {
			cells[this.cursor - 1] = blank(cells[this.cursor - 1].style);
		}
		cells.length = this.cursor;
	}

	/** Cursor to column `column` (0-based), never past the end of the line's text. */
	moveTo(column: number): void {
		this.toCells();
		this.cursor = Math.max(0, Math.min(column, this.cells!.length));
	}

	/** Cursor left (negative) or right, never past either end of the line's text. */
	moveBy(delta: number): void {
		if (delta > 0 && this.cells === undefined) return; // already at the end
		this.toCells();
		this.moveTo(this.cursor + delta);
	}

	newline(): void {
		this.flushLine();
		this.out.push('\n');
	}

	finish(): string {
		this.flushLine();
		return this.out.join('');
	}

	private appendSegment(text: string, style: string): void {
		const last = this.segments[this.segments.length - 1];
		if (last !== undefined && last.style === style) last.text += text;
		else this.segments.push({style, text});
		this.unmeasured.push(text);
	}

	private width(): number {
		if (this.unmeasured.length > 0) {
			this.measured += this.textWidth(this.unmeasured.join(''));
			this.unmeasured = [];
		}
		return this.measured;
	}

	private textWidth(text: string): number {
		if (printableAscii.test(text)) return text.length;
		let width = 0;
		for (const grapheme of graphemes(text, this.segmenterOf)) width += cellWidth(grapheme);
		return width;
	}

	private toCells(): void {
		if (this.cells !== undefined) return;
		this.cells = [];
		this.cursor = 0;
		for (const segment of this.segments) this.writeCells(segment.text, segment.style);
		this.segments = [];
		this.unmeasured = [];
		this.measured = 0;
	}

	private writeCells(text: string, style: string): void {
		if (printableAscii.test(text)) {
			for (let i = 0; i < text.length; i++) this.put(text[i], 1, style);
			return;
		}
		for (const grapheme of graphemes(text, this.segmenterOf)) this.put(grapheme, cellWidth(grapheme), style);
	}

	private put(glyph: string, width: number, style: string): void {
		const cells = this.cells!;
		const at = this.cursor;
		if (width === 0) {
			// Combining marks and the like join the glyph left of the cursor.
			let left = at - 1;
			if (left >= 0 && cells[left].width === 0) left--;
			if (left >= 0) cells[left] = {...cells[left], text: cells[left].text + glyph};
			return;
		}
		while (cells.length < at) cells.push(blank(''));
		// Overwriting half of a wide glyph blanks its other half, as terminals do.
		if (at < cells.length && cells[at].width === 0 && at > 0) {
			cells[at - 1] = blank(cells[at - 1].style);
		}
		const end = at + width;
		if (end - 1 < cells.length && cells[end - 1].width === 2 && end < cells.length) {
			cells[end] = blank(cells[end].style);
		}
		cells[at] = {text: glyph, width, style};
		if (width === 2) cells[at + 1] = {text: '', width: 0, style};
		this.cursor = end;
	}

	private emit(style: string, text: string): void {
		if (style !== this.emitted) {
			if (style === '') this.out.push('\u001b[0m');
			else if (this.emitted === '') this.out.push(`\u001b[${style}m`);
			else this.out.push(`\u001b[0;${style}m`);
			this.emitted = style;
		}
		this.out.push(text);
	}

	private flushLine(): void {
		if (this.cells === undefined) {
			for (const segment of this.segments) this.emit(segment.style, segment.text);
		} else {
			for (const cell of this.cells) {
				if (cell.width !== 0) this.emit(cell.style, cell.text);
			}
		}
		if (this.emitted !== '') {
			this.out.push('\u001b[0m');
			this.emitted = '';
		}
		this.resetLine();
	}

	private resetLine(): void {
		this.segments = [];
		this.unmeasured = [];
		this.measured = 0;
		this.cells = undefined;
		this.cursor = 0;
	}
}
