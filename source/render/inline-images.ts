/**
 * Images drawn in the terminal. kitty's graphics protocol with Unicode placeholders (kitty,
 * ghostty): the image is sent once under an id, then drawn by placeholder characters (U+10EEEE,
 * a row diacritic, the id as the foreground colour) that are text like any other, so Ink's
 * redraws and scrolling keep it; inside tmux the sending goes through its passthrough and the
 * placeholders as they are. iTerm2's inline images (iTerm2, WezTerm): one sequence that draws
 * the image at the cursor. Pure: sequences out, nothing written.
 */
import {tmuxPassthrough} from './notify.js';

const esc = '\u001b';
const st = `${esc}\\`;

/** The placeholder character of kitty's Unicode placement. */
export const kittyPlaceholder = '\u{10EEEE}';

/** The first of kitty's row and column diacritics (rowcolumn-diacritics.txt), enough for a few rows. */
const diacritics = [
	0x0305, 0x030d, 0x030e, 0x0310, 0x0312, 0x033d, 0x033e, 0x033f, 0x0346, 0x034a, 0x034b, 0x034c, 0x0350, 0x0351,
	0x0352, 0x0357,
];

/** The row a placeholder's row diacritic names, or undefined for another mark. */
export function placeholderRowOf(mark: string): number | undefined {
	const row = diacritics.indexOf(mark.codePointAt(0) ?? -1);
	return row === -1 ? undefined : row;
}

/** Rows an image may take at most (the diacritics above name 16). */
export const maxImageRows = diacritics.length;

/** Cells an image of `width`×`height` pixels takes: at most `maxColumns` across and `maxRows` down (a cell ~1:2). */
export function imageCells(
	width: number,
	height: number,
	maxColumns: number,
	maxRows: number,
): {columns: number; rows: number} {
	const rows = Math.max(1, Math.min(maxRows, maxImageRows, Math.round(height / 20) || 1));
	const columns = Math.max(1, Math.min(maxColumns, Math.round((width / height) * rows * 2)));
	return {columns, rows};
}

/**
 * The bytes that send a PNG (base64 `data`) to kitty under `id` for a virtual placement of `columns`×`rows` cells,
 * in chunks of 4096 as the protocol asks; quiet (q=2): the terminal answers nothing that could be read as keys.
 */
export function kittyTransmit(
	id: number,
	data: string,
	columns: number,
	rows: number,
	options: {tmux: boolean},
): string {
	const parts: string[] = [];
	for (let at = 0; at < data.length || at === 0; at += 4096) {
		const chunk = data.slice(at, at + 4096);
		const more = at + 4096 < data.length ? 1 : 0;
		const keys = at === 0 ? `a=T,q=2,f=100,U=1,i=${id},c=${columns},r=${rows},m=${more}` : `m=${more}`;
		parts.push(`${esc}_G${keys};${chunk}${st}`);
	}
	const sequence = parts.join('');
	return options.tmux ? tmuxPassthrough(sequence) : sequence;
}

/** Row `row` of a placement `columns` wide: the first cell names its row and column, the others follow on. */
export function kittyPlaceholderRow(row: number, columns: number): string {
	const rowMark = String.fromCodePoint(diacritics[row] ?? diacritics[0]!);
	const columnMark = String.fromCodePoint(diacritics[0]!);
	return `${kittyPlaceholder}${rowMark}${columnMark}${kittyPlaceholder.repeat(Math.max(0, columns - 1))}`;
}

/** iTerm2's inline image: `bytes` decoded bytes of base64 `data`, drawn `columns`×`rows` cells at the cursor. */
export function itermInline(
	data: string,
	bytes: number,
	columns: number,
	rows: number,
	options: {tmux: boolean},
): string {
	const keys = `inline=1;size=${bytes};width=${columns};height=${rows};preserveAspectRatio=1`;
	const sequence = `${esc}]1337;File=${keys}:${data}\u0007`;
	return options.tmux ? tmuxPassthrough(sequence) : sequence;
}

/** A small id for an image (1–255: the 256-colour index that names it), from its data. */
export function imageId(data: string): number {
	let hash = 2166136261;
	const step = Math.max(1, Math.floor(data.length / 512));
	for (let i = 0; i < data.length; i += step) hash = Math.imul(hash ^ data.charCodeAt(i), 16777619);
	return 1 + ((hash >>> 0) % 255);
}
