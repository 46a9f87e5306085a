/**
 * The matches of a pattern in one trace line, in its texts as the screen has them: user and
 * assistant text, thinking, a tool call's name and arguments (each argument's value decoded),
 * a tool's whole output; JSON escapes read, then sanitized as every trace text is. Each match
 * says the line of the text it is on. Pure: the line comes in as text (io/grep-scan.ts).
 */
import {isRecord, isTextPayload, isToolCallOutputPayload, isToolCallPayload} from '../../protocol/guards.js';
import {parseLine} from '../../protocol/parse-line.js';
import type {AnyPayload} from '../../protocol/types.js';
import {sanitize} from '../../render/sanitize.js';
import {matchRanges} from './search-match.js';

/** What a matched text is: `call` a tool call's name and arguments, `output` its output. */
export type ContentKind = 'user' | 'assistant' | 'thinking' | 'call' | 'output';

/** One line of a text holding the pattern. */
export type ContentMatch = {
	kind: ContentKind;
	/** The message's time (ms since the epoch), when it has one. */
	at: number | undefined;
	/** The tool call's id (a call's or an output's). */
	toolCallId?: string;
	/** The line within the text (1: its first). */
	textLine: number;
	/** That line, sanitized. */
	line: string;
	/** Where the pattern matches in it, left to right. */
	ranges: Array<[number, number]>;
};

/** A trace line's searched texts: kind, text, tool call id. */
export function searchedTexts(payload: AnyPayload): Array<{kind: ContentKind; text: string; toolCallId?: string}> {
	if (isTextPayload(payload)) return [{kind: payload.role === 'user' ? 'user' : 'assistant', text: payload.text}];
	if (payload.type === 'thinking' && typeof payload['thinking'] === 'string')
		return [{kind: 'thinking', text: payload['thinking']}];
	if (isToolCallPayload(payload))
		return [
			{kind: 'call', text: `${payload.name}\n${argumentLines(payload.arguments)}`, toolCallId: payload.tool_call_id},
		];
	if (isToolCallOutputPayload(payload))
		return [{kind: 'output', text: payload.output, toolCallId: payload.tool_call_id}];
	return [];
}

/** A call's arguments as a reader takes them: `key: value` a line each, a string's value as written. */
function argumentLines(args: string): string {
	let parsed: unknown;
	try {
		parsed = JSON.parse(args);
	} catch {
		return args;
	}
	if (!isRecord(parsed)) return args;
	return Object.entries(parsed)
		.map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
		.join('\n');
}

/**
 * Every line of `text`'s texts (a trace line) where `regex` (global) matches; none when it is no message. `mayHold`
 * (search-match.ts's rawTextCheck of the literal every match holds) rules out, before they are sanitized, the lines
 * that cannot match.
 */
export function contentMatches(text: string, regex: RegExp, mayHold?: (line: string) => boolean): ContentMatch[] {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return [];
	}
	return eventMatches(value, regex, mayHold);
}

/** The same for a trace line already parsed (a server's trace events). */
export function eventMatches(value: unknown, regex: RegExp, mayHold?: (line: string) => boolean): ContentMatch[] {
	const parsed = parseLine('', {line: 0, offset: 0}, value);
	if (parsed.kind !== 'message') return [];
	const stamp = parsed.message.timestamp === undefined ? Number.NaN : Date.parse(parsed.message.timestamp);
	const at = Number.isFinite(stamp) ? stamp : undefined;
	const found: ContentMatch[] = [];
	for (const {kind, text: searched, toolCallId} of searchedTexts(parsed.message.payload)) {
		// Line by line, as the screen's search takes them (sanitize keeps line ends): a long output's lines that cannot
		// match are not sanitized.
		const lines = searched.split('\n');
		for (let i = 0; i < lines.length; i++) {
			if (mayHold && !mayHold(lines[i]!)) continue;
			const line = sanitize(lines[i]!);
			const ranges = matchRanges(line, regex);
			if (ranges.length > 0) found.push({kind, at, textLine: i + 1, line, ranges, ...(toolCallId ? {toolCallId} : {})});
		}
	}
	return found;
}
