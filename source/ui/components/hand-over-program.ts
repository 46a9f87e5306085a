/** The program's side of | and w (hand-over.ts asks): the command run or the file written, and the footer's line. */
import type {PagerTerminal} from '../../io/pager.js';
import {writePaneFile} from '../../io/pane-file.js';
import {runPipe} from '../../io/pane-pipe.js';
import {pipedMessage, writtenMessage, type HandOverAsk, type HandOverResult} from '../screen/hand-over.js';

/** Where it happens: the reader's shell, the folder a relative name is read from, the home `~` stands for. */
export type HandOverPlace = {shell: string; cwd: string; home: string};

/** Does what `ask` asks, on `terminal` for a command; returns the footer's line, or that the file is there already. */
export function handOverTo(ask: HandOverAsk, terminal: PagerTerminal, place: HandOverPlace): HandOverResult {
	if (ask.kind === 'pipe') {
		const outcome = runPipe(ask.text, ask.command, place.shell, terminal, done => pipedMessage(ask.command, done));
		return {message: pipedMessage(ask.command, outcome)};
	}
	const outcome = writePaneFile(ask.name, ask.text, ask.mode, place);
	if (outcome.kind === 'exists') return {exists: true};
	return {message: writtenMessage(ask.name, ask.text, outcome, ask.mode === 'append')};
}
