/**
 * Terminal columns of a short piece of text (a grapheme, or a slice of a line), exact once
 * string-width is loaded and close until then.
 *
 * Loading string-width costs 35–50 ms on this project's machines (its grapheme segmenter and
 * emoji expressions are built when the module loads), about a quarter of the budget for the
 * screen's first frame. So the first frame, drawn before anything else loads, measures with
 * the East Asian Width table alone, and everything after it (Ink, print mode, exports) waits
 * for {@link loadExactWidths}. The two agree on everything but emoji sequences (ZWJ families,
 * flags, keycaps, skin tones), which the close measure counts a part at a time: for at most
 * one frame a row holding one may wrap a few columns early.
 *
 * In the bundle (scripts/build.mjs) string-width's segmenter and emoji expression are built
 * on its first measure rather than when it loads: print mode, which waits for it, pays them
 * only if some text with tabs or carriage returns has something beyond ASCII beside them.
 */
import {eastAsianWidth} from 'get-east-asian-width';

let exact: ((text: string) => number) | undefined;

/** Loads string-width; from then on {@link measureWidth} is exact. Safe to call again (the import is loaded once). */
export async function loadExactWidths(): Promise<void> {
	exact ??= (await import('string-width')).default;
}

/**
 * Has string-width build what it builds on its first measure (in the bundle: see above), now
 * rather than in the middle of a frame. The screen calls it as it loads: left to the first
 * measure, those ~28 ms would land on a key press during a stream (docs/performance.md).
 */
export function prepareExactWidths(): void {
	exact?.('é');
}

/** Whether {@link measureWidth} is exact yet (callers that cache widths cache only then). */
export function widthsAreExact(): boolean {
	return exact !== undefined;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The graphemes of `text`. The segmenter is made on first use: the first one a process makes
 * loads ICU's data (~17 ms), which text without joining characters never needs.
 */
export function segmentGraphemes(text: string): Intl.Segments {
	segmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'});
	return segmenter.segment(text);
}

// Code points that take no column of their own: marks, format characters and controls,
// and the default-ignorables (joiners, variation selectors, tags, reserved ones).
const zeroWidth = /^[\p{M}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]$/u;

/** Columns `text` takes in a terminal. */
export function measureWidth(text: string): number {
	return exact ? exact(text) : closeWidth(text);
}

/** The measure used until string-width is loaded: a code point at a time. */
export function closeWidth(text: string): number {
	let width = 0;
	for (const char of text) {
		if (zeroWidth.test(char)) continue;
		width += eastAsianWidth(char.codePointAt(0)!, {ambiguousAsWide: false});
	}
	return width;
}
