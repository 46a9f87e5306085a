/**
 * How y copies, and what the footer says of it (issue 47: copy says what happened). Where the
 * program runs at the reader's own desktop (no SSH, and Wayland, X or macOS) a clipboard command
 * that is installed puts the text on the clipboard itself; anywhere else the text goes to the
 * terminal as OSC 52, which the terminal may honour or not, and the footer says only that it
 * was sent. Inside tmux, whose default `set-clipboard external` drops an application's OSC 52,
 * the footer says how to let it through. Pure: the facts come in, a choice or a line goes out.
 */
import {formatBytes, lineCount, plural} from '../../render/format.js';
import type {ClipboardEnv} from '../../settings.js';

/** A clipboard command and its arguments that read the text from standard input. */
export type ClipboardCommand = {name: string; args: readonly string[]};

/** A command to run (by the path it was found at), or OSC 52. */
export type ClipboardMethod = {kind: 'command'; command: ClipboardCommand; path: string} | {kind: 'osc52'};

/** The commands worth trying on each desktop, in order. */
const onWayland: readonly ClipboardCommand[] = [{name: 'wl-copy', args: []}];
const onX: readonly ClipboardCommand[] = [
	{name: 'xclip', args: ['-selection', 'clipboard']},
	{name: 'xsel', args: ['--clipboard', '--input']},
];
const onMac: readonly ClipboardCommand[] = [{name: 'pbcopy', args: []}];

/** The method for `env`; `find(name)` is where a command is on PATH, if anywhere. */
export function clipboardMethod(env: ClipboardEnv, find: (name: string) => string | undefined): ClipboardMethod {
	// Over SSH a command would copy on the far machine, not the reader's: the terminal is theirs.
	if (env.remote) return {kind: 'osc52'};
	const candidates = [...(env.macos ? onMac : []), ...(env.wayland ? onWayland : []), ...(env.x11 ? onX : [])];
	for (const command of candidates) {
		const path = find(command.name);
		if (path !== undefined) return {kind: 'command', command, path};
	}
	return {kind: 'osc52'};
}

/** What came of a copy: the command did it, or OSC 52 was sent (after a command that failed, if one did). */
export type CopyDone = {kind: 'command'; name: string} | {kind: 'osc52'; failed?: string; tmuxClipboard?: string};

/** The footer's line: `copied the output of exec_command (300 lines, 1 KB) with wl-copy`, or what was sent where. */
export function copyDoneMessage(copy: {text: string; what: string}, done: CopyDone): string {
	const size = `(${plural(lineCount(copy.text), 'line')}, ${formatBytes(Buffer.byteLength(copy.text))})`;
	if (done.kind === 'command') return `copied ${copy.what} ${size} with ${done.name}`;
	// tmux drops it unless set-clipboard is on: nothing was copied, and the fix comes first (the row may be cut).
	if (done.tmuxClipboard !== undefined && done.tmuxClipboard !== 'on') {
		return `not copied: tmux drops OSC 52; tmux set -g set-clipboard on (now ${done.tmuxClipboard})`;
	}
	const before = done.failed === undefined ? '' : `${done.failed}: `;
	return `${before}sent ${copy.what} ${size} to the terminal's clipboard (OSC 52)`;
}
