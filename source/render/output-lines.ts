/**
 * Head and tail of a long text without splitting all of it: a tool output can be many
 * megabytes, and a closed or half-open pane needs only its first and last lines and a count.
 * The screen's cut is the HTML export's too (export/html/).
 */

/** Lines of an output a pane shows before and after the cut, and the longest line kept whole. */
export const outputCut = {head: 8, tail: 8, lineChars: 16_000} as const;

/** Lines of `text` split the usual way: a trailing newline ends the last line. */
export type HeadTail = {head: string[]; tail: string[]; hidden: number; total: number};

/** The number of lines, counting on from what was counted before when the text only grew. */
export function countLines(
	text: string,
	before?: {length: number; count: number; open: boolean},
): {length: number; count: number; open: boolean} {
	// `open` says the counted part ended inside a line (no newline at its end yet).
	let count = 0;
	let open = false;
	let from = 0;
	if (before && before.length <= text.length) {
		count = before.count;
		open = before.open;
		from = before.length;
	}
	for (let i = from; i < text.length; ) {
		const newline = text.indexOf('\n', i);
		if (newline === -1) {
			if (!open) count++;
			open = true;
			break;
		}
		if (!open) count++;
		open = false;
		i = newline + 1;
	}
	return {length: text.length, count, open};
}

/** The first `head` and last `tail` lines of `text` and how many lie between. */
export function headTail(text: string, total: number, head: number, tail: number): HeadTail {
	const body = text.endsWith('\n') ? text.slice(0, -1) : text;
	if (total <= head + tail + 1)
		return {head: body === '' && total === 0 ? [] : body.split('\n'), tail: [], hidden: 0, total};
	const headLines: string[] = [];
	let at = 0;
	for (let i = 0; i < head; i++) {
		const newline = body.indexOf('\n', at);
		headLines.push(body.slice(at, newline));
		at = newline + 1;
	}
	const tailLines: string[] = [];
	let end = body.length;
	for (let i = 0; i < tail; i++) {
		const newline = body.lastIndexOf('\n', end - 1);
		tailLines.unshift(body.slice(newline + 1, end));
		end = newline;
	}
	return {head: headLines, tail: tailLines, hidden: total - head - tail, total};
}
