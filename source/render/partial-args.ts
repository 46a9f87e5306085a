/**
 * The arguments of a call while their JSON still streams (`{"description":"List the fil`):
 * the fields complete so far, so that a row can show them instead of the raw fragment.
 * Pure; a scan of the text once per call.
 */
import {isRecord} from '../protocol/guards.js';

/**
 * The complete top-level fields of an object whose JSON text is cut short; undefined when the
 * text does not start an object. A value counts as complete once a comma follows it, or,
 * for the last one, once it closes (a string's quote, a bracket): a number may still grow.
 */
export function completedFields(args: string): Record<string, unknown> | undefined {
	const text = args.trimStart();
	if (!text.startsWith('{')) return undefined;
	let depth = 0;
	let inString = false;
	let escaped = false;
	// Where the text may be cut and closed with `}`: after the last complete field.
	let cut = 1;
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!;
		if (inString) {
			if (escaped) escaped = false;
			else if (char === '\\') escaped = true;
			else if (char === '"') {
				inString = false;
				if (depth === 1) cut = closes(text, cut, i + 1);
			}
			continue;
		}
		if (char === '"') inString = true;
		else if (char === '{' || char === '[') depth++;
		else if (char === '}' || char === ']') {
			depth--;
			if (depth === 1) cut = closes(text, cut, i + 1);
		} else if (char === ',' && depth === 1) cut = i;
	}
	if (cut <= 1) return {};
	try {
		const value: unknown = JSON.parse(`${text.slice(0, cut)}}`);
		return isRecord(value) ? value : {};
	} catch {
		return {};
	}
}

/** `end` when the text up to it ends a field's value (it parses closed), else the cut before. */
function closes(text: string, before: number, end: number): number {
	try {
		JSON.parse(`${text.slice(0, end)}}`);
		return end;
	} catch {
		return before;
	}
}
