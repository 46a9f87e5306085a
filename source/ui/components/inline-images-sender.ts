/**
 * The screen's side of images drawn inline (ui/panes/pane-image.ts): each image is sent to the
 * terminal once, as its placeholders are first drawn (so only images that come on screen are
 * ever sent), written between Ink's frames; inside tmux through its passthrough. With iTerm2's
 * protocol nothing is sent here: the picture is kept, and iterm-frames.ts draws it over its
 * placeholders after the frames that need it.
 */
import {imageId, kittyTransmit} from '../../render/inline-images.js';
import type {InlineImages} from '../panes/pane-types.js';

/** Rows an image takes at most on the screen. */
const imageRows = 6;

/** Images drawn with kitty's placeholders on `stdout` (or, `iterm`, over them: iterm-frames.ts). */
export function inlineImages(
	stdout: NodeJS.WriteStream,
	tmux: boolean,
	protocol: InlineImages['protocol'] = 'kitty',
): InlineImages {
	const sent = new Set<string>();
	const pictures = new Map<number, {data: string; rows: number}>();
	// The id is the placeholders' 256-colour foreground: the first 255 images met get one each, in turn, so that no
	// two of them share one (a hash of 255 values makes two of 20 images share one about half the time); past that,
	// the hash of the data.
	const ids = new Map<string, number>();
	return {
		protocol,
		maxRows: imageRows,
		idOf: data => {
			let id = ids.get(data);
			if (id === undefined) {
				id = ids.size < 255 ? ids.size + 1 : imageId(data);
				if (ids.size < 255) ids.set(data, id);
			}
			return id;
		},
		send: (id, data, columns, rows) => {
			if (protocol === 'iterm') {
				pictures.set(id, {data, rows});
				return;
			}
			const key = `${id}:${columns}x${rows}:${data.length}`;
			if (sent.has(key) || !stdout.writable) return;
			sent.add(key);
			stdout.write(kittyTransmit(id, data, columns, rows, {tmux}));
		},
		pictureOf: id => pictures.get(id),
	};
}
