/**
 * The context view's words and bars, shared by the screen (ui/views/context-rows.ts) and `--stats`:
 * a prompt's bar against the context window in two glyphs that read without colour (cached
 * input, fresh input, and the window left), the parts' names, and a line naming a piece of
 * the context (`tool output exec_command $ cat big.log`). Pure.
 */
import type {ContextPart, ContextPiece} from '../model/context-fill.js';
import {isHeld} from '../model/held-text.js';
import type {Kept} from '../model/view-model.js';
import {sanitize} from './sanitize.js';
import {summarizeToolCall} from './tool-summary.js';

/** The glyphs of a bar: Unicode blocks on a terminal, plain ASCII under TERM=dumb and in pipes. */
export type BarGlyphs = {cached: string; fresh: string; rest: string};

export const unicodeBar: BarGlyphs = {cached: '█', fresh: '▒', rest: '·'};
export const plainBar: BarGlyphs = {cached: '#', fresh: '+', rest: '.'};

/** The columns each glyph of a bar takes. */
export type BarColumns = {cached: number; fresh: number; rest: number};

/** Columns of a bar `width` wide: `cached` then `fresh` tokens against `scale`; a share above 0 takes one at least. */
export function promptBar(cached: number, fresh: number, scale: number, width: number): BarColumns {
	if (width <= 0) return {cached: 0, fresh: 0, rest: 0};
	const of = (tokens: number): number => (scale > 0 ? (tokens / scale) * width : 0);
	const total = Math.min(width, Math.round(of(cached + fresh)));
	let cachedCols = Math.min(total, Math.round(of(cached)));
	if (cached > 0 && cachedCols === 0) cachedCols = 1;
	let freshCols = Math.max(0, total - cachedCols);
	if (fresh > 0 && freshCols === 0) freshCols = 1;
	cachedCols = Math.min(cachedCols, width - Math.min(width, freshCols));
	freshCols = Math.min(freshCols, width - cachedCols);
	return {cached: cachedCols, fresh: freshCols, rest: width - cachedCols - freshCols};
}

/** The bar as one string of `glyphs`. */
export function promptBarText(cached: number, fresh: number, scale: number, width: number, glyphs: BarGlyphs): string {
	const bar = promptBar(cached, fresh, scale, width);
	return glyphs.cached.repeat(bar.cached) + glyphs.fresh.repeat(bar.fresh) + glyphs.rest.repeat(bar.rest);
}

/** How the view names each part. */
export const partNames: Readonly<Record<ContextPart, string>> = {
	system_prompt: 'system prompt',
	tool_definitions: 'tool definitions',
	user_messages: 'user messages',
	assistant_text: 'assistant text',
	thinking: 'thinking',
	tool_calls: 'tool calls',
	tool_outputs: 'tool outputs',
	compaction_summary: 'compaction summary',
	unattributed: 'not in the trace',
};

/** One line naming a piece: `tool output exec_command $ cat big.log`, `user “fix the build”`; sanitized. */
export function pieceLabel(piece: ContextPiece): string {
	const item = piece.item;
	if (!item) return partNames[piece.part];
	switch (item.kind) {
		case 'tool_call': {
			const gist = summarizeToolCall(item.name, item.args, [], 200).headline;
			const what = piece.part === 'tool_outputs' ? 'tool output' : 'tool call';
			return sanitize(`${what} ${item.name}${gist ? ` ${gist}` : ''}`);
		}
		case 'user_text': {
			const sender = item.sender ? sanitize(item.sender) : 'user';
			const who = piece.part === 'compaction_summary' ? 'compaction summary' : sender;
			return `${who} ${gist(item.text)}`;
		}
		case 'assistant_text':
			return `assistant ${gist(item.text)}`;
		case 'thinking':
			return `thinking ${gist(item.text)}`;
		default:
			return partNames[piece.part];
	}
}

/** The first words of a text in quotes, or a note that it is kept on disk. */
function gist(text: Kept): string {
	if (isHeld(text)) return '(a long text)';
	const line = sanitize(
		text
			.replace(/^\s*\[[a-z_]+\]\s*/, '')
			.replace(/\s+/g, ' ')
			.trim(),
	);
	return `“${line.length > 60 ? `${line.slice(0, 59)}…` : line}”`;
}
