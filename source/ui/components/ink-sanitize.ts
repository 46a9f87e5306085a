/**
 * Ink's sanitizeAnsi, remembered: scripts/build.mjs has Ink's sanitize-ansi.js export this
 * around its own. Ink runs every text node's text through it on every frame, twice when the
 * node was measured again (Yoga's measure, then the drawing), and a text holding any escape
 * (every styled row: styled-row.ts) is cut into tokens and joined back each time: a sixth of a
 * streaming frame's CPU in the profile. Its answer depends on the text alone, so a text seen
 * in a recent frame costs a lookup (test/ui/ink-sanitize.test.ts compares it with Ink's own).
 */
import {boundedMemo} from '../panes/bounded-memo.js';

/** Texts kept: a few screens' worth of rows, or a few hundred frames of the body's text, emptied when full. */
const limit = 512;

/** `sanitize` with its answers remembered. */
export function rememberSanitized(sanitize: (text: string) => string): (text: string) => string {
	return boundedMemo(limit, sanitize);
}
