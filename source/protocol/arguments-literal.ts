/**
 * Where a tool call's arguments start in a trace line's bytes, found without parsing the line:
 * print mode writes them straight from the JSON (fastpath/args-block.ts) and parses only the rest
 * of the line. Pure: bytes in, offsets out.
 */

const argumentsKey = Buffer.from('"arguments":"');
const nameKey = Buffer.from('"name":"');
const openBrace = 0x7b;
const comma = 0x2c;
const quote = 0x22;

/** The offset of the first match of `key` in `bytes` that can be a key of compact JSON (after `{` or `,`), or -1. */
export function findKey(bytes: Buffer, key: Buffer): number {
	let at = bytes.indexOf(key);
	// Inside another string the quotes would be escaped, and then the key would not match at all.
	while (at > 0 && bytes[at - 1] !== openBrace && bytes[at - 1] !== comma) at = bytes.indexOf(key, at + 1);
	return at <= 0 ? -1 : at;
}

/**
 * The offset just after the opening quote of the string value of the first `"arguments"` key in
 * a line of JSON (written without spaces around the colon, as the harness writes it), or -1.
 * Which object the key belongs to is not checked here: the caller parses the rest and looks.
 */
export function findArgumentsText(bytes: Buffer): number {
	const at = findKey(bytes, argumentsKey);
	return at === -1 ? -1 : at + argumentsKey.length;
}

/**
 * Whether the first `"name"` key's string value is one of `names` (compared as bytes, escapes
 * not read): a hint of which tool a line calls, before it is parsed (the parse decides).
 */
export function nameIsOneOf(bytes: Buffer, names: readonly Buffer[]): boolean {
	const at = findKey(bytes, nameKey);
	if (at === -1) return false;
	const start = at + nameKey.length;
	const end = bytes.indexOf(quote, start);
	if (end === -1) return false;
	for (const name of names) if (bytesAre(bytes, start, end, name)) return true;
	return false;
}

/**
 * Whether `bytes[start, end)` are `expected`'s bytes: a name or a key of a few bytes, compared in
 * place (Buffer's compare took more instructions to check its arguments than the bytes take).
 */
export function bytesAre(bytes: Uint8Array, start: number, end: number, expected: Uint8Array): boolean {
	if (end - start !== expected.length) return false;
	for (let at = 0; at < expected.length; at++) if (bytes[start + at] !== expected[at]) return false;
	return true;
}
