/** Small helpers that turn trace text into safe, short pieces for a row. */
import {sanitize} from '../../render/sanitize.js';
import {fitTail, seg, type Segment} from './segments.js';

/** A one-line excerpt of the start of a text, sanitized, whitespace folded. */
export function excerpt(text: string, maxChars = 400): string {
	return sanitize(text.slice(0, maxChars * 4))
		.replace(/\s+/g, ' ')
		.trim()
		.slice(0, maxChars);
}

/** How many of a text's last characters latestWords looks at. */
export const latestWordsChars = (width: number): number => Math.max(64, width * 4);

/** The last words of a growing text that fit in `width` columns, after an ellipsis. */
export function latestWords(text: string, width: number): string {
	const tail = sanitize(text.slice(-latestWordsChars(width)))
		.replace(/\s+/g, ' ')
		.trim();
	if (width <= 1) return '';
	const fitted = fitTail(tail, width - 1);
	return fitted.length < tail.length ? `…${fitted}` : fitted;
}

/** Sanitized text split into lines (a trailing newline ends the last line, it does not add one). */
export function safeLines(text: string): string[] {
	const clean = sanitize(text);
	const lines = clean.split('\n');
	if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/** A closed pane's one row: `▸ label  excerpt`. */
export function labelled(marker: string, label: Segment[], rest: Segment[]): Segment[] {
	return [seg(marker + ' ', {dim: true}), ...label, ...(rest.length > 0 ? [seg('  '), ...rest] : [])];
}

/** `500 {"error":{"message":"overloaded"}}` → `500 overloaded`: the words a person reads. */
export function readableError(text: string): string {
	const clean = excerpt(text, 1000);
	const match = /^(\d{3})?\s*(\{.*\})\s*$/.exec(clean);
	if (match) {
		try {
			const parsed: unknown = JSON.parse(match[2]!);
			const message = findMessage(parsed);
			if (message) return [match[1], excerpt(message, 500)].filter(Boolean).join(' ');
		} catch {
			// Not JSON after all: the text as it is.
		}
	}
	return clean;
}

function findMessage(value: unknown, depth = 0): string | undefined {
	if (depth > 3 || typeof value !== 'object' || value === null) return undefined;
	const record = value as Record<string, unknown>;
	if (typeof record['message'] === 'string') return record['message'];
	for (const key of ['error', 'detail', 'details']) {
		const inner = findMessage(record[key], depth + 1);
		if (inner) return inner;
	}
	return undefined;
}
