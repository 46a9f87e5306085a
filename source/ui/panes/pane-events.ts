/**
 * Panes for what happened around the conversation: failed requests and retries,
 * compactions, context boundaries, aborts, malformed lines, notices, goals, MCP connects,
 * images, and messages this version does not know.
 */
import {formatDuration, formatTokens, plural} from '../../render/format.js';
import {sanitize} from '../../render/sanitize.js';
import type {
	AbortItem,
	CompactionItem,
	GoalFinishedItem,
	ImageItem,
	MalformedItem,
	McpConnectItem,
	NoticeItem,
	RequestItem,
	ShardItem,
	UnknownItem,
} from '../../model/view-model.js';
import {requestVisible} from './pane-kinds.js';
import {imagePlaceholder} from './pane-tool.js';
import {inlineImageRows} from './pane-image.js';
import type {PaneInput, PaneRows} from './pane-types.js';
import {markdownRows} from './markdown-rows.js';
import {growingMarkdown} from './pane-text.js';
import {rule, ruleLabelRoom, seg, textWidth, truncateSegments, type Segment, type Style} from './segments.js';
import {excerpt, labelled, latestWords, readableError} from './text-bits.js';
import {glyph, spinnerAt} from './theme.js';
import {wrapSegments} from './wrap.js';

const indent = seg('  ');

/** A failed request: what failed, which attempt, and the retry countdown. Others draw nothing. */
export function requestPane(item: RequestItem, input: PaneInput): PaneRows {
	if (!requestVisible(item)) return {rows: []};
	const error = item.error ? readableError(item.error) : '';
	const what = `request ${item.status === 'failed' ? 'failed' : sanitize(item.status)}`;
	const parts: string[] = [error ? `${what}: ${error}` : what];
	if (item.attempt !== undefined) parts.push(`attempt ${item.attempt}`);
	let style: Style = {color: 'yellow'};
	let mark: string = glyph.retry;
	if (item.retried) {
		parts.push(item.retryInMs === undefined ? 'retried' : `retried after ${formatDuration(item.retryInMs)}`);
		style = {color: 'yellow', dim: true};
	} else if (item.retryAt !== undefined) {
		const seconds = Math.ceil((item.retryAt - input.now) / 1000);
		parts.push(seconds > 0 ? `retrying in ${seconds} s` : 'retrying now');
	} else if (item.retryInMs !== undefined) {
		parts.push(`retrying after ${formatDuration(item.retryInMs)}`);
	} else {
		mark = glyph.fail;
		style = {color: 'red', bold: true};
	}
	const rows: Segment[][] = [
		truncateSegments([seg(`${input.open ? glyph.open : mark} `, style), seg(parts.join(' · '), style)], input.width),
	];
	if (input.open && item.error) {
		rows.push(
			...wrapSegments([seg(excerpt(item.error, 4000), {dim: true})], input.width, {first: [indent], rest: [indent]}),
		);
	}
	return {rows};
}

/** A rule across the width with what the compaction was; its summary inside, closed by default. */
export function compactionPane(item: CompactionItem, input: PaneInput): PaneRows {
	let status: Segment[];
	if (item.status === 'running') status = [seg(`${spinnerAt(input.now)} compacting`, {color: 'cyan'})];
	else if (item.status === 'completed') status = [seg(`${glyph.ok} completed`, {color: 'green'})];
	else {
		const error = item.error ? `: ${readableError(item.error)}` : '';
		status = [seg(`${glyph.fail} ${sanitize(item.status)}${error}`, {color: 'red', bold: true})];
	}
	// An error may be long: it leaves the rule room for its name.
	status = truncateSegments(status, Math.max(12, Math.floor(input.width / 2)));
	const facts = compactionFacts(item, ruleLabelRoom(input.width, status));
	const rows: Segment[][] = [rule('─', input.width, [seg(facts, {bold: true})], status)];
	const label = seg('summary', {color: 'yellow'});
	if (item.summary === '' && !item.summaryStreaming) return {rows};
	if (!input.open) {
		const head = labelled(glyph.closed, [label], []);
		const text = item.summaryStreaming
			? latestWords(item.summary, Math.max(0, input.width - 14))
			: excerpt(summaryText(item.summary));
		rows.push(truncateSegments([...head, seg('  '), seg(text, {dim: true})], input.width));
		return {rows};
	}
	rows.push(labelled(glyph.open, [label], []));
	const body = growingMarkdown({text: summaryText(item.summary)}, item.summaryStreaming, input, {}, [seg('  ')]);
	rows.push(...body.rows);
	if (item.thinking) {
		// What the model thought while summarizing: part of the compaction, not the conversation.
		rows.push([seg('  '), seg('thinking', {color: 'magenta', dim: true})]);
		rows.push(
			...markdownRows(sanitize(item.thinking), input.width, {base: {dim: true, italic: true}, prefix: [seg('  ')]}),
		);
	}
	return {rows, memo: body.memo};
}

/**
 * What the compaction was, in the words that fit in `room` columns: on a narrow row the
 * mode goes first, then the turns, the reason, the context's size; `compaction` stays.
 */
function compactionFacts(item: CompactionItem, room: number): string {
	const words: Array<[string, string | undefined]> = [
		['name', 'compaction'],
		['reason', item.reason === undefined ? undefined : sanitize(item.reason)],
		['mode', item.mode === undefined ? undefined : sanitize(item.mode)],
		['context', item.context === undefined ? undefined : `${formatTokens(item.context)} tokens of context`],
		['turns', item.turns === undefined ? undefined : plural(item.turns, 'turn')],
	];
	const dropped = new Set<string>();
	const text = (): string =>
		words
			.filter(([key, word]) => word !== undefined && !dropped.has(key))
			.map(([, word]) => word)
			.join(' · ');
	for (const key of ['mode', 'turns', 'reason', 'context']) {
		if (textWidth(text()) <= room) break;
		dropped.add(key);
	}
	return text();
}

/** The summary without the `[summary]` … `[/summary]` wrapper the model writes around it. */
function summaryText(text: string): string {
	return text.replace(/^\s*\[summary\]\s*/, '').replace(/\s*\[\/summary\]\s*$/, '');
}

/** The start of a new model context: a double rule. */
export function shardPane(item: ShardItem, input: PaneInput): PaneRows {
	const label = `context ${item.index}${item.afterCompaction ? ' · after compaction' : ''}`;
	return {rows: [rule('═', input.width, [seg(label, {bold: true, color: 'blue'})], [], {color: 'blue', dim: true})]};
}

/** The run was aborted. */
export function abortPane(item: AbortItem, input: PaneInput): PaneRows {
	const reason = item.reason ? `: ${excerpt(item.reason)}` : '';
	return {
		rows: wrapSegments([seg(`${glyph.aborted} aborted${reason}`, {color: 'yellow', bold: true})], input.width, {
			maxRows: 3,
		}),
	};
}

/** A line of the trace that could not be read: where, why, and how it began. */
export function malformedPane(item: MalformedItem, input: PaneInput): PaneRows {
	const shard = item.shard !== undefined && item.shard > 1 ? ` of shard ${item.shard}` : '';
	const where = `malformed line ${item.line}${shard}`;
	const first = truncateSegments(
		[
			seg(`${glyph.warn} ${where}`, {color: 'yellow', bold: true}),
			seg(` · ${excerpt(item.reason)}`, {color: 'yellow'}),
		],
		input.width,
	);
	const rows = [first];
	if (item.excerpt) rows.push(truncateSegments([indent, seg(excerpt(item.excerpt), {dim: true})], input.width));
	return {rows};
}

/** Something the source or the viewer has to say. */
export function noticePane(item: NoticeItem, input: PaneInput): PaneRows {
	const looks: Record<NoticeItem['level'], {mark: string; style: Style}> = {
		info: {mark: glyph.info, style: {dim: true}},
		warn: {mark: glyph.warn, style: {color: 'yellow'}},
		error: {mark: glyph.fail, style: {color: 'red', bold: true}},
	};
	const look = looks[item.level] ?? looks.info;
	return {rows: wrapSegments([seg(`${look.mark} ${excerpt(item.text, 2000)}`, look.style)], input.width, {maxRows: 4})};
}

/** The end of a goal-mode run. */
export function goalPane(item: GoalFinishedItem, input: PaneInput): PaneRows {
	const parts = [`goal ${sanitize(item.outcome)}`];
	if (item.rounds !== undefined) parts.push(plural(item.rounds, 'round'));
	if (item.tokensUsed !== undefined) parts.push(`${formatTokens(item.tokensUsed)} tokens used`);
	const style: Style = item.outcome === 'complete' ? {color: 'green', bold: true} : {color: 'yellow', bold: true};
	return {rows: [truncateSegments([seg(`${glyph.goal} ${parts.join(' · ')}`, style)], input.width)]};
}

/** MCP servers connecting: one row, one more per server when open. */
export function mcpPane(item: McpConnectItem, input: PaneInput): PaneRows {
	const servers = item.servers.map(server => sanitize(server)).join(', ');
	const failed = item.results.filter(result => !isConnected(result.status)).length;
	const status: Segment[] =
		item.status === 'connecting'
			? [seg('connecting…', {dim: true})]
			: failed > 0
				? [seg(`${failed} of ${item.results.length} failed`, {color: 'red', bold: true})]
				: [seg(sanitize(item.status), {color: 'green'})];
	const head = labelled(
		input.open ? glyph.open : glyph.closed,
		[seg(`${glyph.plug} mcp`, {bold: true})],
		[seg(servers), seg(' · '), ...status],
	);
	const rows = [truncateSegments(head, input.width)];
	if (input.open) {
		for (const result of item.results) {
			const ok = isConnected(result.status);
			const parts = [sanitize(result.server), sanitize(result.status)];
			if (result.transport) parts.push(sanitize(result.transport));
			if (result.durationMs !== undefined) parts.push(formatDuration(result.durationMs));
			if (result.error) parts.push(excerpt(result.error));
			rows.push(
				truncateSegments(
					[indent, seg(`${ok ? glyph.ok : glyph.fail} `, {color: ok ? 'green' : 'red'}), seg(parts.join(' · '))],
					input.width,
				),
			);
		}
	}
	return {rows};
}

function isConnected(status: string): boolean {
	return status === 'connected' || status === 'ok' || status === 'completed';
}

/** An image in the conversation, as a placeholder. */
export function imagePane(item: ImageItem, input: PaneInput): PaneRows {
	const who = item.role === 'user' ? 'you' : sanitize(item.role);
	return {
		rows: [
			truncateSegments(
				[seg(`${glyph.image} `, {color: 'magenta'}), seg(who, {dim: true}), seg('  '), ...imagePlaceholder(item.image)],
				input.width,
			),
			...inlineImageRows(item.image, input, [seg('  ')]),
		],
	};
}

/** A message this version does not know (or of a shape it did not expect): dim, but all there. */
export function unknownPane(item: UnknownItem, input: PaneInput): PaneRows {
	const label = `${sanitize(item.payloadType)}${item.why === 'invalid' ? ' (unexpected shape)' : ''}`;
	const head = labelled(
		input.open ? glyph.open : glyph.closed,
		[seg(label, {dim: true, italic: true})],
		input.open ? [] : [seg(excerpt(item.summary), {dim: true})],
	);
	const rows = [truncateSegments(head, input.width)];
	if (input.open)
		rows.push(
			...wrapSegments([seg(excerpt(item.summary, 4000), {dim: true})], input.width, {first: [indent], rest: [indent]}),
		);
	return {rows};
}
