/**
 * The help's rows at a width: a title, then every command of the keymap with its keys in
 * a column and its text wrapped under itself, so that every entry reads in full at any
 * width (the overlay scrolls when they do not all fit).
 */
import {helpEntries} from './keymap.js';
import {seg, textWidth, truncateSegments, type Segment} from '../panes/segments.js';
import {wrapSegments} from '../panes/wrap.js';

/** The help's own keys, said in its title and in the footer. */
export const helpKeysHint = 'j/k scroll · q, Esc or ? closes · Ctrl+C quit';

/** Every row of the help at `width`. */
export function helpLines(width: number): Segment[][] {
	const entries = helpEntries();
	const keyWidth = Math.max(...entries.map(entry => textWidth(entry.keys))) + 2;
	// On a very narrow screen the text goes under the keys rather than into a sliver beside them.
	const beside = width - keyWidth - 1 >= 20;
	// The title may be cut: the footer says the same.
	const rows: Segment[][] = [
		truncateSegments([seg(' keys', {bold: true}), seg(`   ${helpKeysHint}`, {dim: true})], width),
		[],
	];
	for (const entry of entries) {
		const keys = seg(` ${entry.keys}${' '.repeat(Math.max(0, keyWidth - textWidth(entry.keys)))}`, {color: 'cyan'});
		if (beside) {
			rows.push(...wrapSegments([seg(entry.help)], width, {first: [keys], rest: [seg(' '.repeat(keyWidth + 1))]}));
		} else {
			rows.push(
				[seg(` ${entry.keys}`, {color: 'cyan'})],
				...wrapSegments([seg(entry.help)], width, {first: [seg('   ')]}),
			);
		}
	}
	return rows;
}

/** The first row shown for a wished `top`: never past the last screenful. */
export function helpTop(top: number, rowCount: number, height: number): number {
	return Math.max(0, Math.min(top, rowCount - height));
}
