/**
 * Markdown-lite for model text: headings, **bold**, *emphasis*, `code`, links, lists,
 * quotes, rules and fenced code blocks (indented, in another colour). Line by line, with
 * the fence state carried along, so a growing message can be laid out from its last
 * complete line instead of from the start (see growingMarkdown in pane-text.ts).
 *
 * Input must already be sanitized: this module only styles text.
 */
import type {CodeLines} from '../../render/code-colour.js';
import {codeSegments} from './code-style.js';
import {tableAt, tableLines, type MarkdownTable} from '../../render/markdown-table.js';
import {seg, segmentsWidth, truncateSegments, type Segment, type Style} from './segments.js';
import {wrapSegments} from './wrap.js';

/** What a line needs from the lines before it. */
export type MarkdownState = {
	/** The fence that opened the code block we are in, if any. */
	fence?: string;
	/** The previous line was blank (blank runs show as one blank row). */
	blank: boolean;
	/** Some non-blank line came already (leading blank lines are dropped). */
	started: boolean;
};

export type MarkdownOptions = {
	/** The style of plain text. */
	base?: Style;
	/** Drawn before every row (the pane's indent or gutter). */
	prefix?: readonly Segment[];
	/** A fenced block's lines in colour, by its info string (ui/panes/code-colours.ts); undefined: as before. */
	code?: (code: string, info: string) => CodeLines | undefined;
};

const codeStyle: Style = {color: 'cyan'};
const fencePattern = /^\s{0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const headingPattern = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const rulePattern = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const quotePattern = /^\s{0,3}>\s?(.*)$/;
const listPattern = /^(\s*)([-*+]|\d{1,9}[.)])\s+(.*)$/;

/** A fresh state, for the start of a text. */
export function markdownStart(): MarkdownState {
	return {blank: false, started: false};
}

/**
 * Lays out `text` (sanitized) as rows. With `options.code`, a fenced block whose info string
 * names a language is highlighted as a whole (a comment or string may span its lines).
 */
export function markdownRows(text: string, width: number, options: MarkdownOptions = {}): Segment[][] {
	const state = markdownStart();
	const rows: Segment[][] = [];
	const lines = text.split('\n');
	for (let i = 0; i < lines.length; i++) {
		const table = state.fence === undefined ? tableAt(lines, i) : undefined;
		if (table) {
			rows.push(...tableRows(table, width, options));
			state.started = true;
			state.blank = false;
			i += table.lineCount - 1;
			continue;
		}
		const info = options.code && state.fence === undefined ? fencePattern.exec(lines[i]!)?.[2] : undefined;
		rows.push(...markdownLine(lines[i]!, state, width, options));
		if (!info || state.fence === undefined) continue;
		// The block's lines: up to the line that closes it (markdownLine says which), or the end.
		let end = i + 1;
		while (end < lines.length && insideFence(lines[end]!, state.fence)) end++;
		const coloured = options.code!(lines.slice(i + 1, end).join('\n'), info);
		if (coloured === undefined) continue;
		for (const spans of coloured)
			rows.push(
				...codeRows(
					spans.length === 0 ? [seg(' ')] : codeSegments(spans, {dim: options.base?.dim}),
					width,
					options.prefix ?? [],
				),
			);
		i = end - 1;
	}
	trimBlankTail(rows, options.prefix);
	return rows;
}

/**
 * A table as aligned columns (render/markdown-table.ts, the layout print mode uses too): each
 * cell's text without its inline marks, the header bold, the rule dim; a row wider than the
 * room (even its narrowest columns did not fit) is cut.
 */
function tableRows(table: MarkdownTable, width: number, options: MarkdownOptions): Segment[][] {
	const prefix = options.prefix ?? [];
	const shown = (cell: string): string =>
		inline(cell)
			.map(piece => piece.text)
			.join('');
	const plain = {...table, header: table.header.map(shown), rows: table.rows.map(row => row.map(shown))};
	const room = Math.max(1, width - segmentsWidth(prefix));
	const drawn = tableLines(plain, room);
	const row = (text: string, style: Style): Segment[] => truncateSegments([...prefix, seg(text, style)], width);
	const body = drawn.rows.map(text => row(text, options.base ?? {}));
	return [row(drawn.header, {...options.base, bold: true}), row(drawn.rule, {dim: true}), ...body];
}

/** Whether `line` is still inside the block opened by `fence` (it is not its closing fence). */
function insideFence(line: string, fence: string): boolean {
	const match = fencePattern.exec(line);
	return !(match && match[1]!.startsWith(fence[0]!) && match[1]!.length >= fence.length && match[2] === '');
}

/** A code line's rows, indented under the text. */
function codeRows(code: Segment[], width: number, prefix: readonly Segment[]): Segment[][] {
	return wrapSegments(code, width, {first: [...prefix, seg('  ')], rest: [...prefix, seg('  ')]});
}

/** Drops blank rows at the end: a trailing blank row says nothing. */
export function trimBlankTail(rows: Segment[][], prefix: readonly Segment[] | undefined): void {
	while (rows.length > 0 && rows[rows.length - 1]!.length === (prefix?.length ?? 0)) rows.pop();
}

/** The rows of one line; updates `state` for the next line. */
export function markdownLine(
	line: string,
	state: MarkdownState,
	width: number,
	options: MarkdownOptions = {},
): Segment[][] {
	const base = options.base ?? {};
	const prefix = options.prefix ?? [];
	const fence = fencePattern.exec(line);
	if (state.fence !== undefined) {
		if (!insideFence(line, state.fence)) {
			state.fence = undefined;
			return [];
		}
		state.blank = false;
		return codeRows(line === '' ? [seg(' ')] : [seg(line, {...codeStyle, dim: base.dim})], width, prefix);
	}
	if (fence) {
		state.fence = fence[1]!;
		state.started = true;
		state.blank = false;
		return fence[2] ? [[...prefix, seg(fence[2], {dim: true, italic: true})]] : [];
	}
	if (line.trim() === '') {
		if (!state.started || state.blank) return [];
		state.blank = true;
		return [[...prefix]];
	}
	state.started = true;
	state.blank = false;
	const heading = headingPattern.exec(line);
	if (heading) {
		const level = heading[1]!.length;
		const style: Style = {...base, bold: true, underline: level === 1 ? true : undefined};
		return wrapSegments(inline(heading[2]!, style), width, {first: prefix});
	}
	if (rulePattern.test(line)) {
		const room = Math.max(0, width - segmentsWidth(prefix));
		return [[...prefix, seg('─'.repeat(Math.min(room, 40)), {dim: true})]];
	}
	const quote = quotePattern.exec(line);
	if (quote) {
		const bar = [...prefix, seg('│ ', {dim: true})];
		return wrapSegments(inline(quote[1]!, {...base, italic: true}), width, {first: bar, rest: bar});
	}
	const list = listPattern.exec(line);
	if (list) {
		const indent = ' '.repeat(Math.min(list[1]!.length, 8));
		const marker = /^\d/.test(list[2]!) ? list[2]! : '•';
		const first = [...prefix, seg(indent), seg(marker + ' ', {...base, dim: true})];
		const rest = [...prefix, seg(indent + ' '.repeat(marker.length + 1))];
		return wrapSegments(inline(list[3]!, base), width, {first, rest});
	}
	return wrapSegments(inline(line, base), width, {first: prefix, rest: prefix});
}

const isWordChar = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
const isSpace = (ch: string | undefined): boolean => ch === undefined || /\s/.test(ch);

/** Inline spans: `code`, **bold**, __bold__, *em*, _em_, [text](url). Unmatched marks stay literal. */
export function inline(text: string, base: Style = {}): Segment[] {
	const out: Segment[] = [];
	let plain = '';
	const flush = (): void => {
		if (plain) out.push(seg(plain, base));
		plain = '';
	};
	let i = 0;
	while (i < text.length) {
		const ch = text[i]!;
		if (ch === '`') {
			let run = 1;
			while (text[i + run] === '`') run++;
			const fence = '`'.repeat(run);
			const close = text.indexOf(fence, i + run);
			if (close !== -1) {
				flush();
				let code = text.slice(i + run, close);
				if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
				out.push(seg(code, {...base, ...codeStyle}));
				i = close + run;
				continue;
			}
			plain += fence;
			i += run;
			continue;
		}
		if ((ch === '*' || ch === '_') && text[i + 1] === ch) {
			const mark = ch + ch;
			const close = findClose(text, mark, i + 2);
			if (close !== -1 && !isSpace(text[i + 2]) && (ch === '*' || !isWordChar(text[i - 1]))) {
				flush();
				out.push(...inline(text.slice(i + 2, close), {...base, bold: true}));
				i = close + 2;
				continue;
			}
			plain += mark;
			i += 2;
			continue;
		}
		if (ch === '*' || ch === '_') {
			const close = findClose(text, ch, i + 1);
			const opens = !isSpace(text[i + 1]) && (ch === '*' || !isWordChar(text[i - 1]));
			if (close !== -1 && opens && (ch === '*' || !isWordChar(text[close + 1]))) {
				flush();
				out.push(...inline(text.slice(i + 1, close), {...base, italic: true}));
				i = close + 1;
				continue;
			}
			plain += ch;
			i++;
			continue;
		}
		if (ch === '[') {
			const link = /^\[([^\]\n]+)\]\(([^)\s]+)\)/.exec(text.slice(i, i + 2000));
			if (link) {
				flush();
				out.push(...inline(link[1]!, {...base, underline: true}));
				if (link[2] !== link[1]) out.push(seg(` (${link[2]})`, {...base, dim: true}));
				i += link[0].length;
				continue;
			}
		}
		plain += ch;
		i++;
	}
	flush();
	return out;
}

/** The index of a closing `mark` after `from` that follows a non-space, skipping code spans. */
function findClose(text: string, mark: string, from: number): number {
	let i = from;
	while (i < text.length) {
		const at = text.indexOf(mark, i);
		if (at === -1) return -1;
		const tick = text.indexOf('`', i);
		if (tick !== -1 && tick < at) {
			const end = text.indexOf('`', tick + 1);
			if (end !== -1 && end > at) {
				i = end + 1;
				continue;
			}
		}
		// A single mark must not be half of a double one.
		const double = mark.length === 1 && (text[at + 1] === mark || text[at - 1] === mark);
		if (at > from && !isSpace(text[at - 1]) && !double) return at;
		i = at + mark.length;
	}
	return -1;
}
