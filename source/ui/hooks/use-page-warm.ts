/**
 * The pages either side of the view drawn ahead while the reader is still: laid out, styled and cut into Ink's rows
 * (ink-output.ts's warmInkRows) a moment after the last frame, so that Space, b, Ctrl+F or Ctrl+B find their rows
 * made and their frame costs React's render and the write. Most of a page's frame was Ink tokenizing rows it had
 * never seen (docs/performance.md). Nothing is drawn ahead while the view follows a stream (the page below is empty,
 * the one above scrolls away with each delta), nor again for a view that has not moved since (a stream growing
 * below a reader scrolled up redraws the footer, not the pages).
 */
import {useEffect, useRef} from 'react';
import {warmInkRows} from '../components/ink-output.js';

/** How long the screen stays still before the pages beside it are drawn. */
const stillMs = 60;

/**
 * Once the screen has been still for a moment, hands Ink the rows `ahead` gives (each string as the body would write
 * it, at column `x`). `ahead` undefined: nothing to draw ahead. `place`: what says where the view is (its top, the
 * cursor, the folds, the size, the search); drawn ahead once for each place.
 */
export function usePageWarm(ahead: (() => readonly string[]) | undefined, x: number, place: readonly unknown[]): void {
	const warmed = useRef<readonly unknown[]>([]);
	const same = place.length === warmed.current.length && place.every((part, i) => Object.is(part, warmed.current[i]));
	useEffect(() => {
		if (!ahead || same) return undefined;
		const timer = setTimeout(() => {
			warmed.current = place;
			warmInkRows(x, ahead());
		}, stillMs);
		return () => clearTimeout(timer);
	});
}
