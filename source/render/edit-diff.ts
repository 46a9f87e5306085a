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
	const before = linesOf(removed);
	const after = linesOf(added);
	// The lines both start and end with are context whatever the diff: only those between are
	// diffed (an edit is mostly a small change in a large block; print reads every headline's).
	let head = 0;
	while (head < before.length && head < after.length && before[head] === after[head]) head++;
	let tail = 0;
	const sameEnd = (): boolean => before[before.length - 1 - tail] === after[after.length - 1 - tail];
	while (tail < before.length - head && tail < after.length - head && sameEnd()) tail++;
	const out: DiffLine[] = before.slice(0, head).map(text => ({sign: ' ', text}));
	for (const change of diffArrays(before.slice(head, before.length - tail), after.slice(head, after.length - tail))) {
		const sign = change.added ? '+' : change.removed ? '-' : ' ';
		for (const text of change.value) out.push({sign, text});
	}
	for (const text of before.slice(before.length - tail)) out.push({sign: ' ', text});
	return out;
}
