// Ink's sanitizeAnsi remembered between frames (ink-sanitize.ts, used by Ink's squashTextNodes
// in the bundle) answers what Ink's own does, for any texts in any order, the same text asked
// again, and past the point where what it keeps is emptied.
import fc from 'fast-check';
import {expect, test} from 'vitest';
// Ink's own, unbundled and unchanged.
import sanitizeAnsi from '../../node_modules/ink/build/sanitize-ansi.js';
import {rememberSanitized} from '../../source/ui/components/ink-sanitize.js';

const piece = fc.oneof(
	fc.constantFrom(
		'\u001b[31m',
		'\u001b[39m',
		'\u001b[1;2m',
		'\u001b[2J',
		'\u001b[5A',
		'\u001b]8;;http://x\u0007',
		'\u001b]8;;\u0007',
		'\u009b1m',
		'\u001bc',
		'\u001b',
		'word',
		' ',
		'漢',
		'👍',
		'\n',
	),
	fc.string({maxLength: 4}),
);
const text = fc.array(piece, {maxLength: 12}).map(list => list.join(''));

test('it answers as Ink’s own sanitizeAnsi for any texts, asked in any order and again', () => {
	fc.assert(
		fc.property(fc.array(text, {minLength: 1, maxLength: 30}), fc.array(fc.nat(), {maxLength: 30}), (texts, again) => {
			const remembered = rememberSanitized(sanitizeAnsi);
			for (const one of texts) expect(remembered(one)).toBe(sanitizeAnsi(one));
			for (const index of again)
				expect(remembered(texts[index % texts.length]!)).toBe(sanitizeAnsi(texts[index % texts.length]!));
		}),
		{numRuns: 300},
	);
});

test('past its limit it forgets and still answers right', () => {
	const remembered = rememberSanitized(sanitizeAnsi);
	for (let i = 0; i < 10_000; i++) {
		const one = `\u001b[3${i % 8}mrow ${i}\u001b[2K\u001b[39m`;
		expect(remembered(one)).toBe(`\u001b[3${i % 8}mrow ${i}\u001b[39m`);
	}
});
