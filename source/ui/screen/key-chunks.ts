/**
 * Keys that arrive in one read (a paste, ssh or mosh sending what was typed together, three
 * Backspaces at once) split into the presses they are. Ink parses escape sequences apart
 * but hands plain text and control bytes over as one chunk: `echo 2\r` or `\x7f\x7f\x7f`.
 */
import type {KeyPress} from './keymap.js';

export type Press = {input: string; key: KeyPress};

/** One press per character; Enter, Backspace, Tab and Ctrl+letter named as Ink names them alone. */
export function splitPresses(input: string): Press[] {
	const presses: Press[] = [];
	for (const char of input) {
		const code = char.codePointAt(0)!;
		if (char === '\r' || char === '\n') presses.push({input: '', key: {return: true}});
		else if (char === '\u007f' || char === '\b') presses.push({input: '', key: {backspace: true}});
		else if (char === '\t') presses.push({input: '\t', key: {tab: true}});
		else if (code >= 1 && code <= 26) presses.push({input: String.fromCharCode(code + 96), key: {ctrl: true}});
		else presses.push({input: char, key: {}});
	}
	return presses;
}

/** Whether a press is several keys that came together (and not one key Ink named). */
export function isChunk(input: string, key: KeyPress): boolean {
	return [...input].length > 1 && !key.ctrl && !key.meta;
}
