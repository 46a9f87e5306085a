/**
 * The two columns at the right of a closed row, how long it took and how big it is
 * (`0.3 s  300 lines`, `1.8 s  258 chars`), each right-aligned in a width fixed for the
 * screen's width: a tool call's row and a thinking row line up with the rows around them,
 * whatever their words. A value wider than its column (a call running for hours, a
 * hundred thousand lines) widens its own row's column only.
 */
import {seg, textWidth, type Segment} from './segments.js';

/**
 * Column widths for rows of `width` columns (a pane's: the screen's less its margin): roomy
 * where the row is wide (`12 m 34 s`, `12,345 chars`), tight where it is not (`12.3 s`,
 * `300 lines`), none on a very narrow screen.
 */
export function factWidths(width: number): {duration: number; size: number} {
	return width >= 99 ? {duration: 9, size: 12} : width >= 40 ? {duration: 6, size: 9} : {duration: 0, size: 0};
}

/** The duration and size columns for a row of `width` columns; an empty value leaves its column blank. */
export function factColumns(duration: string, size: string, width: number): Segment[] {
	const widths = factWidths(width);
	if (duration === '' && size === '') return [];
	const pad = (text: string, columns: number): string => ' '.repeat(Math.max(0, columns - textWidth(text))) + text;
	// Below 40 columns there is no room to spare for alignment: the values only.
	if (widths.size === 0) return [seg([duration, size].filter(Boolean).join('  '), {dim: true})];
	return [seg(`${pad(duration, widths.duration)}  ${pad(size, widths.size)}`, {dim: true})];
}
