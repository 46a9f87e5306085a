/**
 * An edit_file call's change as a diff of its lines: the lines old_string and new_string
 * share are context, the others removed and added (jsdiff's diffArrays: a shortest edit
 * script, so a one-line change in a long block reads as that line, not as two whole blocks).
 */
import {diffArrays} from 'diff';

/** One line of the diff: ` ` context, `-` removed, `+` added. */
export type DiffLine = {sign: ' ' | '-' | '+'; text: string};

/** Lines (a trailing newline ends the last line, it does not add one). */
function linesOf(text: string): string[] {
	if (text === '') return [];
	const lines = text.split('\n');
	if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
	return lines;
}

/** The lines of `removed` (sanitized) replaced by those of `added` (sanitized). */
export function editDiff(removed: string, added: string): DiffLine[] {
	const out: DiffLine[] = [];
	for (const change of diffArrays(linesOf(removed), linesOf(added))) {
		const sign = change.added ? '+' : change.removed ? '-' : ' ';
		for (const text of change.value) out.push({sign, text});
	}
	return out;
}
