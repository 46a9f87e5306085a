/**
 * The column measure Ink uses in the bundle: scripts/build.mjs points Ink's (and
 * widest-line's) imports of string-width here. Ink measures every text node of every frame
 * (the whole row, styles and all) and every character it places, and string-width runs the
 * grapheme segmenter and three Unicode expressions over each: a fifth of a streaming frame's
 * CPU. Text of printable ASCII alone is as wide as it is long (string-width says the same for
 * it, checked for every such character and any string in test/ui/ink-width.test.ts); the rest
 * is measured by string-width, and remembered, since a frame's rows are mostly the rows of
 * the frame before.
 */
import stringWidth from 'string-width';
import {boundedMemo} from '../panes/bounded-memo.js';

const printableAscii = /^[\u0020-\u007e]*$/;
/** Measures kept: a few screens of rows, emptied when full (rows come and go with scrolling). */
const measured = boundedMemo(4096, text => stringWidth(text));

type Options = Parameters<typeof stringWidth>[1];

/** string-width's answer, sooner. */
export default function inkStringWidth(text: string, options?: Options): number {
	if (options !== undefined || typeof text !== 'string') return stringWidth(text, options);
	return printableAscii.test(text) ? text.length : measured(text);
}
