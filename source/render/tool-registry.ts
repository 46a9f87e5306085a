/**
 * Tools as data: for each tool the upstream knows, how its call reads in one line, how its
 * arguments show in an opened pane, whether its output ends with an exit code, and what
 * print mode and Markdown write for its arguments. Every output (the screen's panes, print
 * mode, Markdown, stats) asks here; a tool that is not listed is shown by the generic
 * presenter, and an MCP tool (`mcp__<server>__<tool>`) by the MCP one. Adding a tool is
 * adding one entry.
 *
 * Names and argument keys are the upstream's (packages/core/src/environment/tools/).
 */
import {isRecord} from '../protocol/guards.js';
import {subagentToolName, type ToolDefinition} from '../protocol/types.js';
import {lineCount} from './format.js';
import {editDiff} from './edit-diff.js';

/** How a call reads in one line. */
export type ToolCallSummary = {
	/** The one-line gist: `$ ls -la`, `src/app.ts:10-40`, a subagent's description. */
	headline: string;
	/** Secondary text, shown dim: an exec_command's description. */
	note?: string;
};

/**
 * A piece of the arguments in an opened pane; each output draws it its own way. `command`
 * stands out, `quiet` is dim, `removed` and `added` are the two sides of an edit.
 */
export type ArgumentPart =
	| {kind: 'path'; path: string}
	/** `file`: the text is that file's, coloured in its language where colour is on. */
	| {kind: 'text'; text: string; tone: 'command' | 'quiet' | 'removed' | 'added'; file?: string}
	/** An edit of file `file`: `removed` replaced by `added`, drawn as a diff of their lines. */
	| {kind: 'diff'; file: string; removed: string; added: string}
	| {kind: 'child'; sessionId: string};

/** What a presenter knows of the call besides its arguments. */
export type ToolCallContext = {
	name: string;
	/** The session's tool list (the generic presenter reads the tool's schema in it). */
	tools: readonly ToolDefinition[];
	childSessionId?: string;
	/** The pane's header row shows the summary's note already, whole. */
	noteShown?: boolean;
	/** The pane's header row shows the summary's headline whole (not cut to the width). */
	headlineShown?: boolean;
};

/** A file a call names, and where in it the call is about. */
export type LinkedFile = {path: string; line?: number; edit?: {old: string; new: string}};

/** One tool's presentation. Every part is optional: what an entry leaves out is the generic one's. */
export type ToolPresenter = {
	/** The gist of a call whose arguments parsed; undefined when they lack what it needs (then the generic one). */
	summary?(args: Record<string, unknown>, call: ToolCallContext): ToolCallSummary | undefined;
	/** The parsed arguments as an opened pane shows them. */
	argumentParts?(args: Record<string, unknown>, call: ToolCallContext): ArgumentPart[];
	/** The output ends with `[exit code: N]`: a failed call's row shows the code. */
	exitCode?: boolean;
	/** The arguments (raw JSON text) as print mode writes them under the call. */
	printArgs?(args: string, parsed?: Record<string, unknown>): string;
	/** The arguments (raw JSON text) as Markdown writes them: a fenced block's text and language. */
	markdownArgs?(args: string): {text: string; language: string};
	/** What Y copies of the call, and its name for the footer (a command, not its JSON); undefined: the arguments. */
	copyArgs?(args: Record<string, unknown>): {text: string; what: string} | undefined;
	/**
	 * The file whose lines the output is, `numbered` as `cat -n` prints them: coloured in its language; undefined: plain.
	 */
	codeOutput?(args: Record<string, unknown>): {file: string; numbered: boolean} | undefined;
	/**
	 * Arguments of which `summary` reads nothing but their line count (linesOf): print mode may
	 * hand it their counts instead of their text (fastpath/prerendered-args.ts).
	 */
	countedArgs?: readonly string[];
	/** The headline is a command line: its words that name files under the workspace are links on the screen. */
	commandLine?: boolean;
	/**
	 * The one file the call reads or writes, as its arguments name it, and the place in it the call is about (a read's
	 * first line, an edit's strings): the screen links its path, and O opens it there.
	 */
	linkedFile?(args: Record<string, unknown>): LinkedFile | undefined;
	/**
	 * Every argument `summary` reads (absent or null: it may read any): print mode may hand it these alone, parsed from
	 * their block (fastpath/prerendered-args.ts). `test/render/summary-args.test.ts` holds each presenter to it.
	 */
	summaryArgs?: readonly string[] | null;
};

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * Where parsed arguments carry the line counts of strings left out of them (print mode's
 * shortcut: fastpath/prerendered-args.ts): string argument name to lineCount of its text.
 */
export const argLineCounts = Symbol('argLineCounts');

/** The lines of string argument `key` (0 when it is not a string), from its count where the arguments carry one. */
export function linesOf(args: Record<string, unknown>, key: string): number {
	const counted = (args as {[argLineCounts]?: Record<string, number>})[argLineCounts];
	return counted?.[key] ?? lineCount(str(args[key]) ?? '');
}

/** The arguments JSON as an object, or undefined while it is incomplete or not an object. */
export function parseArgs(args: string): Record<string, unknown> | undefined {
	if (args.trim() === '') return undefined;
	try {
		const value: unknown = JSON.parse(args);
		return isRecord(value) ? value : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Arguments pretty-printed; the raw text while it is not yet JSON. `parsed`: what `args` parses to, when the caller has
 * it already.
 */
export function prettyArgs(args: string, parsed = parseArgs(args)): string {
	return parsed ? JSON.stringify(parsed, null, 2) : args;
}

/** For a tool we have no words for: its first required string argument, else key=value pairs. */
function genericHeadline(args: Record<string, unknown>, call: ToolCallContext): string {
	const definition = call.tools.find(tool => tool.name === call.name);
	const schema = definition?.parameters;
	const required = isRecord(schema) && Array.isArray(schema['required']) ? schema['required'] : [];
	for (const key of required) {
		if (typeof key === 'string' && key !== 'description' && typeof args[key] === 'string') {
			return String(args[key]);
		}
	}
	const description = str(args['description']);
	if (description !== undefined) return description;
	return Object.entries(args)
		.map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
		.join(' ');
}

/** Any tool: its most telling argument in one line, its arguments as JSON. */
export const genericPresenter: Required<ToolPresenter> = {
	summary: (args, call) => ({headline: genericHeadline(args, call)}),
	argumentParts: args => [{kind: 'text', text: JSON.stringify(args, null, 2), tone: 'quiet'}],
	exitCode: false,
	printArgs: prettyArgs,
	summaryArgs: null,
	copyArgs: () => undefined,
	codeOutput: () => undefined,
	countedArgs: [],
	commandLine: false,
	linkedFile: () => undefined,
	markdownArgs(args) {
		const parsed = parseArgs(args);
		return parsed ? {text: JSON.stringify(parsed, undefined, 2), language: 'json'} : {text: args, language: 'text'};
	},
};

/** A tool of an MCP server (`mcp__<server>__<tool>`): described by its own schema, as the generic one reads it. */
export const mcpPresenter: ToolPresenter = Object.freeze({});

/** Whether `name` is an MCP server's tool (shown by {@link mcpPresenter} unless listed). */
export function isMcpTool(name: string): boolean {
	return name.startsWith('mcp__');
}

const path = (args: Record<string, unknown>): ArgumentPart[] => {
	const file = str(args['file_path']);
	return file === undefined ? [] : [{kind: 'path', path: file}];
};

/**
 * The tools the upstream's harness has, by name: a table no one changes (render/tool-summary.ts
 * fills each entry in once). A test hands the outputs a table with a tool added, to show that
 * an entry is all a tool needs.
 */
export const toolPresenters: ReadonlyMap<string, ToolPresenter> = new Map<string, ToolPresenter>([
	[
		'exec_command',
		{
			commandLine: true,
			summary(args) {
				const cmd = str(args['cmd']);
				return cmd === undefined ? undefined : {headline: `$ ${cmd}`, note: str(args['description'])};
			},
			argumentParts(args, call) {
				const parts: ArgumentPart[] = [];
				const cmd = str(args['cmd']) ?? '';
				// A command the header row shows whole is not said again.
				if (cmd.includes('\n') || !call.headlineShown) parts.push({kind: 'text', text: `$ ${cmd}`, tone: 'command'});
				const description = str(args['description']);
				if (description && !call.noteShown) parts.push({kind: 'text', text: description, tone: 'quiet'});
				return parts;
			},
			summaryArgs: ['cmd', 'description'],
			exitCode: true,
			copyArgs(args) {
				const cmd = str(args['cmd']);
				return cmd === undefined ? undefined : {text: cmd, what: 'the command'};
			},
		},
	],
	[
		'read_file',
		{
			linkedFile(args) {
				const path = str(args['file_path']);
				const line = num(args['offset']);
				return path === undefined
					? undefined
					: line !== undefined && Number.isInteger(line) && line > 0
						? {path, line}
						: {path};
			},
			summary(args) {
				const file = str(args['file_path']);
				if (file === undefined) return undefined;
				const offset = num(args['offset']);
				const limit = num(args['limit']);
				const from = offset ?? 1;
				const range =
					offset !== undefined || limit !== undefined ? `:${from}-${limit === undefined ? '' : from + limit - 1}` : '';
				return {headline: `${file}${range}`};
			},
			summaryArgs: ['file_path', 'offset', 'limit'],
			// The summary says it all, when the row has room for it.
			argumentParts: (args, call) => (call.headlineShown ? [] : path(args)),
			codeOutput(args) {
				const file = str(args['file_path']);
				return file === undefined ? undefined : {file, numbered: true};
			},
		},
	],
	[
		'write_file',
		{
			linkedFile: args => {
				const path = str(args['file_path']);
				return path === undefined ? undefined : {path};
			},
			summary(args) {
				const file = str(args['file_path']);
				return file === undefined ? undefined : {headline: `${file} · ${linesOf(args, 'content')} lines`};
			},
			countedArgs: ['content'],
			argumentParts: args => [
				...path(args),
				{kind: 'text', text: str(args['content']) ?? '', tone: 'quiet', file: str(args['file_path'])},
			],
		},
	],
	[
		'edit_file',
		{
			linkedFile(args) {
				const path = str(args['file_path']);
				const edit = {old: String(args['old_string'] ?? ''), new: String(args['new_string'] ?? '')};
				return path === undefined ? undefined : {path, edit};
			},
			summary(args) {
				const file = str(args['file_path']);
				if (file === undefined) return undefined;
				// The lines the diff under it shows as removed and added: those the two strings share are context.
				const diff = editDiff(str(args['old_string']) ?? '', str(args['new_string']) ?? '');
				const removed = diff.filter(line => line.sign === '-').length;
				const added = diff.filter(line => line.sign === '+').length;
				const all = args['replace_all'] === true ? ' (all)' : '';
				return {headline: `${file} +${added} −${removed}${all}`};
			},
			// No countedArgs: the headline reads the two strings whole, for their diff.
			argumentParts: args => [
				...path(args),
				{
					kind: 'diff',
					file: str(args['file_path']) ?? '',
					removed: str(args['old_string']) ?? '',
					added: str(args['new_string']) ?? '',
				},
			],
		},
	],
	// Its one argument, `source` (a path or a URL), is the required string the generic summary shows.
	['read_image', {}],
	[
		subagentToolName,
		{
			summary(args) {
				const description = str(args['description']);
				return description === undefined ? undefined : {headline: description};
			},
			argumentParts(args, call) {
				const parts: ArgumentPart[] = call.childSessionId ? [{kind: 'child', sessionId: call.childSessionId}] : [];
				const prompt = str(args['prompt']);
				if (prompt) parts.push({kind: 'text', text: prompt, tone: 'quiet'});
				return parts;
			},
		},
	],
]);
