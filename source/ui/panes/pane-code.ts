/**
 * Code in a tool pane, in colour where the screen has colour: a written file's lines, a read
 * file's `cat -n` lines (the numbers dim, the code coloured), an edit as a diff. Only the
 * lines a pane shows are highlighted (ui/panes/code-colours.ts remembers them).
 */
import {editDiff} from '../../render/edit-diff.js';
import type {CodePainter} from './code-colours.js';
import {codeSegments} from './code-style.js';
import {seg, type Segment, type Style} from './segments.js';

/** Each of `lines` (sanitized) as segments, coloured as file `file`'s code; undefined: no colour for them. */
export function fileLineSegments(
	lines: readonly string[],
	file: string | undefined,
	code: CodePainter | undefined,
	base: Style = {},
): Segment[][] | undefined {
	if (!code || file === undefined || lines.length === 0) return undefined;
	const coloured = code.file(lines.join('\n'), file);
	if (!coloured || coloured.length !== lines.length) return undefined;
	return coloured.map(spans => codeSegments(spans, base));
}

/**
 * `cat -n` lines (`raw` as the tool wrote them, `clean` sanitized) as segments: the number
 * dim, the code after it coloured as file `file`'s. A line that is not numbered (the tool's
 * closing note) stays plain. Undefined: no colour for them.
 */
export function numberedLineSegments(
	raw: readonly string[],
	clean: readonly string[],
	file: string,
	code: CodePainter | undefined,
): Segment[][] | undefined {
	if (!code) return undefined;
	const heads: (string | undefined)[] = [];
	const bodies: string[] = [];
	for (let i = 0; i < raw.length; i++) {
		const number = /^( *\d+)\t/.exec(raw[i]!)?.[1];
		// The sanitizer expands the tab to the next multiple of 8 columns: the number's cell.
		const width = number === undefined ? 0 : (Math.floor(number.length / 8) + 1) * 8;
		const head = number === undefined ? undefined : clean[i]!.slice(0, width);
		if (head !== undefined && head === number!.padEnd(width)) {
			heads.push(head);
			bodies.push(clean[i]!.slice(width));
		} else heads.push(undefined);
	}
	const coloured = bodies.length === 0 ? undefined : code.file(bodies.join('\n'), file);
	if (!coloured || coloured.length !== bodies.length) return undefined;
	let next = 0;
	return heads.map((head, i) =>
		head === undefined ? [seg(clean[i]!)] : [seg(head, {dim: true}), ...codeSegments(coloured[next++]!)],
	);
}

/** An edit's diff, a line a row before wrapping: `- ` removed (red), `+ ` added (green), context plain. */
export function diffLineSegments(removed: string, added: string): {marker: Segment; line: Segment[]}[] {
	return editDiff(removed, added).map(({sign, text}) => {
		const style: Style = sign === '-' ? {color: 'red'} : sign === '+' ? {color: 'green'} : {dim: true};
		return {marker: seg(`${sign} `, style), line: [seg(text, style)]};
	});
}
