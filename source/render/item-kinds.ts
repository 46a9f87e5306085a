/**
 * What the render layer says about each kind of item, one entry per kind in two tables typed
 * by `ItemKind`, so that a kind added to the view model fails to compile here, named, until
 * it has both:
 * - `itemTexts`: an item as words. The text search looks in (ui/reading/search.ts); what y copies
 *   from a pane with nothing more particular to copy (ui/screen/copy-text.ts); what the STS export
 *   notes for a kind it has no message of its own for (export/sts.ts).
 * - `printed`: its lines in print mode (render/plain.ts lends the means: colour, the time
 *   label, blocks of trace text). A tool call and a compaction, printed in phases as they
 *   happen (call, approval, output; begin, end), are plain.ts's own.
 * The screen and the Markdown export draw every kind their own way (ui/panes/layout.ts,
 * export/markdown-export.ts): the compiler names those too.
 */
import type {PriceTable} from '../cost/prices.js';
import type {Shown} from '../model/held-text.js';
import {inMemory} from '../model/held-text.js';
import type {CompactionItem, ImageRef, Item, ItemKind, SessionView, ToolCallItem} from '../model/view-model.js';
import type {TokenCounts} from '../protocol/types.js';
import type {Highlighter} from './code-colour.js';
import {paintFences} from './code-print.js';
import {withTablesDrawn} from './markdown-table.js';
import type {Paint} from './color.js';
import {requestCostText} from './cost-text.js';
import {formatBytes, formatDuration, formatTokens, plural} from './format.js';
import {sanitize} from './sanitize.js';

/** The columns print mode draws an answer's tables in, less its indent (a pipe has no width of its own). */
const printTableWidth = 118;

/** The item of one kind. */
export type ItemOf<K extends ItemKind> = Extract<Item, {kind: K}>;

/** The text of each kind of item (its held texts read): words only, unsanitized. */
export const itemTexts: {readonly [K in ItemKind]: (item: Shown<ItemOf<K>>) => string} = {
	user_text: item => item.text,
	assistant_text: item => item.text,
	thinking: item => item.text,
	tool_call: item => `${item.name}\n${item.args}\n${item.output ?? ''}`,
	compaction: item => `compaction ${item.reason ?? ''} ${item.error ?? ''}\n${item.summary}`,
	request: item => `${item.status} ${item.error ?? ''}`,
	subagent: item => `${item.description ?? ''} ${item.sessionId}`,
	malformed: item => `${item.reason} ${item.excerpt}`,
	notice: item => item.text,
	abort: item => `aborted ${item.reason ?? ''}`,
	unknown: item => `${item.payloadType} ${item.summary}`,
	mcp_connect: item => item.servers.join(' '),
	goal_finished: item => `goal ${item.outcome}`,
	// Nothing but what the pane's own label says.
	image: () => '',
	shard: () => '',
};

/** The text of an item (its held texts read): what search finds in it. */
export function itemText(item: Shown<Item>): string {
	return (itemTexts[item.kind] as (item: Shown<Item>) => string)(item);
}

/** The kinds whose print-mode lines come from `printed`. */
export type PrintedKind = Exclude<ItemKind, ToolCallItem['kind'] | CompactionItem['kind']>;

/**
 * What print mode's renderer lends an entry of `printed`. `Line` is its line type (a block of
 * trace text may come in pieces): an entry only passes on what `block` gives it.
 */
export type PrintKit<Line> = {
	readonly p: Paint;
	/** The prices now (a server's may come after the first lines). */
	prices(): PriceTable | undefined;
	/** Code in colour (an answer's fences); undefined without colour. */
	readonly highlighter: Highlighter | undefined;
	/** A label line: `[time] text` (no time when `at` is undefined). */
	label(at: number | undefined, text: string): string;
	/** Trace text as a block indented by two spaces; `dim`: thinking's grey. */
	block(text: string, dim?: boolean): Line[];
	/** Lines already sanitized (and coloured), indented by two spaces. */
	indented(text: string): string;
	/** A trace text's length in UTF-16 units (what `block` takes may be a token that stands for the text). */
	length(text: string): number;
	/** Trace text on a label line: sanitized, no colour, one line. */
	text(value: string): string;
	/** `[image png 1.2 KB]`. */
	imageText(image: ImageRef): string;
	/** Green for completed, dim for running, red for the rest. */
	statusColor(status: string): (text: string) => string;
};

/** `session`: the one the item belongs to (its header prices a request). */
type Printer<K extends PrintedKind> = <Line>(
	item: ItemOf<K>,
	kit: PrintKit<Line>,
	session: SessionView,
) => Array<string | Line>;

/** How a user text's sender is named, on the screen and in print (others: their own name). */
export const senderLabels: Readonly<Record<string, string>> = {
	user: 'you',
	parent_agent: 'parent agent',
	harness: 'harness',
	server: 'server',
};

const markerLabels: Record<string, string> = {
	context_summary: 'context summary (written by the harness after compaction)',
	goal: 'goal prompt (harness)',
	turn_aborted: 'aborted turn record (harness)',
	turn_retried: 'retried turn record (harness)',
};

/** A steering message's own words, without the `[user_steering] … [/user_steering]` the harness wraps it in. */
export function steeringWords(text: string): string {
	return text.replace(/^\s*\[user_steering\]\s*/, '').replace(/\s*\[\/user_steering\]\s*$/, '');
}

/** The lines print mode writes for each kind of item (a label line, then what it holds, indented). */
export const printed: {readonly [K in PrintedKind]: Printer<K>} = {
	user_text: (item, {p, label, block, text}) => {
		const sender = senderLabels[item.sender ?? 'user'] ?? text(item.sender ?? 'user');
		// Steering reads as the screen has it: who sent it, `· steering`, and the words alone.
		if (item.marker === 'user_steering') {
			const head = label(item.at, `${p.bold(p.cyan(sender))}${p.dim(' · steering')}`);
			return [head, ...block(steeringWords(inMemory(item.text)))];
		}
		const who = item.marker ? markerLabels[item.marker]! : sender;
		return [label(item.at, p.bold(p.cyan(who))), ...block(inMemory(item.text))];
	},
	assistant_text: (item, {p, label, block, indented, highlighter}) => {
		const stop = item.stopReason && item.stopReason !== 'completed' ? p.red(` (${item.stopReason})`) : '';
		const written = inMemory(item.text);
		// Tables drawn as aligned columns; the rest as written.
		const text = written.includes('|') ? withTablesDrawn(sanitize(written), printTableWidth) : written;
		if (highlighter && /```|~~~/.test(text))
			return [label(item.at, p.bold('assistant') + stop), indented(paintFences(sanitize(text), highlighter, p))];
		return [label(item.at, p.bold('assistant') + stop), ...block(text)];
	},
	thinking: (item, {p, label, block, text, length}) => {
		if (item.inline) {
			return [
				label(item.at, p.dim(`thinking [inline ${text(item.inline.mimeType)} ${formatBytes(item.inline.bytes)}]`)),
			];
		}
		if (item.encrypted) return [label(item.at, p.dim('thinking (encrypted by the provider)'))];
		const facts = [
			`${length(inMemory(item.text))} chars`,
			item.durationMs === undefined ? '' : formatDuration(item.durationMs),
		].filter(Boolean);
		return [label(item.at, p.dim(`thinking · ${facts.join(' · ')}`)), ...block(inMemory(item.text), true)];
	},
	image: (item, {label, imageText}) => [
		label(item.at, `${item.role === 'assistant' ? 'assistant' : 'you'}: ${imageText(item.image)}`),
	],
	request: (item, {p, label, text, statusColor, prices}, session) => {
		const head = `request ${item.index} ${item.status}${item.attempt ? ` (attempt ${item.attempt})` : ''}`;
		const parts = [statusColor(item.status)(head)];
		if (item.usage) parts.push(`tokens ${countsText(item.usage)}`);
		const cost = requestCostText(item.usage, session.header, prices());
		if (cost !== undefined) parts.push(cost);
		if (item.retryInMs !== undefined) parts.push(p.yellow(`retrying in ${formatDuration(item.retryInMs)}`));
		const lines = [label(item.endedAt ?? item.at, parts.join(' · '))];
		if (item.error) lines.push(`  error: ${text(item.error)}`);
		return lines;
	},
	shard: (item, {p, label}) => [
		label(item.at, p.bold(`═══ context ${item.index}${item.afterCompaction ? ' · after compaction' : ''} ═══`)),
	],
	abort: (item, {p, label, text}) => [label(item.at, p.red(`abort${item.reason ? `: ${text(item.reason)}` : ''}`))],
	subagent: (item, {p, label, text}) => {
		const description = item.description ? ` · ${text(item.description)}` : '';
		return [label(item.at, p.bold(`subagent ${text(item.sessionId)}${description}`))];
	},
	malformed: (item, {p, label, text}) => [
		label(
			undefined,
			p.red(
				`malformed line ${item.line}${item.shard ? ` of shard ${item.shard}` : ''} (byte ${item.offset}): ` +
					`${text(item.reason)}`,
			),
		),
		`  ${p.dim(text(item.excerpt))}`,
	],
	notice: (item, {p, label, text}) => {
		const tint = item.level === 'error' ? p.red : item.level === 'warn' ? p.yellow : p.dim;
		return [label(undefined, tint(`${item.level === 'info' ? 'note' : item.level}: ${text(item.text)}`))];
	},
	goal_finished: (item, {p, label, text}) => {
		const facts = [
			item.rounds === undefined ? '' : plural(item.rounds, 'round'),
			item.tokensUsed === undefined ? '' : `${formatTokens(item.tokensUsed)} tokens`,
		].filter(Boolean);
		return [
			label(item.at, p.bold(`goal finished: ${text(item.outcome)}${facts.length ? ` · ${facts.join(' · ')}` : ''}`)),
		];
	},
	mcp_connect: (item, {label, text}) => {
		const lines = [label(item.at, `mcp connect ${text(item.status)}: ${text(item.servers.join(', '))}`)];
		for (const result of item.results) {
			const facts = [
				result.transport,
				result.durationMs === undefined ? '' : `${result.durationMs} ms`,
				result.error ? `error: ${result.error}` : '',
			]
				.filter(Boolean)
				.join(' · ');
			lines.push(`  ${text(result.server)} ${text(result.status)}${facts ? ` · ${text(facts)}` : ''}`);
		}
		return lines;
	},
	unknown: (item, {p, label, text}) => [
		label(
			item.at,
			p.dim(
				`${item.why === 'unknown' ? 'unknown event' : 'unreadable'} ${text(item.payloadType)}: ${text(item.summary)}`,
			),
		),
	],
};

/** An item's print-mode lines, from its entry in `printed`. */
export function printItem<Line>(
	item: ItemOf<PrintedKind>,
	kit: PrintKit<Line>,
	session: SessionView,
): Array<string | Line> {
	return (printed[item.kind] as Printer<PrintedKind>)(item, kit, session);
}

/** "1.9k (cache read 750, cache write 750, output 355)". */
export function countsText(counts: TokenCounts): string {
	return (
		`${formatTokens(counts.total)} (cache read ${formatTokens(counts.cache_read)}, cache write ` +
		`${formatTokens(counts.cache_write)}, output ${formatTokens(counts.output)})`
	);
}
