/** The program's side of y and Y: the method chosen once (clipboard-choice.ts), the text copied, the footer's line. */
import {findOnPath, runClipboardCommand, tmuxClipboardSetting} from '../../io/clipboard-command.js';
import type {ClipboardEnv} from '../../settings.js';
import {clipboardMethod, copyDoneMessage, type ClipboardMethod, type CopyDone} from './clipboard-choice.js';
import {osc52} from './copy-text.js';

/** Where y copies to: the environment's facts, tmux around the program, the terminal's output. */
export type ClipboardPlace = {env: ClipboardEnv; insideTmux: boolean; write: (sequence: string) => void};

/** A copier: puts `text` on the clipboard and returns the footer's line about it. */
export function clipboardWriter(place: ClipboardPlace): (text: string, what: string) => string {
	let method: ClipboardMethod | undefined;
	let tmuxClipboard: string | undefined;
	return (text, what) => {
		method ??= clipboardMethod(place.env, name => findOnPath(name, place.env.path));
		let failed: string | undefined;
		if (method.kind === 'command') {
			failed = runClipboardCommand(method.path, method.command.args, text);
			if (failed === undefined) return copyDoneMessage({text, what}, {kind: 'command', name: method.command.name});
		}
		place.write(osc52(text));
		// Asked at the first copy that needs it (it may change while the program runs, but rarely does).
		if (place.insideTmux) tmuxClipboard ??= tmuxClipboardSetting();
		const done: CopyDone = {kind: 'osc52'};
		if (failed !== undefined) done.failed = failed;
		if (tmuxClipboard !== undefined) done.tmuxClipboard = tmuxClipboard;
		return copyDoneMessage({text, what}, done);
	};
}
