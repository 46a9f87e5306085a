// OSC 8 targets made from trace text: whatever a path or URL holds, the target written has no
// control character, no ESC, BEL or ST of its own, so it cannot end the sequence early; and a
// link takes no columns (string-width, which Ink measures rows with, skips the sequence).
import fc from 'fast-check';
import stringWidth from 'string-width';
import {expect, test} from 'vitest';
import {fileUri, hyperlink, webUri} from '../../source/render/hyperlink.js';

const controls = /[\u0000-\u001f\u007f-\u009f]/;

test('no path, however hostile, puts a control character in a file:// target', () => {
	fc.assert(
		fc.property(fc.string({unit: 'binary'}), fc.string(), (name, host) => {
			const uri = fileUri(host, `/${name}`);
			expect(uri).not.toMatch(controls);
			expect(uri.startsWith('file://')).toBe(true);
		}),
	);
});

test('a URL keeps its own characters, with every control byte percent-encoded', () => {
	expect(webUri('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
	expect(webUri('https://x/\u001b]8;;evil\u0007')).toBe('https://x/%1B]8;;evil%07');
	expect(webUri('javascript:alert(1)')).toBeUndefined();
	fc.assert(
		fc.property(fc.string({unit: 'binary'}), tail => {
			expect(webUri(`https://h/${tail}`) ?? '').not.toMatch(controls);
		}),
	);
});

test('a link is as wide as its text: the sequence takes no column', () => {
	const text = hyperlink(fileUri('box', '/tmp/a b.txt'), '/tmp/a b.txt');
	expect(stringWidth(text)).toBe('/tmp/a b.txt'.length);
	expect(text).toBe('\u001b]8;;file://box/tmp/a%20b.txt\u001b\\/tmp/a b.txt\u001b]8;;\u001b\\');
});
