/**
 * | and w: the pane under the cursor handed to the shell, as less's `|` and its `s` (a log
 * file; `s` opens the session list here, so w, as vim's). A one-line prompt in the footer takes
 * the command or the file name; the program runs or writes it (io/pane-pipe.ts,
 * io/pane-file.ts) and the footer says in one line what came of it. Pure: the state asks, the
 * program does.
 */
import {formatBytes, lineCount, plural} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import type {Copy} from './copy-text.js';
import type {KeyPress} from './keymap.js';

/** The prompt in the footer: a command or a file name being typed, or whether to replace a file. */
export type HandOverPrompt =
	| {kind: 'pipe' | 'write'; draft: string; text: string; binary?: true}
	| {kind: 'overwrite'; name: string; text: string; binary?: true};

/** What the program is asked to do, once per `seq`. */
export type HandOverAsk =
	| {seq: number; kind: 'pipe'; command: string; text: string}
	| {seq: number; kind: 'write'; name: string; text: string; mode: 'new' | 'overwrite' | 'append'; binary?: true}
	| {seq: number; kind: 'edit'; file: string; place: EditPlace};

/** Where O opens a file: at a line, or where an edit's new text is (its first changed line). */
export type EditPlace = {line?: number; edit?: {old: string; new: string}};

/** What came of an ask: a line for the footer, or a file that is there already (then the footer asks). */
export type HandOverResult = {message: string} | {exists: true};

/** The state's part that this module changes. */
type Handing = {handPrompt?: HandOverPrompt; handAsk?: HandOverAsk; message?: string};

/** The last command piped to and the last file written: ↑ in the prompt brings it back, as a shell's history. */
function lastTyped(state: Handing, kind: 'pipe' | 'write'): string | undefined {
	const ask = state.handAsk;
	if (!ask) return undefined;
	if (ask.kind === 'pipe') return kind === 'pipe' ? ask.command : undefined;
	return ask.kind === 'write' && kind === 'write' ? ask.name : undefined;
}

/**
 * | or w pressed on a pane with `copy` as its text (what y copies): the prompt opens. `binary`: the text is an image's
 * base64, written as its bytes.
 */
export function startHandOver<S extends Handing>(
	state: S,
	kind: 'pipe' | 'write',
	copy: (Copy & {binary?: true}) | undefined,
): S {
	if (!copy) return {...state, message: `nothing to ${kind} in this pane`};
	return {...state, handPrompt: {kind, draft: '', text: copy.text, ...(copy.binary ? {binary: copy.binary} : {})}};
}

/** A prompt's text after a key (as a shell's line: Ctrl+U the line, Ctrl+W a word); undefined when Esc closed it. */
function edited(draft: string, input: string, key: KeyPress): string | undefined {
	if (key.escape) return undefined;
	if (key.backspace || key.delete) return [...draft].slice(0, -1).join('');
	if (key.ctrl && input === 'u') return '';
	if (key.ctrl && input === 'w') return draft.replace(/\S+\s*$/, '');
	if (key.ctrl || key.meta || key.downArrow || key.leftArrow || key.rightArrow) return draft;
	// eslint-disable-next-line no-control-regex
	return draft + input.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/** A key while the prompt is open. */
export function handOverKey<S extends Handing>(state: S, input: string, key: KeyPress): S {
	const prompt = state.handPrompt!;
	const seq = (state.handAsk?.seq ?? 0) + 1;
	if (prompt.kind === 'overwrite') {
		// As less asks of a log file that exists: o replaces it, a adds to it, any other key keeps it.
		const answer = input.toLowerCase();
		const mode = answer === 'o' || answer === 'y' ? 'overwrite' : answer === 'a' ? 'append' : undefined;
		if (!mode) return {...state, handPrompt: undefined, message: `not written: ${sanitize(prompt.name)} is as it was`};
		const binary = prompt.binary ? {binary: prompt.binary} : {};
		return {
			...state,
			handPrompt: undefined,
			handAsk: {seq, kind: 'write', name: prompt.name, text: prompt.text, mode, ...binary},
		};
	}
	if (key.return) {
		const typed = prompt.draft.trim();
		if (typed === '') return {...state, handPrompt: undefined};
		const ask: HandOverAsk =
			prompt.kind === 'pipe'
				? {seq, kind: 'pipe', command: typed, text: prompt.text}
				: {seq, kind: 'write', name: typed, text: prompt.text, mode: 'new', ...(prompt.binary ? {binary: true} : {})};
		return {...state, handPrompt: undefined, handAsk: ask};
	}
	if (key.upArrow) return {...state, handPrompt: {...prompt, draft: lastTyped(state, prompt.kind) ?? prompt.draft}};
	const draft = edited(prompt.draft, input, key);
	return {...state, handPrompt: draft === undefined ? undefined : {...prompt, draft}};
}

/** What the program answered: the footer's line, or the question whether to replace the file. */
export function handOverAnswer<S extends Handing>(state: S, ask: HandOverAsk, result: HandOverResult): S {
	if ('message' in result) return {...state, message: result.message};
	if (ask.kind !== 'write') return state;
	return {
		...state,
		handPrompt: {kind: 'overwrite', name: ask.name, text: ask.text, ...(ask.binary ? {binary: true} : {})},
	};
}

/** The footer's row while the prompt is open. */
export function handOverHint(prompt: HandOverPrompt): string {
	switch (prompt.kind) {
		case 'pipe':
			return `|${sanitize(prompt.draft)}▌   Enter pipe the pane to this command · ↑ the last · Esc cancel`;
		case 'write':
			return `w ${sanitize(prompt.draft)}▌   Enter write the pane to this file · ↑ the last · Esc cancel`;
		case 'overwrite':
			return `${sanitize(prompt.name)} exists: o overwrite · a append · any other key: do not write`;
	}
}

/** How a piped command ended (io/pane-pipe.ts's outcome). */
type PipeEnd = {status: number | null; signal: string | null; error?: string};

/** `wrote 300 lines (1 KB) to out.txt`, `added …`, or why not. */
export function writtenMessage(
	name: string,
	text: string,
	outcome: {kind: 'written'; bytes: number} | {kind: 'failed'; why: string},
	appended = false,
	binary = false,
): string {
	const shown = sanitize(name);
	if (outcome.kind === 'failed') return `could not write ${shown}: ${outcome.why}`;
	if (binary) return `${appended ? 'added' : 'wrote'} the image (${formatBytes(outcome.bytes)}) to ${shown}`;
	const size = `${plural(lineCount(text), 'line')} (${formatBytes(outcome.bytes)})`;
	return `${appended ? 'added' : 'wrote'} ${size} to ${shown}`;
}

/** `| wc -l: exit 0`; a command not found, killed or that could not start says so. */
export function pipedMessage(command: string, outcome: PipeEnd): string {
	const shown = `| ${sanitize(command)}`;
	if (outcome.error !== undefined) return `${shown}: could not run it: ${outcome.error}`;
	if (outcome.signal) return `${shown}: killed by ${outcome.signal}`;
	if (outcome.status === 127) return `${shown}: exit 127 (command not found)`;
	if (outcome.status === 126) return `${shown}: exit 126 (not executable)`;
	return `${shown}: exit ${outcome.status ?? '?'}`;
}
