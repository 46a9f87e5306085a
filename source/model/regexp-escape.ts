/** A string as a regular expression that matches it literally. Pure. */

/** `text` with every character that is special in a regular expression escaped. */
export function escapeRegExp(text: string): string {
	return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}
