/**
 * An image's width and height read from its first bytes (PNG, GIF, WebP, JPEG), without
 * decoding it: what the screen's label says (`[image/png 640×480, 82 KB]`). Bytes that are no
 * such header give nothing, never an error. Pure.
 */

/** Pixels across and down. */
export type PixelSize = {width: number; height: number};

const be16 = (b: Uint8Array, i: number): number => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8);
const be32 = (b: Uint8Array, i: number): number =>
	((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const le24 = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const ascii = (b: Uint8Array, i: number, text: string): boolean =>
	[...text].every((char, k) => b[i + k] === char.charCodeAt(0));

/** The size a header says; undefined when the bytes are none of the four formats, or cut before the size. */
export function imageSize(b: Uint8Array): PixelSize | undefined {
	const size = sizeOf(b);
	return size && size.width > 0 && size.height > 0 ? size : undefined;
}

function sizeOf(b: Uint8Array): PixelSize | undefined {
	if (b.length >= 24 && b[0] === 0x89 && ascii(b, 1, 'PNG') && ascii(b, 12, 'IHDR'))
		return {width: be32(b, 16), height: be32(b, 20)};
	if (b.length >= 10 && (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')))
		return {width: le16(b, 6), height: le16(b, 8)};
	if (b.length >= 30 && ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return webpSize(b);
	if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
	return undefined;
}

function webpSize(b: Uint8Array): PixelSize | undefined {
	if (ascii(b, 12, 'VP8 ')) return {width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff};
	if (ascii(b, 12, 'VP8L') && b[20] === 0x2f) {
		const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
		return {width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1};
	}
	if (ascii(b, 12, 'VP8X')) return {width: le24(b, 24) + 1, height: le24(b, 27) + 1};
	return undefined;
}

/** A JPEG's size from its first start-of-frame marker (SOF0–SOF15 but DHT, JPG and DAC). */
function jpegSize(b: Uint8Array): PixelSize | undefined {
	let i = 2;
	while (i + 9 < b.length) {
		if (b[i] !== 0xff) return undefined;
		const marker = b[i + 1]!;
		if (marker === 0xff) {
			i++;
			continue;
		}
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
			return {width: be16(b, i + 7), height: be16(b, i + 5)};
		// Markers without a length (RSTn, SOI, TEM) are two bytes; the rest say their length.
		i += (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01 ? 2 : 2 + be16(b, i + 2);
	}
	return undefined;
}

/** base64 characters read for a header: 64 KB of image, enough for a JPEG's EXIF before its frame. */
const headChars = 87_384;

/** The size in a base64 body's first bytes; undefined when it is not base64 or no known header. */
export function base64ImageSize(body: string): PixelSize | undefined {
	const head = body.slice(0, headChars).replace(/[^A-Za-z0-9+/]/g, '');
	try {
		const text = atob(head.slice(0, head.length - (head.length % 4)));
		const bytes = new Uint8Array(text.length);
		for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
		return imageSize(bytes);
	} catch {
		return undefined;
	}
}
