/**
 * An image drawn inline under its label, where the screen draws images (PaneInput.images: kitty's
 * Unicode placeholders): a PNG whose data the item kept (model/images.ts) and whose size its
 * header gave, scaled to a few rows and the pane's width. The placeholders are text: the
 * terminal draws the image in their cells, and scrolling or a redraw moves or keeps it as it
 * does text. Anything else stays its label alone.
 */
import {imageCells, kittyPlaceholderRow} from '../../render/inline-images.js';
import type {ImageRef} from '../../model/view-model.js';
import type {PaneInput} from './pane-types.js';
import type {Segment} from './segments.js';

/** The placeholder rows of `image` after `prefix` (an indent, a bar), or none when it is drawn as a label only. */
export function inlineImageRows(image: ImageRef, input: PaneInput, prefix: readonly Segment[]): Segment[][] {
	const images = input.images;
	const data = image.data?.base64;
	if (!images || data === undefined || image.mimeType !== 'image/png') return [];
	if (image.width === undefined || image.height === undefined) return [];
	const room = input.width - prefix.reduce((width, segment) => width + segment.text.length, 0);
	if (room < 4) return [];
	const {columns, rows} = imageCells(image.width, image.height, room, images.maxRows);
	const id = images.idOf(data);
	const send = (): void => images.send(id, data, columns, rows);
	const out: Segment[][] = [];
	for (let row = 0; row < rows; row++)
		out.push([...prefix, {text: kittyPlaceholderRow(row, columns), image: row === 0 ? {id, send} : {id}}]);
	return out;
}
