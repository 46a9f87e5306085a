/**
 * Where a tool output's text starts in a trace line's bytes, found without parsing the line:
 * print mode reads that text straight from the JSON (fastpath/json-block.ts) and parses only
 * the rest of the line. Pure: bytes in, an offset out.
 */

const outputKey = Buffer.from('"output":"');
const openBrace = 0x7b;
const comma = 0x2c;

/**
 * The offset just after the opening quote of the string value of the first `"output"` key in
 * a line of JSON (written without spaces around the colon, as the harness writes it), or -1.
 * Which object the key belongs to is not checked here: the caller parses the rest of the line
 * and looks.
 */
export function findOutputText(bytes: Buffer): number {
	let at = bytes.indexOf(outputKey);
	// In compact JSON a key follows `{` or `,`: a match anywhere else is not a key. (Inside
	// another string the quotes would be escaped, and then the key would not match at all.)
	while (at > 0 && bytes[at - 1] !== openBrace && bytes[at - 1] !== comma) at = bytes.indexOf(outputKey, at + 1);
	return at <= 0 ? -1 : at + outputKey.length;
}
