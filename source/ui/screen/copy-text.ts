/**
 * What y and Y copy, and the one escape the screen itself writes for it: OSC 52, which asks
 * the terminal (or tmux, or ssh's far end) to set the clipboard. The text is a pane's whole
 * content as the session holds it (no gutters, no wrapping, every line of an output),
 * sanitized first: a trace's own escapes never reach the terminal, nor the clipboard.
 * Pure: the screen state asks for a copy, the program writes the escape.
 */
import type {Shown} from '../../model/held-text.js';
import type {Item} from '../../model/view-model.js';
import {formatBytes, lineCount, plural} from '../../render/format.js';
import {itemText} from '../../render/item-kinds.js';
import {sanitize} from '../../render/sanitize.js';
import {parseArgs, presenterFor, summarizeToolCall} from '../../render/tool-summary.js';

/** A copy asked for: the text, and the words for the footer (and for the pager's prompt, `title`). */
export type Copy = {text: string; what: string; title?: string};

/** More than this (in bytes) is not sent: terminals drop or cut a longer OSC 52 silently. */
export const copyLimit = 1024 * 1024;

/** The arguments of a call: pretty JSON when they parse, else as they arrived. */
function argsText(args: string): string {
	try {
		return JSON.stringify(JSON.parse(args), null, 2);
	} catch {
		return args;
	}
}

/**
 * The text of a pane for y (`args`: Y, a call's arguments), its held texts read; undefined when the pane has nothing to
 * copy.
 */
export function copyOf(item: Shown<Item>, args = false): Copy | undefined {
	const make = (raw: string, what: string): Copy | undefined => {
		const text = sanitize(raw);
		return text.trim() === '' ? undefined : {text, what};
	};
	if (args) {
		if (item.kind !== 'tool_call') return undefined;
		// What the tool's entry says a call means (an exec_command's command), else its arguments.
		const parsed = parseArgs(item.args);
		const meant = parsed && presenterFor(item.name).copyArgs(parsed);
		return meant ? make(meant.text, meant.what) : make(argsText(item.args), `the arguments of ${item.name}`);
	}
	switch (item.kind) {
		case 'tool_call':
			return item.output !== undefined && item.output !== ''
				? make(item.output, `the output of ${item.name}`)
				: make(argsText(item.args), `the arguments of ${item.name}`);
		case 'user_text':
			return make(item.text, 'the message');
		case 'assistant_text':
			return make(item.text, 'the answer');
		case 'thinking':
			return make(item.text, 'the thinking');
		case 'compaction':
			return make(item.summary, 'the summary');
		case 'malformed':
			return make(item.excerpt, 'the malformed line');
		default:
			// A pane with nothing more particular to copy: its text (render/item-kinds.ts).
			return make(itemText(item), 'the pane');
	}
}

/** The whole text of a pane for the pager (v): a call's arguments and its whole output; else what y copies. */
export function pagerText(item: Shown<Item>): Copy | undefined {
	if (item.kind !== 'tool_call') return copyOf(item);
	const output = item.output !== undefined && item.output !== '' ? `\n\n${item.output}` : '';
	// `exec_command: ls -la`: the shell's `$ ` says nothing in a title.
	const gist = summarizeToolCall(item.name, item.args, [], 80).headline.replace(/^\$ /, '');
	const title = sanitize(`${item.name}${gist === '' ? '' : `: ${gist}`}`).replace(/\s+/g, ' ');
	return {text: sanitize(`${item.name}\n${argsText(item.args)}${output}`), what: `the call of ${item.name}`, title};
}

/** The footer's confirmation: `copied the output of exec_command (3 lines, 1.2 KB)`. */
export function copyMessage(copy: Copy): string {
	const bytes = Buffer.byteLength(copy.text);
	if (bytes > copyLimit) return `${copy.what} is too long to copy (${formatBytes(bytes)}): v opens it in the pager`;
	const lines = lineCount(copy.text);
	return `copied ${copy.what} (${plural(lines, 'line')}, ${formatBytes(bytes)})`;
}

/** The OSC 52 escape that sets the clipboard to `text`. */
export function osc52(text: string): string {
	return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}
