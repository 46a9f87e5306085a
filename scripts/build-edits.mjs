/**
 * The one way scripts/build.mjs edits a dependency's file: each edit's old text must be there
 * exactly once (a second use of a patched name would build, then throw at run time), and after
 * the edits, neither it nor any text named in `gone` may be left (beyond what the new texts
 * bring in themselves). Otherwise the build stops, saying which file and which text.
 */

/** How often `part` occurs in `text`. */
function occurrences(text, part) {
	let count = 0;
	for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) count++;
	return count;
}

/**
 * `contents` with each `[from, to]` of `edits` applied; `label` names the file in errors.
 * `gone`: texts (strings or regular expressions) that no longer may occur once edited.
 */
export function applyEdits(label, contents, edits, gone = []) {
	let text = contents;
	for (const [from, to] of edits) {
		const found = occurrences(text, from);
		if (found !== 1)
			throw new Error(
				`scripts/build.mjs: ${label} has \`${from.trim().split('\n')[0]}\` ` +
					`${found === 0 ? 'no longer' : `${found} times, not once`}: update its edits`,
			);
		// A function, so that `$` in the new text is not read as a replacement pattern.
		text = text.replace(from, () => to);
		if (occurrences(text, from) !== occurrences(to, from))
			throw new Error(`scripts/build.mjs: ${label} still has \`${from.trim().split('\n')[0]}\` after its edit`);
	}
	for (const part of gone) {
		const left = typeof part === 'string' ? text.includes(part) : part.test(text);
		if (left)
			throw new Error(`scripts/build.mjs: ${label} still uses \`${String(part)}\` after its edits: update them`);
	}
	return text;
}
