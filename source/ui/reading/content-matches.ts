/**
 * The matches of a pattern in one trace line, in its texts as the screen has them: user and
 * assistant text, thinking, a tool call's name and arguments (each argument's value decoded),
 * a tool's whole output; JSON escapes read, then sanitized as every trace text is. Each match
 * says the line of the text it is on. Pure: the line comes in as text, or as bytes (io/grep-scan.ts), of which a
 * long line's texts are read only where the pattern's anchor is.
 */
import {heldFieldSpans, heldFields, heldLinesHolding, type LineBytes} from '../../model/held-field.js';
import {isRecord, isTextPayload, isToolCallOutputPayload, isToolCallPayload} from '../../protocol/guards.js';
import {parseLine} from '../../protocol/parse-line.js';
import type {AnyPayload} from '../../protocol/types.js';
import {sanitize} from '../../render/sanitize.js';
import {matchRanges, type TextLine} from './search-match.js';

/** A text's lines that may match, before they are sanitized (search-match.ts's rawTextLines). */
export type LinesThatMay = (text: string) => readonly TextLine[];

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

// From this size a line whose anchor can only be as written is not parsed whole: its held texts (outputs, texts,
// thinking) are cut out, and only their lines holding the anchor are read.
const parsedWholeBelow = 4096;

/** {@link contentMatches} of a line given as bytes: a long line's held texts are read only where they may match. */
export function lineBytesMatches(line: LineBytes, regex: RegExp, linesThatMay?: LinesThatMay): ContentMatch[] {
	const {bytes, start, end, nextHit} = line;
	const held =
		nextHit && end - start >= parsedWholeBelow
			? heldMatches(bytes, start, end, nextHit, regex, linesThatMay)
			: undefined;
	return held ?? contentMatches(bytes.toString('utf8', start, end), regex, linesThatMay);
}

// The matches read from the line without its held texts, and of those texts only the lines `nextHit` points into;
// undefined when the line is not plain enough for that (the caller parses it whole, which also finds it is not JSON).
function heldMatches(
	bytes: Buffer,
	start: number,
	end: number,
	nextHit: (at: number) => number,
	regex: RegExp,
	linesThatMay: LinesThatMay | undefined,
): ContentMatch[] | undefined {
	const spans = heldFieldSpans(bytes, start, end)?.sort((a, b) => a.from - b.from);
	if (spans === undefined || spans.length === 0) return undefined;
	let rest = '';
	let at = start;
	const held = new Map<number, TextLine[]>();
	try {
		for (const span of spans) {
			rest += bytes.toString('utf8', at, span.from);
			at = span.to;
			const lines: TextLine[] = [];
			for (const {index, from, to} of heldLinesHolding(bytes, span.from, span.to, nextHit)) {
				const text = JSON.parse(`"${bytes.toString('utf8', from, to)}"`) as string;
				if (!linesThatMay || linesThatMay(text).length > 0) lines.push({index, text});
			}
			held.set(span.field, lines);
		}
		rest += bytes.toString('utf8', at, end);
		return eventMatches(JSON.parse(rest), regex, undefined, held);
	} catch {
		return undefined;
	}
}

/**
 * Every line of `text`'s texts (a trace line) where `regex` (global) matches; none when it is no message.
 * `linesThatMay` (search-match.ts's rawTextLines of the literal every match holds) gives a text's lines that may match,
 * before they are sanitized: the others are not.
 */
export function contentMatches(text: string, regex: RegExp, linesThatMay?: LinesThatMay): ContentMatch[] {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return [];
	}
	return eventMatches(value, regex, linesThatMay);
}

/**
 * The same for a trace line already parsed (a server's trace events). `held`: for a held field cut out of the line
 * (model/held-field.ts's code), the lines of its text that may match, read from its bytes.
 */
export function eventMatches(
	value: unknown,
	regex: RegExp,
	linesThatMay?: LinesThatMay,
	held?: ReadonlyMap<number, readonly TextLine[]>,
): ContentMatch[] {
	const parsed = parseLine('', {line: 0, offset: 0}, value);
	if (parsed.kind !== 'message') return [];
	const stamp = parsed.message.timestamp === undefined ? Number.NaN : Date.parse(parsed.message.timestamp);
	const at = Number.isFinite(stamp) ? stamp : undefined;
	const found: ContentMatch[] = [];
	for (const {kind, text: searched, toolCallId} of searchedTexts(parsed.message.payload)) {
		const take = (index: number, text: string): void => {
			const line = sanitize(text);
			const ranges = matchRanges(line, regex);
			if (ranges.length > 0)
				found.push({kind, at, textLine: index + 1, line, ranges, ...(toolCallId ? {toolCallId} : {})});
		};
		const lines = held?.get(heldFieldOf[kind]) ?? linesThatMay?.(searched);
		if (lines) for (const {index, text} of lines) take(index, text);
		else {
			// Every line (a pattern with no literal): no object for each.
			const every = searched.split('\n');
			for (let index = 0; index < every.length; index++) take(index, every[index]!);
		}
	}
	return found;
}

// The held field a kind of text is read from (0: none).
const heldFieldOf: Readonly<Record<ContentKind, number>> = {
	user: heldFields.text,
	assistant: heldFields.text,
	thinking: heldFields.thinking,
	output: heldFields.output,
	call: 0,
};
