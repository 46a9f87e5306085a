// An image's pixel size from its first bytes, for the label `[image/png 640×480, 82 KB]`: PNG,
// GIF, WebP (lossy, lossless, extended) and JPEG (past an EXIF block); anything else, cut or
// broken, gives no size and no error; a huge data URL is described from its head alone.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {base64ImageSize, imageSize} from '../../source/model/image-size.js';
import {imageRefOf, inlineImageLimit} from '../../source/model/images.js';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
	Uint8Array.from(parts.flatMap(part => (typeof part === 'string' ? [...part].map(c => c.charCodeAt(0)) : part)));
const be32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number): number[] => [n & 255, (n >>> 8) & 255];
const le24 = (n: number): number[] => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

const png = (w: number, h: number) =>
	bytes([0x89], 'PNG\r\n\u001a\n', be32(13), 'IHDR', be32(w), be32(h), [8, 2, 0, 0, 0]);

test('PNG, GIF, WebP and JPEG headers give their size', () => {
	expect(imageSize(png(640, 480))).toEqual({width: 640, height: 480});
	expect(imageSize(bytes('GIF89a', le16(320), le16(200)))).toEqual({width: 320, height: 200});
	const riff = (kind: string, rest: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', kind, [0, 0, 0, 0], rest);
	expect(imageSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...le16(800), ...le16(600)]))).toEqual({
		width: 800,
		height: 600,
	});
	const lossless = (1023 & 0x3fff) | ((767 & 0x3fff) << 14);
	expect(imageSize(riff('VP8L', [0x2f, ...be32(lossless).reverse(), 0, 0, 0, 0, 0]))).toEqual({
		width: 1024,
		height: 768,
	});
	expect(imageSize(riff('VP8X', [0, 0, 0, 0, ...le24(1919), ...le24(1079)]))).toEqual({width: 1920, height: 1080});
	const exif = [0xff, 0xe1, ...[0x10, 0x00], ...new Array<number>(0x1000 - 2).fill(0)];
	const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, ...[0x01, 0xe0], ...[0x02, 0x80], 0x03];
	expect(imageSize(bytes([0xff, 0xd8], exif, sof, new Array<number>(20).fill(0)))).toEqual({width: 640, height: 480});
});

test('bytes of no known header, cut or random, give no size and never throw', () => {
	expect(imageSize(png(640, 480).slice(0, 20))).toBeUndefined();
	expect(imageSize(bytes('hello world, this is not an image'))).toBeUndefined();
	fc.assert(fc.property(fc.uint8Array({maxLength: 64}), b => void imageSize(b)));
	expect(base64ImageSize('!!!not base64 at all!!!')).toBeUndefined();
});

test('a data URL is described by its header; its body is kept only when small', () => {
	const small = `data:image/png;base64,${Buffer.from(png(8, 6)).toString('base64')}`;
	const ref = imageRefOf(small);
	expect(ref).toMatchObject({mimeType: 'image/png', width: 8, height: 6});
	expect(ref.data?.base64).toBe(small.slice(small.indexOf(',') + 1));
	expect(JSON.stringify(ref)).not.toContain('iVBOR');
	// 3 MB of image after the same header: its size, and no body kept.
	const huge = `${small}${'A'.repeat(4 * 1024 * 1024)}`;
	const hugeRef = imageRefOf(huge);
	expect(hugeRef.bytes).toBeGreaterThan(inlineImageLimit);
	expect(hugeRef).toMatchObject({width: 8, height: 6});
	expect(hugeRef.data).toBeUndefined();
	// Broken: a label's facts, nothing more.
	expect(imageRefOf('data:image/png;base64,!!!')).toEqual({mimeType: 'image/png', bytes: 2});
});
