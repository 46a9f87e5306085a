/** Panes for what was said: user text (and harness blocks), assistant text, thinking. */
import {formatBytes, formatCount, formatDuration, lineCount, plural} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import {senderLabels} from '../../render/item-kinds.js';
import type {Shown} from '../../model/held-text.js';
import type {AssistantTextItem, TextMarker, ThinkingItem, UserTextItem} from '../../model/view-model.js';
import {
	markdownLine,
	markdownRows,
	markdownStart,
	trimBlankTail,
	type MarkdownOptions,
	type MarkdownState,
} from './markdown-rows.js';
import type {PaneInput, PaneRows} from './pane-types.js';
import {factColumns} from './fact-columns.js';
import {seg, segmentsWidth, spread, truncateSegments, type Segment, type Style} from './segments.js';
import {lastChars, PieceReader} from './streamed-text.js';
import {excerpt, labelled, latestWords, latestWordsChars, safeLines} from './text-bits.js';
import {glyph} from './theme.js';
import {wrapSegments} from './wrap.js';

/** While a single line of streaming text is longer than this, only its tail is laid out. */
const streamingLineCap = 20_000;

const markerLabels: Record<TextMarker, string> = {
	context_summary: 'context summary',
	user_steering: 'steering',
	goal: 'goal',
	turn_aborted: 'turn aborted',
	turn_retried: 'turn retried',
};

const bodyIndent = [seg('  ')];

/** A user's (or parent agent's, or harness's) text; harness markers as labelled blocks. */
export function userTextPane(item: Shown<UserTextItem>, input: PaneInput): PaneRows {
	if (item.marker === 'user_steering') return steeringPane(item, input);
	if (item.marker) return markerPane(item, item.marker, input);
	const human = item.sender === undefined || item.sender === 'user';
	const name = human ? 'you' : (senderLabels[item.sender!] ?? sanitize(item.sender!).slice(0, 24));
	const label = seg(name, human ? {color: 'blue', bold: true} : {color: 'magenta', bold: true});
	if (!input.open) {
		const lines = lineCount(item.text);
		const more = lines > 1 ? [seg(` · ${plural(lines, 'line')}`, {dim: true})] : [];
		return {rows: [truncateSegments(labelled(glyph.closed, [label], [seg(excerpt(item.text)), ...more]), input.width)]};
	}
	const first = [label, seg('  ')];
	const rest = [seg(' '.repeat(segmentsWidth(first)))];
	const rows: Segment[][] = [];
	const lines: number[] = [];
	safeLines(item.text).forEach((line, at) => {
		rows.push(...wrapSegments([seg(line)], input.width, {first: rows.length === 0 ? first : rest, rest}));
		while (lines.length < rows.length) lines.push(at);
	});
	if (rows.length === 0) rows.push(first);
	return {rows, lines};
}

/**
 * Steering a person sent mid-run: theirs, labelled as their prompt is (as the web app shows it), with what it is
 * beside.
 */
function steeringPane(item: Shown<UserTextItem>, input: PaneInput): PaneRows {
	const text = item.text.replace(/^\s*\[user_steering\]\s*/, '').replace(/\s*\[\/user_steering\]\s*$/, '');
	const human = item.sender === undefined || item.sender === 'user';
	const name = human ? 'you' : (senderLabels[item.sender!] ?? sanitize(item.sender!).slice(0, 24));
	const label = [seg(name, {color: human ? 'blue' : 'magenta', bold: true}), seg(' · steering', {dim: true})];
	if (!input.open) return {rows: [truncateSegments(labelled(glyph.closed, label, [seg(excerpt(text))]), input.width)]};
	const bar = [seg('  │ ', {color: 'blue', dim: true})];
	const rows = markdownRows(sanitize(text), input.width, {prefix: bar});
	return {rows: [labelled(glyph.open, label, []), ...rows]};
}

function markerPane(item: Shown<UserTextItem>, marker: TextMarker, input: PaneInput): PaneRows {
	const text = item.text.replace(/^\s*\[[a-z_]+\]\s*/, '').replace(new RegExp(`\\s*\\[/${marker}\\]\\s*$`), '');
	const style: Style = {color: 'yellow', bold: true};
	const who =
		item.sender && item.sender !== 'harness'
			? ` (${senderLabels[item.sender] ?? sanitize(item.sender)})`
			: ' (harness)';
	const label = [seg(markerLabels[marker], style), seg(who, {dim: true})];
	if (!input.open) {
		return {rows: [truncateSegments(labelled(glyph.closed, label, [seg(excerpt(text), {dim: true})]), input.width)]};
	}
	const bar = [seg('  │ ', {color: 'yellow', dim: true})];
	const rows = markdownRows(sanitize(text), input.width, {prefix: bar});
	return {rows: [labelled(glyph.open, label, []), ...rows]};
}

/** The model's answer, as markdown; a cursor while it streams. */
export function assistantTextPane(item: Shown<AssistantTextItem>, input: PaneInput): PaneRows {
	const cut = item.stopReason && item.stopReason !== 'completed' && !item.streaming;
	const cutRow = cut
		? [[seg('  '), seg(`${glyph.warn} cut off (${sanitize(item.stopReason!)})`, {color: 'yellow'})]]
		: [];
	if (!input.open) {
		const lines = lineCount(item.text);
		return {
			rows: [
				truncateSegments(
					labelled(
						glyph.closed,
						[seg('answer', {bold: true})],
						[seg(excerpt(item.text), {dim: true}), seg(` · ${plural(lines, 'line')}`, {dim: true})],
					),
					input.width,
				),
				...cutRow,
			],
		};
	}
	// Fenced code is coloured once the answer is complete: while it streams, its lines are laid out one by one.
	const {rows, memo} = growingMarkdown(
		item,
		item.streaming,
		input,
		{},
		bodyIndent,
		undefined,
		input.code && ((code, info) => input.code!.fence(code, info)),
	);
	if (item.streaming) addCursor(rows, input.width);
	return {rows: cutRow.length > 0 ? [...rows, ...cutRow] : rows, memo};
}

/** The model's reasoning: one line closed (the latest words while it streams), dim text open. */
export function thinkingPane(item: Shown<ThinkingItem>, input: PaneInput): PaneRows {
	const label = seg('thinking', {color: 'magenta'});
	if (item.inline) {
		return {
			rows: [
				labelled(
					glyph.closed,
					[label],
					[seg(`binary · ${formatBytes(item.inline.bytes)} ${sanitize(item.inline.mimeType)}`, {dim: true})],
				),
			],
		};
	}
	if (item.encrypted) return {rows: [labelled(glyph.closed, [label], [seg('encrypted', {dim: true})])]};
	// How long and how much, in the columns tool calls use: they line up row under row.
	const facts = factColumns(
		item.durationMs === undefined ? '' : formatDuration(item.durationMs),
		`${formatCount(item.text.length)} chars`,
		input.width,
	);
	if (!input.open) {
		if (item.streaming) {
			const head = labelled(glyph.closed, [label], []);
			const room = input.width - segmentsWidth(head) - 3;
			// Only the end is read: from the pieces, the text is not touched (model/text-pieces.ts).
			const recent = item.pieces ? lastChars(item.pieces, latestWordsChars(room)) : item.text;
			return {
				rows: [
					[
						...head,
						seg('  '),
						seg(latestWords(recent, room), {dim: true, italic: true}),
						seg(glyph.cursor, {color: 'magenta'}),
					],
				],
			};
		}
		if (item.text === '') return {rows: [labelled(glyph.closed, [label], [seg('empty', {dim: true})])]};
		return {rows: [spread(labelled(glyph.closed, [label], []), facts, input.width)]};
	}
	const head = item.streaming
		? labelled(glyph.open, [label], [seg('streaming', {dim: true})])
		: spread(labelled(glyph.open, [label], []), facts, input.width);
	const {rows, memo} = growingMarkdown(item, item.streaming, input, {dim: true, italic: true}, bodyIndent, head);
	if (item.streaming) addCursor(rows, input.width);
	return {rows, memo};
}

/** Rows of a growing text's complete lines, kept between frames. Offsets are in the raw text. */
export type GrowingCache = {
	width: number;
	/** Raw characters laid out: up to and including the last newline seen. */
	consumed: number;
	/** Raw characters known to hold no newline after `consumed`. */
	scanned: number;
	/** Rows of the complete lines; grows in place (this cache is the only one who sees it). */
	rows: Segment[][];
	state: MarkdownState;
	/** The reader of the text's pieces, when it was read from them. */
	reader?: PieceReader;
};

/** A streaming text: itself, and the pieces it grew by when the model kept them. */
export type GrowingText = {text: string; pieces?: readonly string[]};

/**
 * Markdown for text that may still be growing. While it streams, the rows of its complete
 * lines are kept and only what came after the last newline is laid out again, so a frame
 * costs the length of the last line, not of the message; a huge last line is laid out from
 * its tail until it is complete. Once complete, the text is laid out once from the start.
 * Read from its pieces, only what came since the last frame and the last line are read: the
 * text itself is not touched (reading it would copy all of it, see model/text-pieces.ts).
 * `head` is a row put first.
 */
export function growingMarkdown(
	growing: GrowingText,
	streaming: boolean,
	input: PaneInput,
	base: Style,
	prefix: Segment[],
	head?: Segment[],
	code?: MarkdownOptions['code'],
): {rows: Segment[][]; memo?: GrowingCache} {
	const options: MarkdownOptions = {base, prefix, code};
	const {text, pieces} = growing;
	if (!streaming) {
		const rows = markdownRows(sanitize(text), input.width, options);
		return {rows: head ? [head, ...rows] : rows};
	}
	const old = input.memo as GrowingCache | undefined;
	const reader = pieces ? (old?.reader?.pieces === pieces ? old.reader : new PieceReader(pieces)) : undefined;
	const read = reader
		? (from: number, to?: number) => reader.slice(from, to)
		: (from: number, to?: number) => text.slice(from, to);
	const length = reader ? reader.length : text.length;
	const usable =
		old !== undefined &&
		old.width === input.width &&
		length >= old.scanned &&
		old.reader === reader &&
		(reader !== undefined || old.consumed === 0 || text.charCodeAt(old.consumed - 1) === 10);
	const cache: GrowingCache = usable
		? old
		: {width: input.width, consumed: 0, scanned: 0, rows: [], state: markdownStart(), reader};
	// Only what came since the last frame can hold a new line break.
	const lineEnd = read(cache.scanned).lastIndexOf('\n');
	if (lineEnd !== -1) {
		const lines = sanitize(read(cache.consumed, cache.scanned + lineEnd)).split('\n');
		for (const line of lines) cache.rows.push(...markdownLine(line, cache.state, input.width, options));
		cache.consumed = cache.scanned + lineEnd + 1;
	}
	cache.scanned = length;
	const skipped = Math.max(0, length - cache.consumed - streamingLineCap);
	const partial = read(cache.consumed + skipped);
	const rows = head ? [head, ...cache.rows] : cache.rows.slice();
	if (skipped > 0) rows.push([...prefix, seg(`… ${formatCount(skipped)} more characters on this line`, {dim: true})]);
	rows.push(...markdownLine(sanitize(partial), {...cache.state}, input.width, options));
	trimBlankTail(rows, prefix);
	return {rows, memo: cache};
}

/** The streaming cursor at the end of the last row (or on a row of its own). */
function addCursor(rows: Segment[][], width: number): void {
	const last = rows[rows.length - 1];
	// A copy: the rows may be shared with the cache of the text's complete lines.
	if (last && segmentsWidth(last) < width) rows[rows.length - 1] = [...last, seg(glyph.cursor, {dim: true})];
	else rows.push([...bodyIndent, seg(glyph.cursor, {dim: true})]);
}
