/**
 * OSC 8 hyperlinks: `ESC ] 8 ; ; URI ST text ESC ] 8 ; ; ST`. A link's target comes from the
 * trace (a path in a call's arguments, a URL in a text), so it is rebuilt here from a fixed
 * set of characters: every other byte (controls, ESC, BEL, the C1 ST, spaces, non-ASCII) is
 * percent-encoded, so that no target can end the sequence early or carry an escape of its own.
 * Pure.
 */

const esc = '\u001b';
const st = `${esc}\\`;

/** The characters a URI keeps as they are; anything else is percent-encoded. */
const kept = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]/;

/** `text` with every character outside {@link kept} percent-encoded (as UTF-8 bytes). */
function encodeUri(text: string, keepPercent: boolean): string {
	let out = '';
	for (const char of text) {
		if (kept.test(char) && (keepPercent || char !== '%')) out += char;
		else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
	}
	return out;
}

/** `file://HOST/path` for an absolute path: `#`, `?` and `%` in a file name are encoded too. */
export function fileUri(host: string, absolutePath: string): string {
	const pathPart = encodeUri(absolutePath, false).replace(
		/[?#[\]]/g,
		char => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
	);
	return `file://${encodeUri(host, false).replace(/[/?#@:[\]]/g, '')}${pathPart}`;
}

/** An http(s) URL made safe to write as a target; undefined for any other scheme. */
export function webUri(url: string): string | undefined {
	if (!/^https?:\/\/[^\s/]/i.test(url)) return undefined;
	return encodeUri(url, true);
}

/** `text` as a link to `uri` (already made safe by {@link fileUri} or {@link webUri}). */
export function hyperlink(uri: string, text: string): string {
	return `${esc}]8;;${uri}${st}${text}${esc}]8;;${st}`;
}

/** URLs in plain text: http(s), up to a space, a quote or a bracket that closes, trailing punctuation left out. */
export const urlPattern = /\bhttps?:\/\/[^\s<>"'`()[\]{}]+[^\s<>"'`()[\]{}.,;:!?]/gi;
