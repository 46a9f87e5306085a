/**
 * How a tool call reads in one line: known tools by their meaning (`$ cmd`, a path and a
 * range), any other tool by its most telling argument, found from the session's own tool
 * list (its first required string parameter).
 */
import {isRecord} from '../protocol/guards.js';
import type {ToolDefinition} from '../protocol/types.js';
import {lineCount, oneLine} from './format.js';

export type ToolCallSummary = {
	/** The one-line gist: `$ ls -la`, `src/app.ts:10-40`, a subagent's description. */
	headline: string;
	/** Secondary text, shown dim: an exec_command's description. */
	note?: string;
};

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

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined =>
	typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The one-line summary of a call; `max` bounds the headline's length. */
export function summarizeToolCall(
	name: string,
	args: string,
	tools: readonly ToolDefinition[] = [],
	max = 120,
): ToolCallSummary {
	const parsed = parseArgs(args);
	if (!parsed) return {headline: oneLine(args, max)};
	const path = str(parsed['file_path']);
	switch (name) {
		case 'exec_command': {
			const cmd = str(parsed['cmd']);
			if (cmd !== undefined) return {headline: oneLine(`$ ${cmd}`, max), note: str(parsed['description'])};
			break;
		}
		case 'read_file': {
			if (path === undefined) break;
			const offset = num(parsed['offset']);
			const limit = num(parsed['limit']);
			const from = offset ?? 1;
			const range = offset !== undefined || limit !== undefined ? `:${from}-${limit === undefined ? '' : from + limit - 1}` : '';
			return {headline: oneLine(`${path}${range}`, max)};
		}
		case 'write_file': {
			const content = str(parsed['content']);
			if (path === undefined) break;
			return {headline: oneLine(`${path} · ${lineCount(content ?? '')} lines`, max)};
		}
		case 'edit_file': {
			if (path === undefined) break;
			const removed = lineCount(str(parsed['old_string']) ?? '');
			const added = lineCount(str(parsed['new_string']) ?? '');
			const all = parsed['replace_all'] === true ? ' (all)' : '';
			return {headline: oneLine(`${path} +${added} −${removed}${all}`, max)};
		}
		case 'run_subagent': {
			const description = str(parsed['description']);
			if (description !== undefined) return {headline: oneLine(description, max)};
			break;
		}
		default:
			break;
	}
	return {headline: oneLine(genericHeadline(name, parsed, tools), max)};
}

/** For a tool we have no words for: its first required string argument, else key=value pairs. */
function genericHeadline(name: string, args: Record<string, unknown>, tools: readonly ToolDefinition[]): string {
	const definition = tools.find(tool => tool.name === name);
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

/** The exit code an exec_command output ends with (`[exit code: 2]`), if any. */
export function exitCodeOf(output: string | undefined): number | undefined {
	if (!output) return undefined;
	const match = /\[exit code: (-?\d+)\]\s*$/.exec(output.slice(-64));
	return match ? Number(match[1]) : undefined;
}

/** Arguments pretty-printed for an opened pane; the raw text while it is not yet JSON. */
export function prettyArgs(args: string): string {
	const parsed = parseArgs(args);
	return parsed ? JSON.stringify(parsed, null, 2) : args;
}
