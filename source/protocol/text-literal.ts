/**
 * Where a model message's text (a `text` or `thinking` payload's) starts in a trace line's
 * bytes, found without parsing the line: print mode writes it straight from the JSON
 * (output/prerendered-texts.ts) and parses only the rest. Pure: bytes in, an offset out.
 */
import {findKey} from './arguments-literal.js';

/** The payload fields a model's words are in, each with its key as compact JSON writes it before a string. */
const keys = {text: Buffer.from('"text":"'), thinking: Buffer.from('"thinking":"')};

/**
 * The offset just after the opening quote of the string value of the first `field` key in a
 * line of JSON (written without spaces around the colon, as the harness writes it), or -1.
 * Which object the key belongs to is not checked here: the caller parses the rest and looks.
 */
export function findModelText(bytes: Buffer, field: 'text' | 'thinking'): number {
	const key = keys[field];
	const at = findKey(bytes, key);
	return at === -1 ? -1 : at + key.length;
}
