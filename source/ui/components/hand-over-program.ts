/** The program's side of |, w and O (hand-over.ts asks): the command run, the file written or opened, its line. */
import {openInEditor} from '../../io/editor-open.js';
import type {PagerTerminal} from '../../io/pager.js';
import {writePaneFile} from '../../io/pane-file.js';
import {runPipe} from '../../io/pane-pipe.js';
import {sanitize} from '../../render/sanitize.js';
import {pipedMessage, writtenMessage, type HandOverAsk, type HandOverResult} from '../screen/hand-over.js';

/**
 * Where it happens: the reader's shell, the folder a relative name is read from, the home `~` stands for, the editor
 * of O (settings.ts; vi when none is given).
 */
export type HandOverPlace = {shell: string; cwd: string; home: string; editor?: string};

/** Does what `ask` asks, on `terminal` for a command; returns the footer's line, or that the file is there already. */
export function handOverTo(ask: HandOverAsk, terminal: PagerTerminal, place: HandOverPlace): HandOverResult {
	if (ask.kind === 'pipe') {
		const outcome = runPipe(ask.text, ask.command, place.shell, terminal, done => pipedMessage(ask.command, done));
		return {message: pipedMessage(ask.command, outcome)};
	}
	if (ask.kind === 'edit')
		return {message: openInEditor(ask.file, ask.place, terminal, place.editor ?? 'vi', sanitize(ask.file))};
	const outcome = writePaneFile(ask.name, ask.text, ask.mode, place, ask.binary === true);
	if (outcome.kind === 'exists') return {exists: true};
	return {message: writtenMessage(ask.name, ask.text, outcome, ask.mode === 'append', ask.binary === true)};
}
