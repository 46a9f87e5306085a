/**
 * Markdown (GFM) tables in a model's answer, laid out as aligned columns: found in the lines
 * of a text (a header row, a delimiter row such as `|:---|:---:|`, then body rows), and drawn
 * to a width, each column as wide as its widest cell, the widest ones narrowed (their cells cut
 * with …) when the table is wider than the room, each cell aligned as its delimiter says.
 * Pure, and the one layout of both the screen (ui/panes/markdown-rows.ts) and print mode (item-kinds.ts).
 * Widths are the terminal's (render/width.ts). Input must already be sanitized.
 */
import {graphemes, graphemeWidth, measureWidth} from './width.js';

export type TableAlign = 'left' | 'center' | 'right';

/** A table found in a text: its cells as written (trimmed), and how many lines it took. */
export type MarkdownTable = {header: string[]; aligns: TableAlign[]; rows: string[][]; lineCount: number};

/** A table drawn: the header, the rule under it, the body rows; cells joined by ` │ `. */
export type TableLines = {header: string; rule: string; rows: string[]; widths: number[]};

const delimiterCell = /^\s*(:?)-+(:?)\s*$/;
/** Between two cells, and the rule's crossing under it. */
export const cellGap = ' │ ';
const ruleGap = '─┼─';
// A column keeps this much (a character and the …) before the table is let be wider than the room.
const narrowest = 3;

/** The cells of a row: split at `|` (not at `\|` or inside `code`), the outer pipes dropped, each trimmed. */
export function tableCells(line: string): string[] {
	let text = line.trim();
	if (text.startsWith('|')) text = text.slice(1);
	if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
	const cells: string[] = [];
	let cell = '';
	let inCode = false;
	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!;
		if (ch === '\\' && text[i + 1] === '|') {
			cell += '|';
			i++;
		} else if (ch === '`') {
			inCode = !inCode;
			cell += ch;
		} else if (ch === '|' && !inCode) {
			cells.push(cell.trim());
			cell = '';
		} else cell += ch;
	}
	cells.push(cell.trim());
	return cells;
}

/** The table that starts at `lines[start]`, if one does: a row with a `|`, then a delimiter row of as many cells. */
export function tableAt(lines: readonly string[], start: number): MarkdownTable | undefined {
	const head = lines[start];
	const delimiter = lines[start + 1];
	if (head === undefined || delimiter === undefined || !head.includes('|') || !delimiter.includes('-'))
		return undefined;
	const header = tableCells(head);
	const marks = tableCells(delimiter);
	if (marks.length !== header.length || (header.length < 2 && !head.trim().startsWith('|'))) return undefined;
	const aligns: TableAlign[] = [];
	for (const mark of marks) {
		const found = delimiterCell.exec(mark);
		if (!found) return undefined;
		aligns.push(found[1] && found[2] ? 'center' : found[2] ? 'right' : 'left');
	}
	const rows: string[][] = [];
	let end = start + 2;
	for (; end < lines.length && lines[end]!.trim() !== '' && lines[end]!.includes('|'); end++) {
		// As GFM: a short row is filled with empty cells, a long one cut to the header's.
		const cells = tableCells(lines[end]!);
		rows.push(header.map((_, i) => cells[i] ?? ''));
	}
	return {header, aligns, rows, lineCount: end - start};
}

/** `text` cut to `width` columns, its end an … when it did not fit. */
export function cutToWidth(text: string, width: number): string {
	if (measureWidth(text) <= width) return text;
	let out = '';
	let used = 0;
	for (const grapheme of graphemes(text)) {
		const w = graphemeWidth(grapheme);
		if (used + w > width - 1) break;
		out += grapheme;
		used += w;
	}
	return `${out}…`;
}

/** `text` (at most `width` wide) padded to `width` as `align` says. */
function aligned(text: string, width: number, align: TableAlign): string {
	const room = Math.max(0, width - measureWidth(text));
	if (align === 'right') return ' '.repeat(room) + text;
	if (align === 'center') return ' '.repeat(Math.floor(room / 2)) + text + ' '.repeat(room - Math.floor(room / 2));
	return text + ' '.repeat(room);
}

/** Each column's width: its widest cell, the widest narrowed one column at a time until the table fits `width`. */
export function tableWidths(table: MarkdownTable, width: number): number[] {
	const widest = (cell: string, i: number): number =>
		Math.max(1, measureWidth(cell), ...table.rows.map(row => measureWidth(row[i]!)));
	const widths = table.header.map(widest);
	const total = (): number => widths.reduce((sum, w) => sum + w, 0) + cellGap.length * (widths.length - 1);
	let over = total() - width;
	while (over > 0) {
		let most = -1;
		for (let i = 0; i < widths.length; i++) {
			if (widths[i]! > narrowest && (most < 0 || widths[i]! > widths[most]!)) most = i;
		}
		if (most < 0) break;
		// Down to the next widest column at once (or by what is over), not one column per pass.
		const next = Math.max(narrowest, ...widths.filter((w, i) => i !== most && w < widths[most]!));
		const by = Math.min(over, Math.max(1, widths[most]! - next));
		widths[most]! -= by;
		over -= by;
	}
	return widths;
}

/** The table drawn in `width` columns (wider only when even its narrowest columns do not fit). */
export function tableLines(table: MarkdownTable, width: number): TableLines {
	const widths = tableWidths(table, width);
	const line = (cells: readonly string[]): string =>
		cells
			.map((cell, i) => aligned(cutToWidth(cell, widths[i]!), widths[i]!, table.aligns[i]!))
			.join(cellGap)
			.trimEnd();
	const rule = widths.map(w => '─'.repeat(w)).join(ruleGap);
	return {header: line(table.header), rule, rows: table.rows.map(line), widths};
}

/**
 * `text` with every table outside a fenced code block drawn as `tableLines` draws it (the
 * lines of the rest as they were): print mode's answer.
 */
export function withTablesDrawn(text: string, width: number): string {
	const lines = text.split('\n');
	const out: string[] = [];
	let fence: string | undefined;
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i]!;
		const mark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		const closes = fence !== undefined && mark !== undefined && mark[0] === fence[0] && mark.length >= fence.length;
		if (closes) fence = undefined;
		else if (fence === undefined && mark !== undefined) fence = mark;
		const table = fence === undefined && mark === undefined ? tableAt(lines, i) : undefined;
		if (table === undefined) {
			out.push(line);
			continue;
		}
		const drawn = tableLines(table, width);
		out.push(drawn.header, drawn.rule, ...drawn.rows);
		i += table.lineCount - 1;
	}
	return out.join('\n');
}
