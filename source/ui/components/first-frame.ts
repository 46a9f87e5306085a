/**
 * The screen's first frame, drawn before Ink is loaded. Loading Ink and React takes most
 * of a second on a slow machine (hundreds of modules); the session's end is ready in a few
 * milliseconds (io/tail-first.ts). So the same rows the screen would show (the pure layout,
 * viewport and status-line functions beside this one) are written once, straight to the
 * terminal, in the alternate screen; Ink then draws over them with the same picture. Keys
 * pressed meanwhile wait in the terminal (raw mode, no echo) until Ink reads them.
 */
import {homedir} from 'node:os';
import {onCrash} from '../../crash.js';
import type {TextReader} from '../../model/held-text.js';
import type {SessionStore} from '../../model/session-store.js';
import {Layouter} from '../panes/layout.js';
import {openStateFrom} from '../panes/open-state.js';
import {screenGeometry} from '../reading/screen-geometry.js';
import {seg, type Segment} from '../panes/segments.js';
import type {Palette} from '../panes/palette.js';
import {paletteRow} from '../panes/palette-row.js';
import {sessionTime} from '../screen/session-clock.js';
import {footerPrompt, footerStats, headerRows} from '../screen/status-line.js';
import {following, visibleRows} from '../reading/viewport.js';

/** Options for paintFirstFrame. */
export type FirstFrameOptions = {
	expand?: readonly string[];
	color: boolean;
	/** Reads back the texts the model holds on disk, for the panes drawn. */
	texts?: TextReader;
	stdout?: NodeJS.WriteStream;
	stdin?: NodeJS.ReadStream;
	/** The clock the screen will run on (App's). */
	clock?: () => number;
	/** The screen's palette (palette-choice.ts); without it, the basic colours by name. */
	palette?: Palette;
};

/** The painted frame: hand the terminal over to Ink with `handOver` just before it renders. */
export type FirstFrame = {handOver(): void};

const colorCodes: Record<string, number> = {
	red: 31,
	green: 32,
	yellow: 33,
	blue: 34,
	magenta: 35,
	cyan: 36,
	white: 37,
	gray: 90,
};

/** One row as terminal text, styled the way Ink draws the same segments. */
function rowText(segments: readonly Segment[], color: boolean): string {
	let out = '';
	for (const segment of segments) {
		if (!color) {
			out += segment.text;
			continue;
		}
		const codes: number[] = [];
		if (segment.bold) codes.push(1);
		if (segment.dim) codes.push(2);
		if (segment.italic) codes.push(3);
		if (segment.underline) codes.push(4);
		if (segment.inverse) codes.push(7);
		if (segment.color) codes.push(colorCodes[segment.color] ?? 39);
		out += codes.length > 0 ? `\u001b[${codes.join(';')}m${segment.text}\u001b[0m` : segment.text;
	}
	return out;
}

/**
 * Draws the store's view as the screen's first frame (following, nothing focused), when
 * stdout is a terminal. Drawn as App.tsx draws it: two header rows, a rule, the body, a
 * rule, the footer's two rows, in the same geometry (screen-geometry.ts).
 */
export function paintFirstFrame(store: SessionStore, options: FirstFrameOptions): FirstFrame | undefined {
	const stdout = options.stdout ?? process.stdout;
	const stdin = options.stdin ?? process.stdin;
	if (stdout.isTTY !== true) return undefined;
	const {rules, height, width, paneWidth} = screenGeometry(stdout.columns || 80, stdout.rows || 24);
	const now = (options.clock ?? Date.now)();
	const view = store.view;
	const time = sessionTime(view, store.status, now);
	const layout = new Layouter(options.texts).layout(
		view,
		paneWidth,
		openStateFrom(options.expand),
		time.now,
		time.stoppedAt,
	);
	const body = visibleRows(layout, height, following).rows;
	const rule = [seg('─'.repeat(width), {dim: true})];
	const lines: Segment[][] = [
		...headerRows({
			view,
			status: store.status,
			following: true,
			now,
			width,
			home: homedir(),
			stoppedAt: time.stoppedAt,
		}),
	];
	if (rules) lines.push(rule);
	for (let i = 0; i < height; i++) {
		const row = body[i];
		lines.push(row ? [seg(' '), ...row.segments] : []);
	}
	if (rules) lines.push(rule);
	lines.push(footerStats(view, 0, width), footerPrompt({editing: false, draft: '', width}));
	try {
		// Raw mode first: a key pressed from now on is kept for Ink, not echoed over the frame.
		if (stdin.isTTY) stdin.setRawMode(true);
	} catch {
		// Not a terminal we can set: keys echo until Ink takes over.
	}
	const {palette} = options;
	// With a palette, each row as the screen's own rows draw it (palette-row.ts, without chalk), in its colours.
	const draw = (line: readonly Segment[]): string =>
		palette && options.color ? paletteRow(line, palette) : rowText(line, options.color);
	const text = lines.map(line => `${draw(line)}\u001b[K`).join('\r\n');
	// Alternate screen, cursor hidden, home, cleared: the same terminal state Ink will use.
	stdout.write(`\u001b[?1049h\u001b[?25l\u001b[H\u001b[2J${text}`);
	// Until Ink takes over, a signal or a crash must still put the terminal back.
	const restore = (): void => {
		try {
			if (stdin.isTTY) stdin.setRawMode(false);
			stdout.write('\u001b[0m\u001b[?25h\u001b[?1049l');
		} catch {
			// The terminal is gone.
		}
	};
	const onSignal = (): void => {
		restore();
		process.exit(0);
	};
	const signals = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;
	for (const signal of signals) process.once(signal, onSignal);
	const unregister = onCrash(restore);
	return {
		handOver() {
			for (const signal of signals) process.off(signal, onSignal);
			unregister();
			// Ink writes its first frame from the top without erasing: clear ours right before,
			// inside a synchronized update (mode 2026) that Ink's first frame ends, so a terminal
			// that knows the mode shows the clear and the new frame at once, never a blank screen
			// between them (others ignore it). runScreen ends the update itself too, in case.
			stdout.write('\u001b[?2026h\u001b[H\u001b[2J');
		},
	};
}
