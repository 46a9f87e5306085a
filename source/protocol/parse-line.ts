/**
 * One trace line to one record. Never throws: a line that is not an OmniMessage becomes a
 * malformed-line record that says where it was and why, with a short excerpt.
 */
import {isOmniMessage} from './guards.js';
import type {OmniMessage} from './types.js';

export type LinePosition = {
	/** 1-based line number within its file. */
	line: number;
	/** Byte offset of the line's first byte within its file. */
	offset: number;
	/** Shard index (1 for `_001`), when the line came from a trace file. */
	shard?: number;
};

export type MalformedLine = LinePosition & {
	reason: string;
	excerpt: string;
};

export type ParsedLine =
	| {kind: 'message'; message: OmniMessage; at: LinePosition}
	| {kind: 'malformed'; malformed: MalformedLine};

const excerptLength = 80;

/** The first characters of a bad line, with control characters made visible. */
export function excerptOf(text: string): string {
	const head = text.length > excerptLength ? text.slice(0, excerptLength) + '…' : text;
	// eslint-disable-next-line no-control-regex
	return head.replace(/[\u0000-\u001f\u007f-\u009f]/g, ch => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** `parsed`, when given, is what `text` parses to (the line splitter's cut parsed it already). */
export function parseLine(text: string, at: LinePosition, parsed?: unknown): ParsedLine {
	let value: unknown;
	try {
		value = parsed ?? JSON.parse(text);
	} catch (error) {
		const reason = error instanceof Error ? error.message : 'invalid JSON';
		return {kind: 'malformed', malformed: {...at, reason: `invalid JSON: ${reason}`, excerpt: excerptOf(text)}};
	}
	if (!isOmniMessage(value)) {
		return {
			kind: 'malformed',
			malformed: {...at, reason: 'not an OmniMessage envelope', excerpt: excerptOf(text)},
		};
	}
	return {kind: 'message', message: value, at};
}
