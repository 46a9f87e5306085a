/** Glyphs and colours for states, in one place so that panes, header and footer agree. */
import type {ToolState} from '../../model/view-model.js';
import type {Style} from './segments.js';

/** Braille spinner; the frame comes from the clock so that layout stays a pure function. */
export const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** The spinner frame for a moment (one frame per second: the screen ticks once a second). */
export function spinnerAt(nowMs: number): string {
	return spinnerFrames[Math.floor(nowMs / 1000) % spinnerFrames.length]!;
}

export const glyph = {
	closed: '▸',
	open: '▾',
	cursor: '▌',
	focus: '›',
	ok: '✓',
	fail: '✗',
	denied: '⊘',
	aborted: '■',
	waiting: '⏸',
	unanswered: '?',
	retry: '⟳',
	warn: '⚠',
	info: 'ℹ',
	child: '↳',
	image: '▣',
	goal: '◆',
	plug: '⚡',
	unknown: '·',
} as const;

/** How a tool call's state looks: its glyph (undefined: the spinner) and style. */
export function toolStateLook(state: ToolState): {glyph?: string; style: Style; word?: string} {
	switch (state) {
		case 'done':
			return {glyph: glyph.ok, style: {color: 'green'}};
		case 'failed':
			return {glyph: glyph.fail, style: {color: 'red', bold: true}, word: 'failed'};
		case 'denied':
			return {glyph: glyph.denied, style: {color: 'yellow', bold: true}, word: 'denied'};
		case 'forbidden':
			return {glyph: glyph.denied, style: {color: 'red', bold: true}, word: 'forbidden'};
		case 'aborted':
			return {glyph: glyph.aborted, style: {color: 'yellow'}, word: 'aborted'};
		case 'unanswered':
			return {glyph: glyph.unanswered, style: {dim: true}, word: 'no result'};
		case 'awaiting_approval':
			return {glyph: glyph.waiting, style: {color: 'yellow', bold: true}};
		case 'streaming':
		case 'running':
			return {style: {color: 'cyan'}};
	}
}

/** Tool states that change with time (a spinner, an elapsed duration). */
export function isLiveToolState(state: ToolState): boolean {
	return state === 'running' || state === 'streaming' || state === 'awaiting_approval';
}

/** Tool states that count as problems (e/E jump to them). */
export function isProblemToolState(state: ToolState): boolean {
	return state === 'failed' || state === 'denied' || state === 'forbidden' || state === 'aborted';
}
