/**
 * A desktop notification through the terminal (--notify): OSC 9 (iTerm2, WezTerm, kitty,
 * Windows Terminal…) and OSC 777 (urxvt, foot, Ghostty, VTE) in one write, wrapped in tmux's
 * passthrough inside tmux (it must then allow it: `set -g allow-passthrough on`). The text
 * is trace-borne: no control character may end a sequence early, and `;` would split 777's
 * title from its body. Pure: whether tmux is around comes from the settings.
 */
import {sanitize} from './sanitize.js';

const esc = '\u001b';
const st = `${esc}\\`;

/** The text as it may go inside an OSC: one line, no C0/C1 controls, bounded. */
export function oscText(text: string, max = 200): string {
	// eslint-disable-next-line no-control-regex
	const clean = sanitize(text)
		.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return [...clean].slice(0, max).join('');
}

/** Wraps `sequence` for tmux's passthrough: ESC P tmux; …(each ESC doubled)… ESC \. */
export function tmuxPassthrough(sequence: string): string {
	return `${esc}Ptmux;${sequence.replaceAll(esc, esc + esc)}${st}`;
}

/** The bytes that ask the terminal to show `body` under `title` as a notification. */
export function notificationSequence(title: string, body: string, options: {tmux: boolean}): string {
	const t = oscText(title, 60).replaceAll(';', ',');
	const b = oscText(body);
	const osc9 = `${esc}]9;${t}: ${b}${st}`;
	const osc777 = `${esc}]777;notify;${t};${b}${st}`;
	return options.tmux ? tmuxPassthrough(osc9) + tmuxPassthrough(osc777) : osc9 + osc777;
}
