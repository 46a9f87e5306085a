/**
 * A tool call pane. Closed: one row (state, name, the gist of its arguments, then what
 * came back), plus the verdict line of a failed call. Open: the arguments as the tool
 * means them (a command, a diff, a file), then the head and tail of the output.
 */
import {formatBytes, formatDuration, plural} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import {parseArgs, presenterFor, summarizeToolCall, toolExitCode} from '../../render/tool-summary.js';
import type {Shown} from '../../model/held-text.js';
import type {ImageRef, ToolCallItem} from '../../model/view-model.js';
import {factColumns} from './fact-columns.js';
import {countLines, headTail, outputCut} from '../../render/output-lines.js';
import type {PaneInput, PaneRows} from './pane-types.js';
import {
	fitMiddle,
	seg,
	segmentsWidth,
	spread,
	textWidth,
	truncateSegments,
	type Segment,
	type Style,
} from './segments.js';
import {excerpt, safeLines} from './text-bits.js';
import {stoppedText} from '../screen/session-clock.js';
import {glyph, spinnerAt, toolStateLook} from './theme.js';
import {diffLineSegments, fileLineSegments, numberedLineSegments} from './pane-code.js';
import {wrapSegments} from './wrap.js';
import {linkedPieces} from './url-links.js';
import {inlineImageRows} from './pane-image.js';

const headCount = outputCut.head;
const tailCount = outputCut.tail;
/** An output shown with more lines than this (x on a long one) has its paths drawn as text, its URLs still linked. */
const pathLinkedLines = 2_000;
/** Rows one output line may take while the pane shows head and tail (all of it in full view). */
const rowsPerLine = 3;
/** Lines of arguments (a written file, a diff side, a prompt) before "… N more". */
const argLines = 12;
/** A single output line longer than this is cut before sanitizing (a base64 blob, a progress bar). */
const lineCap = outputCut.lineChars;

type ToolMemo = {lines?: {length: number; count: number; open: boolean}};

const indent = seg('  ');

/** The rows of a tool call. */
export function toolCallPane(item: Shown<ToolCallItem>, input: PaneInput): PaneRows {
	const old = input.memo as ToolMemo | undefined;
	const lines =
		item.output === undefined ? undefined : countLines(item.output, item.outputStreaming ? old?.lines : undefined);
	const memo: ToolMemo = {lines};
	const {row, noteShown, headlineShown} = headerRow(item, input, lines?.count);
	const rows: Segment[][] = [row];
	if (!input.open) {
		if (item.state === 'failed') {
			const verdict = verdictLine(item.output);
			if (verdict)
				rows.push(truncateSegments([indent, seg('│ ', {color: 'red'}), seg(verdict, {color: 'red'})], input.width));
		}
		return {rows, memo};
	}
	rows.push(...argumentRows(item, input, noteShown, headlineShown));
	// The head and the arguments are the pane's first line; the output's lines follow it.
	const rowLines = new Array<number>(rows.length).fill(0);
	const output = outputRows(item, input, lines?.count ?? 0);
	rows.push(...output.rows);
	rowLines.push(...output.lines);
	return {rows, memo, lines: rowLines};
}

/**
 * The closed row: `✓ exec_command  $ ls -la  List the workspace files`, the note (an exec's
 * description) right after the gist so that it reads beside the name at any width; at the
 * right edge what came of it, then the duration and size columns (fact-columns.ts).
 */
function headerRow(
	item: Shown<ToolCallItem>,
	input: PaneInput,
	lineTotal: number | undefined,
): {row: Segment[]; noteShown: boolean; headlineShown: boolean} {
	const look = toolStateLook(item.state);
	const stopped = stoppedRunning(item, input);
	// A call in a trace that stopped does not run any more: no spinner.
	const mark = look.glyph ?? (stopped ? glyph.unanswered : spinnerAt(input.now));
	const name = sanitize(item.name) || 'tool';
	const summary = summarizeToolCall(item.name, item.args, input.tools, 1000);
	const headline = sanitize(summary.headline);
	const left: Segment[] = [seg(mark, look.style), seg(' '), seg(name, {bold: true}), seg('  ')];
	const right: Segment[] = [];
	const add = (text: string, style: Style = {dim: true}): void => {
		if (right.length > 0) right.push(seg('  '));
		right.push(seg(text, style));
	};
	if (item.state === 'awaiting_approval') {
		// The reader's answer is on its way until the server's approval_decision arrives.
		if (item.deciding) add(item.deciding === 'allow' ? ' allowing… ' : ' denying… ', {color: 'yellow', bold: true});
		else add(' waiting for approval ', {color: 'yellow', inverse: true, bold: true});
	}
	const exit = item.state === 'failed' ? toolExitCode(item.name, item.output) : undefined;
	// A failed command says how in its exit code; other states need their word.
	if (exit !== undefined) add(`exit ${exit}`, {color: 'red', bold: true});
	else if (look.word) add(look.word, look.style);
	// A call a person allowed says so, as a denied one says `denied`; an automatic allow says nothing.
	if (item.approval === 'allow' && item.byPerson === true) add(`${glyph.ok} allowed`, {color: 'green'});
	else if (item.approval && !['allow', 'deny', 'forbidden'].includes(item.approval)) add(sanitize(item.approval));
	// Short, so that the command stays in view: the header says since when, the open pane says more.
	if (stopped) add('no output', {color: 'yellow'});
	if (item.images.length > 0) add(`+${plural(item.images.length, 'image')}`);
	if (item.childSessionId) add(`${glyph.child} ${shortId(item.childSessionId)}`, {color: 'cyan'});
	const size =
		lineTotal === undefined ? '' : item.outputStreaming ? `${plural(lineTotal, 'line')}…` : plural(lineTotal, 'line');
	// How long a call ran in a trace that stopped is not known: no duration.
	const columns = factColumns(stopped ? '' : durationOf(item, input.now), size, input.width);
	if (columns.length > 0) right.push(...(right.length > 0 ? [seg('  ')] : []), ...columns);
	// The headline is cut in its middle (a command's end tells calls apart), only where the row
	// has some room for it; the note goes in only when it leaves the headline whole, and is cut first.
	const rightWidth = segmentsWidth(right);
	const headlineRoom = input.width - rightWidth - (rightWidth > 0 ? 1 : 0) - segmentsWidth(left);
	const headlineShown = textWidth(headline) <= headlineRoom;
	const headlineText = headlineShown || headlineRoom < 12 ? headline : fitMiddle(headline, headlineRoom);
	// A command shown whole links the paths it names under the workspace; a file tool's headline links its file.
	const {paths} = presenterFor(item.name).commandLine && headlineShown ? pathsUnder(input) : {};
	if (paths !== undefined)
		left.push(...headlineText.split(/( +)/).flatMap(part => (part === '' ? [] : linkedPieces(seg(part), paths))));
	else left.push({...seg(headlineText), ...linkTo(fileTarget(item, input))});
	const note = summary.note ? sanitize(summary.note) : '';
	// Two spaces before it and at least two after it.
	const room = input.width - segmentsWidth(left) - rightWidth - 4;
	const noteFits = note !== '' && room >= Math.min(note.length, 16);
	if (noteFits) left.push(seg('  '), ...truncateSegments([seg(note, {dim: true})], room));
	return {row: spread(left, right, input.width), noteShown: noteFits && textWidth(note) <= room, headlineShown};
}

/** A call still running in a trace that stopped being written. */
function stoppedRunning(item: ToolCallItem, input: PaneInput): boolean {
	if (input.stoppedAt === undefined || item.output !== undefined) return false;
	return item.state === 'running' || item.state === 'streaming';
}

function durationOf(item: ToolCallItem, now: number): string {
	if (item.at === undefined) return '';
	// A call a person allowed runs from the decision; the wait for it is said apart, as the web does.
	const allowed = item.byPerson === true && item.approval === 'allow' && item.approvalAt !== undefined;
	const from = allowed ? item.approvalAt! : item.at;
	const waited = allowed ? ` (+${formatDuration(item.approvalAt! - item.at)} wait)` : '';
	if (item.endedAt !== undefined) return `${formatDuration(item.endedAt - from)}${waited}`;
	const runs = item.state === 'running' || item.state === 'streaming' || item.state === 'awaiting_approval';
	if (runs) return `${formatDuration(now - from)}${waited}`;
	return '';
}

/** The last words of a failed output, its exit-code line aside: what went wrong. */
function verdictLine(output: string | undefined): string | undefined {
	if (!output) return undefined;
	const lines = safeLines(output.slice(-4000))
		.map(line => line.trim())
		.filter(line => line !== '' && !/^\[exit code: -?\d+\]$/.test(line));
	const last = lines[lines.length - 1];
	return last === undefined ? undefined : excerpt(last, 300);
}

function argumentRows(item: ToolCallItem, input: PaneInput, noteShown: boolean, headlineShown: boolean): Segment[][] {
	const args = parseArgs(item.args);
	const rows: Segment[][] = [];
	const block = (content: string, style: Style, marker = ''): void => {
		rows.push(...limitedLines(content, input, style, marker));
	};
	if (item.state === 'streaming' || !args) {
		if (item.args.trim() !== '') block(item.args, {dim: true});
		return rows;
	}
	const parts = presenterFor(item.name).argumentParts(args, {
		name: item.name,
		tools: input.tools,
		childSessionId: item.childSessionId,
		noteShown,
		headlineShown,
	});
	for (const part of parts) {
		if (part.kind === 'path') rows.push(...pathRow(part.path, input, fileTarget(item, input)));
		else if (part.kind === 'child')
			rows.push([
				indent,
				seg(`${glyph.child} child session `, {dim: true}),
				seg(sanitize(part.sessionId), {color: 'cyan'}),
			]);
		else if (part.kind === 'diff') rows.push(...diffRows(part.removed, part.added, input));
		else if (part.tone === 'removed') block(part.text, {color: 'red'}, '- ');
		else if (part.tone === 'added') block(part.text, {color: 'green'}, '+ ');
		else if (part.tone === 'command') rows.push(...limitedLines(part.text, input, {bold: true}, '', part.file, true));
		else rows.push(...limitedLines(part.text, input, {dim: true}, '', part.file));
	}
	return rows;
}

/** An edit's old and new strings as a diff of their lines, at most twice `argLines` of them unless in full view. */
function diffRows(removed: string, added: string, input: PaneInput): Segment[][] {
	const lines = diffLineSegments(sanitize(removed), sanitize(added));
	const shown = input.full ? lines : lines.slice(0, argLines * 2);
	const rows: Segment[][] = [];
	for (const {marker, line} of shown) {
		rows.push(
			...wrapSegments(line, input.width, {
				first: [indent, marker],
				rest: [indent, seg('  ')],
				maxRows: input.full ? undefined : rowsPerLine,
			}),
		);
	}
	if (shown.length < lines.length)
		rows.push([indent, seg(`… ${plural(lines.length - shown.length, 'more line')} (x shows all)`, {dim: true})]);
	return rows;
}

function pathRow(path: string | undefined, input: PaneInput, target: string | undefined): Segment[][] {
	if (path === undefined) return [];
	const text = {...seg(sanitize(path), {bold: true}), ...linkTo(target)};
	return wrapSegments([text], input.width, {first: [indent], rest: [indent]});
}

/**
 * The absolute path a file tool's call names (a relative one under the session's workspace), as a segment's `link`:
 * the screen draws it as a link when the file is on this machine (LinkContext).
 */
export function fileTarget(item: ToolCallItem, input: Pick<PaneInput, 'workspace'>): string | undefined {
	if (item.state === 'streaming') return undefined;
	const args = parseArgs(item.args);
	const file = args === undefined ? undefined : presenterFor(item.name).linkedFile(args)?.path;
	if (file === undefined || file === '') return undefined;
	if (file.startsWith('/')) return file;
	const workspace = input.workspace;
	return workspace?.startsWith('/') ? `${workspace.replace(/\/+$/, '')}/${file.replace(/^\.\//, '')}` : undefined;
}

const linkTo = (target: string | undefined): {link?: string} => (target === undefined ? {} : {link: target});

/** The wrap option that links file paths under the session's workspace (an absolute one only). */
const pathsUnder = (input: Pick<PaneInput, 'workspace'>): {paths?: string} =>
	input.workspace?.startsWith('/') ? {paths: input.workspace} : {};

/**
 * Lines of an argument, each prefixed, at most `argLines` of them unless in full view; a `file`'s in its language's
 * colours.
 */
function limitedLines(
	content: string,
	input: PaneInput,
	style: Style,
	marker: string,
	file?: string,
	paths = false,
): Segment[][] {
	const lines = safeLines(content);
	const shown = input.full ? lines : lines.slice(0, argLines);
	const first = [indent, ...(marker ? [seg(marker, style)] : [])];
	const rest = [indent, ...(marker ? [seg(' '.repeat(marker.length))] : [])];
	const coloured = fileLineSegments(shown, file, input.code);
	const rows: Segment[][] = [];
	for (let i = 0; i < shown.length; i++) {
		rows.push(
			...wrapSegments(coloured?.[i] ?? [seg(shown[i]!, style)], input.width, {
				first,
				rest,
				maxRows: input.full ? undefined : rowsPerLine,
				...(paths ? pathsUnder(input) : {}),
			}),
		);
	}
	if (shown.length < lines.length)
		rows.push([indent, seg(`… ${plural(lines.length - shown.length, 'more line')} (x shows all)`, {dim: true})]);
	return rows;
}

/** The output's rows, and the pane line each one shows (1: the output's first line). */
function outputRows(item: Shown<ToolCallItem>, input: PaneInput, total: number): {rows: Segment[][]; lines: number[]} {
	const rows: Segment[][] = [];
	const rowLines: number[] = [];
	const done = (): {rows: Segment[][]; lines: number[]} => {
		while (rowLines.length < rows.length) rowLines.push(rowLines.length === 0 ? 0 : rowLines[rowLines.length - 1]!);
		return {rows, lines: rowLines};
	};
	const failed = item.state === 'failed' || item.state === 'forbidden';
	const bar = seg('│ ', failed ? {color: 'red'} : {dim: true});
	if (item.output === undefined) {
		// A trace that stopped: nothing is waited for, and the pane says when it stopped.
		if (stoppedRunning(item, input)) rows.push([indent, seg(stoppedText(input.stoppedAt!), {color: 'yellow'})]);
		else if (item.state === 'running' || item.state === 'awaiting_approval')
			rows.push([indent, seg('waiting for output…', {dim: true})]);
		return done();
	}
	if (item.output === '' && item.images.length === 0) {
		rows.push([indent, bar, seg(item.outputStreaming ? '…' : '(no output)', {dim: true})]);
		return done();
	}
	const parts = input.full
		? headTail(item.output, total, total, 0)
		: headTail(item.output, total, headCount, tailCount);
	// A file read is coloured in its language: the head and the tail each as one piece of code.
	const args = item.state === 'done' && input.code ? parseArgs(item.args) : undefined;
	const codeFile = args && presenterFor(item.name).codeOutput(args);
	// Paths are looked for in at most pathLinkedLines lines: a word costs some microseconds more with them.
	const paths = parts.head.length + parts.tail.length <= pathLinkedLines ? pathsUnder(input) : {};
	const lines = (raws: string[], firstLine: number): void => {
		const clean = raws.map(raw => sanitize(raw.length > lineCap ? raw.slice(0, lineCap) : raw));
		const coloured = codeFile?.numbered
			? numberedLineSegments(raws, clean, codeFile.file, input.code)
			: fileLineSegments(clean, codeFile?.file, input.code);
		for (let i = 0; i < clean.length; i++) {
			rows.push(
				...wrapSegments(coloured?.[i] ?? [seg(clean[i]!)], input.width, {
					first: [indent, bar],
					rest: [indent, bar],
					maxRows: input.full ? undefined : rowsPerLine,
					...paths,
				}),
			);
			while (rowLines.length < rows.length) rowLines.push(firstLine + i);
		}
	};
	lines(parts.head, 1);
	if (parts.hidden > 0) {
		rows.push([indent, bar, seg(`… ${plural(parts.hidden, 'more line')} (x shows all)`, {dim: true})]);
		rowLines.push(1 + parts.head.length);
	}
	lines(parts.tail, 1 + parts.head.length + parts.hidden);
	for (const image of item.images)
		rows.push([indent, bar, ...imagePlaceholder(image)], ...inlineImageRows(image, input, [indent, bar]));
	return done();
}

/** `[image/png 640×480, 34 KB]` (the pixel size when its header said it), or the address of a web image. */
export function imagePlaceholder(image: ImageRef): Segment[] {
	if (image.url) return [{...seg(`[image ${excerpt(image.url, 120)}]`, {color: 'magenta'}), link: image.url}];
	const type = sanitize(image.mimeType);
	const size = image.width !== undefined && image.height !== undefined ? ` ${image.width}×${image.height},` : '';
	return [seg(`[${type}${size} ${formatBytes(image.bytes)}]`, {color: 'magenta'})];
}

/** The last eight characters of a session id (its random part). */
export function shortId(sessionId: string): string {
	const clean = sanitize(sessionId);
	return clean.length > 8 ? clean.slice(-8) : clean;
}
