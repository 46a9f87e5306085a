/** Images as placeholders: a mime type and a size, never the decoded bytes. */
import {base64ImageSize} from './image-size.js';
import {ImageBody, type ImageRef} from './view-model.js';

/** The largest image (decoded bytes) whose data an item keeps, to be drawn on the screen or written by w. */
export const inlineImageLimit = 512 * 1024;

/** The decoded size of a base64 string, computed from its length alone. */
export function base64Bytes(data: string): number {
	return base64BytesOf(data.length, data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

/** The decoded size of base64 text of `length` characters whose last `padding` are `=`. */
export function base64BytesOf(length: number, padding: number): number {
	if (length === 0) return 0;
	return Math.max(0, Math.floor((length * 3) / 4) - padding);
}

/**
 * A data URL's description from its header (between `data:` and the comma), the length of
 * its body and how many `=` end it: what imageRefOf makes of the whole URL.
 */
export function dataUrlRef(header: string, bodyLength: number, padding: number): ImageRef {
	const mimeType = header.split(';')[0] || 'application/octet-stream';
	return {mimeType, bytes: header.includes(';base64') ? base64BytesOf(bodyLength, padding) : bodyLength};
}

/**
 * Images described before their message is read, by a token that stands in the message for the
 * data URL (print mode, fastpath/prerendered-outputs.ts: a screenshot's base64 is most of its
 * line, and is never shown). Tokens start with a noncharacter a trace cannot hold. The reader
 * that cuts the lines owns the map; the model of the same run is handed it and only reads it.
 */
export type ImageDescriptions = ReadonlyMap<string, ImageRef>;

/**
 * A call's images as its item holds them: frozen, so that every call's list, empty or not,
 * has one shape (an empty array literal and a list of images are two to V8, and print mode's
 * tool-call line was compiled again each time the other came).
 */
export const noImages: readonly ImageRef[] = Object.freeze([]);

/** Gives a call the images of `urls` (imageRefOf each), frozen as {@link noImages} is. */
export function setImages(
	item: {images: readonly ImageRef[]},
	urls: readonly string[],
	described?: ImageDescriptions,
	keep?: ImageDataBudget,
): void {
	item.images = Object.freeze(urls.map(url => imageRefOf(url, described, keep)));
}

/** The longest data URL an image keeps (its payload bounded per image: a trace may hold many). */
const keptDataUrlChars = 64 * 1024;

/** How many characters of data URLs a session keeps in all: the page and the memory stay bounded. */
export const imageDataChars = 8 * 1024 * 1024;

/** What is left of a session's {@link imageDataChars}: images keep their data while it lasts. */
export type ImageDataBudget = {left: number};
const keptImageHeader = /^image\/(?:png|jpeg|gif|webp);base64$/;

/**
 * A data URL or a web URL (or a token `described` has), described without holding its payload;
 * with `keep` (--export html only) a small raster image keeps its data URL too, while the budget lasts.
 */
export function imageRefOf(url: string, described?: ImageDescriptions, keep?: ImageDataBudget): ImageRef {
	if (described !== undefined && url.charCodeAt(0) === 0xfdd0) {
		const ref = described.get(url);
		if (ref !== undefined) return ref;
	}
	if (url.startsWith('data:')) {
		const comma = url.indexOf(',');
		const header = comma === -1 ? url.slice(5) : url.slice(5, comma);
		const body = comma === -1 ? '' : url.slice(comma + 1);
		const ref = dataUrlRef(header, body.length, body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0);
		// The pixel size from the header's first bytes alone: a huge or broken body costs no more.
		const size = header.includes(';base64') && ref.mimeType.startsWith('image/') ? base64ImageSize(body) : undefined;
		const sized = size === undefined ? ref : {...ref, ...size};
		// Kept for the screen (drawn, written by w) only when small; never in JSON (view-model.ts).
		const shown = size !== undefined && ref.bytes <= inlineImageLimit ? {...sized, data: new ImageBody(body)} : sized;
		// Small raster images are kept whole for the HTML export; larger ones stay a size only.
		if (!keep || url.length > keptDataUrlChars || url.length > keep.left || !keptImageHeader.test(header)) return shown;
		keep.left -= url.length;
		return {...shown, dataUrl: url};
	}
	return {mimeType: 'url', bytes: 0, url: url.length > 500 ? `${url.slice(0, 499)}…` : url};
}
