/**
 * The pages either side of the view drawn ahead while the reader is still: laid out, styled and cut into Ink's rows
 * (ink-output.ts's warmInkRows) a moment after the last frame, so that Space, b, Ctrl+F or Ctrl+B find their rows
 * made and their frame costs React's render and the write. Most of a page's frame was Ink tokenizing rows it had
 * never seen (docs/performance.md). Nothing is drawn ahead while the view follows a stream: the page below is empty,
 * and the one above scrolls away with each delta.
 */
import {useEffect} from 'react';
import {warmInkRows} from '../components/ink-output.js';

/** How long the screen stays still before the pages beside it are drawn. */
const stillMs = 60;

/**
 * Once the screen has been still for a moment, hands Ink the rows `ahead` gives (each string as the body would write
 * it, at column `x`). `ahead` undefined: nothing to draw ahead. Made again after every frame (its identity changes).
 */
export function usePageWarm(ahead: (() => readonly string[]) | undefined, x: number): void {
	useEffect(() => {
		if (!ahead) return undefined;
		const timer = setTimeout(() => warmInkRows(x, ahead()), stillMs);
		return () => clearTimeout(timer);
	}, [ahead, x]);
}
