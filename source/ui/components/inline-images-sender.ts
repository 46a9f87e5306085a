/**
 * The screen's side of images drawn inline (ui/panes/pane-image.ts): each image is sent to the
 * terminal once, as its placeholders are first drawn (so only images that come on screen are
 * ever sent), written between Ink's frames; inside tmux through its passthrough.
 */
import {kittyTransmit} from '../../render/inline-images.js';
import type {InlineImages} from '../panes/pane-types.js';

/** Rows an image takes at most on the screen. */
const imageRows = 6;

/** Images drawn with kitty's placeholders on `stdout`. */
export function inlineImages(stdout: NodeJS.WriteStream, tmux: boolean): InlineImages {
	const sent = new Set<string>();
	return {
		protocol: 'kitty',
		maxRows: imageRows,
		send: (id, data, columns, rows) => {
			const key = `${id}:${columns}x${rows}:${data.length}`;
			if (sent.has(key) || !stdout.writable) return;
			sent.add(key);
			stdout.write(kittyTransmit(id, data, columns, rows, {tmux}));
		},
	};
}
