/**
 * The context view drawn as rows: a summary and a legend, then one row per request (its
 * prompt as a bar against the context window, cached `█` then fresh `▒`, then its output,
 * duration, cost and the running total), compactions as rules (`── compaction: 61k → 9k ──`),
 * subagents and requests billed outside the trace as rows of their own; then what fills the
 * context now and its largest items. Pure: the entries, a width, a window in, styled rows out.
 */
import {usdText} from '../../cost/arithmetic.js';
import type {LedgerRow, RunningTotal} from '../../model/context-ledger.js';
import {formatDuration, formatTokens, plural} from '../../render/format.js';
import {partNames, pieceLabel, promptBar, unicodeBar} from '../../render/context-bar.js';
import {sanitize} from '../../render/sanitize.js';
import type {ContextEntry, ContextScreen} from './context-entries.js';
import {shortId} from '../panes/pane-tool.js';
import {rule, seg, truncateSegments, type Row, type Segment, type Style} from '../panes/segments.js';
import {glyph} from '../panes/theme.js';
import {windowFor} from './picker.js';

/** Which entries the view shows, and which one is selected. */
export type ContextWindow = {top: number; selected: number};

/** Rows above the list: the summary and the legend (none on a very short screen). */
export function contextChrome(height: number): number {
	return height >= 6 ? 2 : 0;
}

/** The window that shows entry `selected` of `count`, moving as little as possible from `top`. */
export function contextWindow(count: number, listHeight: number, selected: number, top: number): ContextWindow {
	if (count === 0) return {top: 0, selected: -1};
	return windowFor(count, listHeight, selected, top);
}

/** The view's body: `height` rows at most; rows of an item carry its id, the others -1. */
export function contextRows(screen: ContextScreen, width: number, height: number, window: ContextWindow): Row[] {
	const rows: Row[] = [];
	const scale = screen.ledger.contextWindow ?? screen.ledger.largestPrompt;
	if (contextChrome(height) > 0) {
		rows.push({itemId: -1, segments: truncateSegments(summary(screen), width)});
		rows.push({itemId: -1, segments: truncateSegments(legend(screen), width)});
	}
	const end = Math.min(screen.entries.length, window.top + Math.max(0, height - rows.length));
	for (let i = window.top; i < end; i++) {
		const entry = screen.entries[i]!;
		rows.push({itemId: entry.itemId, segments: truncateSegments(entryRow(entry, width, scale), width)});
	}
	return rows;
}

function summary(screen: ContextScreen): Segment[] {
	const {ledger} = screen;
	const requests = ledger.rows.filter(row => row.kind === 'request').length;
	const compactions = ledger.rows.filter(row => row.kind === 'compaction').length;
	const out: Segment[] = [seg(' context & cost', {bold: true}), seg(`  ${plural(requests, 'request')}`)];
	if (compactions > 0) out.push(seg(` · ${compactions} compaction${compactions === 1 ? '' : 's'}`));
	out.push(seg(` · ${formatTokens(ledger.total.tokens)} tokens billed`));
	const cost = totalText(ledger.total);
	if (cost) out.push(seg(` · ${cost}`, {bold: true}));
	if (ledger.rows.some(row => row.kind === 'subagent')) out.push(seg(' (subagents included)', {dim: true}));
	// Last, so that the total stays on a narrow screen: its row says it too.
	if (screen.outside !== undefined) out.push(seg(` · ${screen.outside}`, {color: 'yellow'}));
	return out;
}

function legend(screen: ContextScreen): Segment[] {
	const window = screen.ledger.contextWindow;
	return [
		seg(' '),
		seg(unicodeBar.cached, {color: 'cyan'}),
		seg(' cached input  ', {dim: true}),
		seg(unicodeBar.fresh, {color: 'yellow'}),
		seg(' fresh input  ', {dim: true}),
		seg(unicodeBar.rest, {dim: true}),
		seg(window ? ` the rest of the ${formatTokens(window)} window` : ' up to the largest prompt', {dim: true}),
		seg('   out: output · Σ: running total', {dim: true}),
	];
}

function entryRow(entry: ContextEntry, width: number, scale: number): Segment[] {
	switch (entry.kind) {
		case 'ledger':
			return ledgerRow(entry.row, width, scale);
		case 'heading':
			return [seg(` ${entry.text}`, {bold: true}), ...(entry.detail ? [seg(`  ${entry.detail}`, {dim: true})] : [])];
		case 'part': {
			const {tokens, of} = entry;
			const barWidth = Math.max(4, Math.min(40, width - 40));
			const cols = promptBar(tokens.tokens, 0, of, barWidth);
			const estimated = tokens.estimated > 0 ? '~' : ' ';
			return [
				seg(`   ${partNames[entry.part].padEnd(19)}`),
				seg(unicodeBar.cached.repeat(cols.cached), {color: 'cyan'}),
				seg(unicodeBar.rest.repeat(cols.rest), {dim: true}),
				seg(` ${estimated}${formatTokens(tokens.tokens).padStart(6)}`),
				seg(`  ${percent(tokens.tokens, of)}`, {dim: true}),
			];
		}
		case 'piece':
			return [seg(`   ${formatTokens(entry.piece.tokens).padStart(6)}  `), seg(pieceLabel(entry.piece))];
		case 'note':
			return [seg(` ${entry.text}`, {dim: true})];
		case 'blank':
			return [];
	}
}

function ledgerRow(row: LedgerRow, width: number, scale: number): Segment[] {
	const money = moneySegments(row.usd, row.total);
	switch (row.kind) {
		case 'request': {
			const item = row.item;
			const look = markOf(row);
			const left: Segment[] = [seg(' '), seg(look.mark, look.style), seg(String(item.index).padStart(4))];
			const facts: Segment[] = [];
			if (item.usage) {
				facts.push(seg(` ${formatTokens(row.prompt).padStart(6)}`));
				facts.push(seg(` out ${formatTokens(row.output).padStart(5)}`, {color: 'magenta'}));
			} else {
				facts.push(seg(`  ${sanitize(item.status)}`, look.style));
			}
			const retried = item.attempt !== undefined && (item.attempt > 1 || item.retried);
			if (retried) facts.push(seg(` attempt ${item.attempt}`, {color: 'yellow'}));
			if (row.durationMs !== undefined) facts.push(seg(` ${formatDuration(row.durationMs).padStart(7)}`, {dim: true}));
			// What the bar leaves: the mark and index (8 columns), the figures (about 38), the cost and total (24).
			const barWidth = Math.max(6, Math.min(80, width - 8 - 38 - (money.length > 0 ? 24 : 0)));
			const bar: Segment[] = item.usage
				? barSegments(row.cached, row.fresh, scale, barWidth)
				: [seg(unicodeBar.rest.repeat(barWidth), {dim: true})];
			return [...left, seg(' '), ...bar, ...facts, ...money];
		}
		case 'compaction': {
			const item = row.item;
			const after = row.after !== undefined ? formatTokens(row.after) : '…';
			const drop = row.before !== undefined ? ` ${formatTokens(row.before)} → ${after}` : '';
			const status = item.status === 'completed' ? '' : ` (${sanitize(item.status)})`;
			const label = [seg(`compaction:${drop}${status}`, {color: 'magenta', bold: true})];
			const right = money.map(part => ({...part, text: part.text.trimStart()}));
			return rule('─', width, label, right, {color: 'magenta'});
		}
		case 'subagent': {
			const tokens = row.tokens.cache_read + row.tokens.cache_write + row.tokens.output;
			return [
				seg(` ${glyph.child} subagent `, {color: 'cyan'}),
				seg(shortId(row.item.sessionId), {color: 'cyan'}),
				seg(`  ${row.requests} request${row.requests === 1 ? '' : 's'} · ${formatTokens(tokens)} tokens`),
				...money,
			];
		}
		case 'billed': {
			const tokens = row.tokens.cache_read + row.tokens.cache_write + row.tokens.output;
			const requests = `${row.requests} ${row.requests === 1 ? 'request' : 'requests'}`;
			return [
				seg(row.outside ? ` +${requests} not in the trace: ` : ' + ', {color: 'yellow'}),
				seg(sanitize(row.label), {color: 'yellow', bold: row.outside === true}),
				seg(row.outside ? '' : ' (billed, not in the trace)', {dim: true}),
				seg(`  ${formatTokens(tokens)} tokens`),
				...money,
			];
		}
	}
}

function barSegments(cached: number, fresh: number, scale: number, width: number): Segment[] {
	const cols = promptBar(cached, fresh, scale, width);
	return [
		seg(unicodeBar.cached.repeat(cols.cached), {color: 'cyan'}),
		seg(unicodeBar.fresh.repeat(cols.fresh), {color: 'yellow'}),
		seg(unicodeBar.rest.repeat(cols.rest), {dim: true}),
	];
}

function moneySegments(usd: number | undefined, total: RunningTotal): Segment[] {
	const running = totalText(total);
	if (usd === undefined && running === undefined) return [];
	const own = `  ${usd === undefined ? '' : usdText(usd)}`.padEnd(12);
	return [seg(own), seg(running ? `Σ ${running}` : '', {dim: true})];
}

function totalText(total: RunningTotal): string | undefined {
	return total.usd === undefined ? undefined : `${usdText(total.usd)}${total.unpriced ? '*' : ''}`;
}

function percent(part: number, of: number): string {
	return of > 0 ? `${Math.round((part / of) * 100)}%` : '';
}

function markOf(row: LedgerRow & {kind: 'request'}): {mark: string; style: Style} {
	const item = row.item;
	if (item.status === 'running') return {mark: '●', style: {color: 'cyan'}};
	if (item.status === 'completed') return {mark: glyph.ok, style: {color: 'green'}};
	if (item.status === 'aborted') return {mark: glyph.aborted, style: {color: 'yellow'}};
	if (item.retried || item.retryInMs !== undefined) return {mark: glyph.retry, style: {color: 'yellow'}};
	return {mark: glyph.fail, style: {color: 'red', bold: true}};
}
