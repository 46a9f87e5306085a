/**
 * `--stats`' context section: the per-request table of the context view in text, with the
 * same bars (Unicode blocks on a terminal, `#` `+` `.` under TERM=dumb and in pipes), what
 * fills the context now and its largest items. Pure: the view, prices and glyphs in, lines out.
 */
import {usdText} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';
import {contextFill, contextPartList, largestPieces} from '../model/context-fill.js';
import {billed, contextLedger, type ExtraBilled, type LedgerRow, type RunningTotal} from '../model/context-ledger.js';
import type {SessionView} from '../model/view-model.js';
import {partNames, pieceLabel, plainBar, promptBarText, type BarGlyphs} from '../render/context-bar.js';
import {durationText} from '../export/duration-text.js';
import {formatTokens, oneLine} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';

// A request that did not complete: aborted, retried, failed (ASCII in plain text).
const unicodeMarks = {aborted: '■', retried: '⟳', failed: '✗'};
const plainMarks = {aborted: 'A', retried: 'R', failed: 'X'};

/** Columns of a prompt's bar in the table. */
export const statsBarWidth = 30;

/** The section's lines (a blank one first), or none for a session without requests. */
export function contextSection(
	view: SessionView,
	prices: PriceTable | undefined,
	glyphs: BarGlyphs,
	extra: readonly ExtraBilled[] = [],
): string[] {
	const ledger = contextLedger(view, prices, extra);
	if (ledger.rows.length === 0) return [];
	const scale = ledger.contextWindow ?? ledger.largestPrompt;
	const window = ledger.contextWindow;
	const of = window ? `the ${formatTokens(window)} window` : 'the largest prompt (no window known)';
	const legend = `${glyphs.cached} cached input, ${glyphs.fresh} fresh input, ${glyphs.rest} the rest of ${of}`;
	const lines = ['', `Context per request  (${legend})`];
	const priced = ledger.total.usd !== undefined;
	const costs = priced ? ['     cost', '    total'] : [];
	const head = ['  #', 'prompt'.padEnd(statsBarWidth), '    in', '   out', '    time', ...costs];
	lines.push(`  ${head.join('  ')}`.trimEnd());
	for (const row of ledger.rows) lines.push(`  ${rowText(row, scale, glyphs, priced)}`.trimEnd());
	const fill = contextFill(view);
	if (fill.request) {
		const which = `request ${fill.request.index}, ${formatTokens(fill.prompt)} tokens`;
		lines.push('', `What fills the context now  (${which}; ~ estimated by size)`);
		for (const part of contextPartList) {
			const tokens = fill.parts[part];
			if (tokens.tokens === 0) continue;
			const share = fill.prompt > 0 ? `${Math.round((tokens.tokens / fill.prompt) * 100)}%` : '';
			const estimated = tokens.estimated > 0 ? '~' : ' ';
			const count = formatTokens(tokens.tokens).padStart(6);
			lines.push(`  ${partNames[part].padEnd(19)}${estimated}${count}  ${share.padStart(4)}`);
		}
		const largest = largestPieces(fill);
		if (largest.length > 0) {
			lines.push('', 'Largest items');
			for (const piece of largest) {
				lines.push(`  ${formatTokens(piece.tokens).padStart(6)}  ${sanitize(oneLine(pieceLabel(piece), 100))}`);
			}
		}
	}
	return lines;
}

// The columns before the cost: the number (3), the bar, in (6), out (6), time (8), two spaces between each.
const figuresWidth = 3 + 2 + statsBarWidth + 2 + 6 + 2 + 6 + 2 + 8;

function rowText(row: LedgerRow, scale: number, glyphs: BarGlyphs, priced: boolean): string {
	const money = priced ? [usd(row.usd).padStart(9), running(row.total).padStart(9)] : [];
	const plain = glyphs === plainBar;
	const wide = (text: string): string => [text.padEnd(figuresWidth), ...money].join('  ');
	switch (row.kind) {
		case 'request': {
			const item = row.item;
			const mark = markOf(row, plain ? plainMarks : unicodeMarks);
			const attempt = item.attempt ? `, attempt ${item.attempt}` : '';
			const bar = item.usage
				? promptBarText(row.cached, row.fresh, scale, statsBarWidth, glyphs)
				: sanitize(oneLine(`${item.status}${attempt}`, statsBarWidth)).padEnd(statsBarWidth);
			const count = (tokens: number): string => (item.usage ? formatTokens(tokens) : '-').padStart(6);
			const time = (row.durationMs !== undefined ? durationText(row.durationMs) : '-').padStart(8);
			const number = `${mark}${String(item.index).padStart(2)}`;
			return [number, bar, count(row.prompt), count(row.output), time, ...money].join('  ');
		}
		case 'compaction': {
			const after = row.after !== undefined ? formatTokens(row.after) : '?';
			const drop = row.before !== undefined ? `${formatTokens(row.before)} ${plain ? '->' : '→'} ${after}` : '';
			const rule = plain ? '--' : '──';
			const status = row.item.status === 'completed' ? '' : ` (${sanitize(oneLine(row.item.status, 20))})`;
			return wide(`${rule} compaction: ${drop}${status} ${rule}`);
		}
		case 'subagent': {
			const id = sanitize(oneLine(row.item.sessionId, 60));
			return wide(`subagent ${id}: ${row.requests} requests, ${formatTokens(billed(row.tokens))} tokens`);
		}
		case 'billed': {
			const label = sanitize(oneLine(row.label, 60));
			const tokens = `${formatTokens(billed(row.tokens))} tokens`;
			if (!row.outside) return wide(`${label} (billed, not in the trace): ${tokens}`);
			return wide(
				`+${row.requests} ${row.requests === 1 ? 'request' : 'requests'} not in the trace: ${label}, ${tokens}`,
			);
		}
	}
}

/** Blank for a completed (or running) request, else what became of it. */
function markOf(row: LedgerRow & {kind: 'request'}, marks: typeof plainMarks): string {
	const item = row.item;
	if (item.status === 'completed' || item.status === 'running') return ' ';
	if (item.status === 'aborted') return marks.aborted;
	return item.retried || item.retryInMs !== undefined ? marks.retried : marks.failed;
}

function usd(value: number | undefined): string {
	return value === undefined ? '-' : usdText(value);
}

function running(total: RunningTotal): string {
	return total.usd === undefined ? '-' : `${usdText(total.usd)}${total.unpriced ? '*' : ''}`;
}
