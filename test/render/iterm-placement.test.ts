// Where iTerm2's pictures go: found in a frame's rows by their placeholders (a first row, then as many rows as the
// picture has, in the same column), drawn only when all of its rows are there; the placeholders blank in the text.
import {expect, test} from 'vitest';
import {kittyPlaceholderRow} from '../../source/render/inline-images.js';
import {blankPlaceholders, imagePlacements, itermPlaced} from '../../source/render/iterm-placement.js';

const cells = (id: number, row: number, columns: number): string =>
	`\u001b[38;5;${id}m${kittyPlaceholderRow(row, columns)}\u001b[39m`;
const rowsOf = (id: number): number | undefined => (id === 7 ? 3 : undefined);

test('a picture of three rows, all on the screen: its first row and column, its size in cells', () => {
	const lines = ['header', ' │ [image/png 64×60, 2 KB]', ...[0, 1, 2].map(row => ` │ ${cells(7, row, 6)}`), 'footer'];
	expect(imagePlacements(lines, rowsOf)).toEqual([{id: 7, row: 2, column: 3, columns: 6, rows: 3}]);
	expect(blankPlaceholders(lines[2]!)).toBe(' │ \u001b[38;5;7m      \u001b[39m');
});

test('cut by the bottom or the top of the body, or not a picture the screen sent: not drawn', () => {
	const bottom = ['label', `  ${cells(7, 0, 6)}`, `  ${cells(7, 1, 6)}`];
	expect(imagePlacements(bottom, rowsOf)).toEqual([]);
	const top = [`  ${cells(7, 1, 6)}`, `  ${cells(7, 2, 6)}`, 'text'];
	expect(imagePlacements(top, rowsOf)).toEqual([]);
	expect(imagePlacements([`  ${cells(9, 0, 6)}`], rowsOf)).toEqual([]);
	// Placeholders out of a trace's own text, after a colour of the same number: text, not a picture.
	const text = [0, 1, 2].map(row => `\u001b[38;5;7mx ${kittyPlaceholderRow(row, 6)}`);
	expect(imagePlacements(text, rowsOf)).toEqual([]);
});

test('placed at its cell, 1-based; inside tmux moved by where the pane starts, through the passthrough', () => {
	const place = {id: 7, row: 4, column: 2, columns: 6, rows: 3};
	const inline = '\u001b]1337;File=inline=1;size=3;width=6;height=3;preserveAspectRatio=1:QUJD\u0007';
	expect(itermPlaced('QUJD', 3, place, undefined)).toBe(`\u001b7\u001b[5;3H${inline}\u001b8`);
	const wrapped = `\u001b7\u001b[6;44H${inline}\u001b8`.replaceAll('\u001b', '\u001b\u001b');
	expect(itermPlaced('QUJD', 3, place, {row: 1, column: 41})).toBe(`\u001bPtmux;${wrapped}\u001b\\`);
});
