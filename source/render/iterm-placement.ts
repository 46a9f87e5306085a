/**
 * Where iTerm2's inline images go on the screen (iTerm2, WezTerm). The panes draw an image's
 * rows as kitty's placeholders whatever the protocol (render/inline-images.ts); iTerm2 draws a
 * picture at the cursor rather than in text, so the placeholders of a frame become blank cells
 * and each picture is drawn over them: this finds them in a frame's rows, and says what draws
 * one there. Pure.
 */
import {itermInline, kittyPlaceholder, placeholderRowOf} from './inline-images.js';
import {tmuxPassthrough} from './notify.js';
import {stripAnsi} from './sanitize.js';
import {measureWidth} from './width.js';

/** A picture's place on the screen: its id, first row and column (0-based), and its size in cells. */
export type ImagePlacement = {id: number; row: number; column: number; columns: number; rows: number};

const placeholderRun = /\u{10EEEE}([\u0300-\u036f])[\u0300-\u036f]?\u{10EEEE}*/gu;
const placeholderCell = /\u{10EEEE}[\u0300-\u036f]*/gu;
/** The 256-colour foreground that names the picture (ui/panes/styled-row.ts writes it just before the cells). */
const foreground = /\u001b\[(?:[0-9;]*;)?38;5;(\d+)(?:;[0-9;]*)?m/g;
const stylesAtEnd = /(?:\u001b\[[0-9;]*m)+$/;

type Run = {id: number; row: number; column: number; columns: number};

/** `line` with every placeholder cell blank: the text iTerm2 gets, each cell as wide as before. */
export function blankPlaceholders(line: string): string {
	return line.includes(kittyPlaceholder) ? line.replace(placeholderCell, ' ') : line;
}

/** The placeholder runs of one row of a frame. */
function runsOf(line: string): Run[] {
	if (!line.includes(kittyPlaceholder)) return [];
	const runs: Run[] = [];
	for (const match of line.matchAll(placeholderRun)) {
		const row = placeholderRowOf(match[1]!);
		const before = line.slice(0, match.index);
		// The colour that names it comes right before its first cell: a placeholder in a trace's text is not a picture.
		const styles = stylesAtEnd.exec(before)?.[0] ?? '';
		const id = [...styles.matchAll(foreground)].at(-1)?.[1];
		if (row === undefined || id === undefined) continue;
		const columns = [...match[0]].filter(char => char === kittyPlaceholder).length;
		runs.push({id: Number(id), row, column: measureWidth(stripAnsi(before)), columns});
	}
	return runs;
}

/**
 * The pictures wholly in `lines` (a frame's rows, top first): a first row of placeholders whose
 * following rows, as many as `rowsOf` its id says, are all there, in the same column.
 */
export function imagePlacements(
	lines: readonly string[],
	rowsOf: (id: number) => number | undefined,
): ImagePlacement[] {
	const runs = lines.map(runsOf);
	const placements: ImagePlacement[] = [];
	runs.forEach((inLine, row) => {
		for (const first of inLine) {
			const rows = rowsOf(first.id);
			if (first.row !== 0 || rows === undefined) continue;
			let whole = true;
			for (let down = 1; down < rows && whole; down++)
				whole = (runs[row + down] ?? []).some(
					run => run.id === first.id && run.row === down && run.column === first.column,
				);
			if (whole) placements.push({id: first.id, row, column: first.column, columns: first.columns, rows});
		}
	});
	return placements;
}

/**
 * What draws base64 `data` (`bytes` decoded) at `place`: the cursor kept (ESC 7), moved to the
 * first cell, the picture sized in cells, the cursor put back (ESC 8). Inside tmux (`tmux`: where
 * the pane starts on the outer terminal) all of it goes through the passthrough, since tmux would
 * not move the outer terminal's cursor in time, and the move is the outer terminal's.
 */
export function itermPlaced(
	data: string,
	bytes: number,
	place: ImagePlacement,
	tmux: {row: number; column: number} | undefined,
): string {
	const inline = itermInline(data, bytes, place.columns, place.rows, {tmux: false});
	const row = place.row + (tmux?.row ?? 0) + 1;
	const column = place.column + (tmux?.column ?? 0) + 1;
	const sequence = `\u001b7\u001b[${row};${column}H${inline}\u001b8`;
	return tmux ? tmuxPassthrough(sequence) : sequence;
}
