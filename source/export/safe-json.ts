/**
 * JSON text that is safe to print to a terminal. JSON.stringify escapes C0 controls (ESC
 * included) but leaves C1 controls, bidi controls and the line separators as they are; an
 * 8-bit CSI (U+009B) or a right-to-left override in a trace string would then reach the
 * terminal raw. Escaping them as \uXXXX changes no value: the parsed result is identical.
 */

// C1 controls and DEL, bidi embedding/override/isolate controls, LRM/RLM/ALM, LS and PS.
const unsafe = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON.stringify, with every character a terminal could act on written as an escape. */
export function safeJsonStringify(value: unknown, indent?: number | string): string {
	const text = JSON.stringify(value, undefined, indent);
	// JSON.stringify returns undefined for undefined and functions; callers always want text.
	if (text === undefined) return 'null';
	return text.replace(unsafe, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
