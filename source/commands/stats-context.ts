/**
 * `--stats`' context section: the per-request table of the context view in text, with the
 * same bars (Unicode blocks on a terminal, `#` `+` `.` under TERM=dumb and in pipes), what
 * fills the context now and its largest items. Pure: the view, prices and glyphs in, lines out.
 */
import {usdText} from '../cost/arithmetic.js';
import type {PriceTable} from '../cost/prices.js';
import {contextFill, contextPartList, largestPieces} from '../model/context-fill.js';
import {contextLedger, type LedgerRow, type RunningTotal} from '../model/context-ledger.js';
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
export function contextSection(view: SessionView, prices: PriceTable | undefined, glyphs: BarGlyphs): string[] {
	const ledger = contextLedger(view, prices);
	if (ledger.rows.length === 0) return [];
	const scale = ledger.contextWindow ?? ledger.largestPrompt;
	const of = ledger.contextWindow ? `the ${formatTokens(ledger.contextWindow)} window` : 'the largest prompt (window unknown)';
	const lines = ['', `Context per request  (${glyphs.cached} cached input, ${glyphs.fresh} fresh input, ${glyphs.rest} the rest of ${of})`];
	const priced = ledger.total.usd !== undefined;
	const head = ['  #', 'prompt'.padEnd(statsBarWidth), '    in', '   out', '    time', ...(priced ? ['     cost', '    total'] : [])];
	lines.push(`  ${head.join('  ')}`.trimEnd());
	for (const row of ledger.rows) lines.push(`  ${rowText(row, scale, glyphs, priced)}`.trimEnd());
	const fill = contextFill(view);
	if (fill.request) {
		lines.push('', `What fills the context now  (request ${fill.request.index}, ${formatTokens(fill.prompt)} tokens; ~ estimated by size)`);
		for (const part of contextPartList) {
			const tokens = fill.parts[part];
			if (tokens.tokens === 0) continue;
			const share = fill.prompt > 0 ? `${Math.round((tokens.tokens / fill.prompt) * 100)}%` : '';
			lines.push(`  ${partNames[part].padEnd(19)}${tokens.estimated > 0 ? '~' : ' '}${formatTokens(tokens.tokens).padStart(6)}  ${share.padStart(4)}`);
		}
		const largest = largestPieces(fill);
		if (largest.length > 0) {
			lines.push('', 'Largest items');
			for (const piece of largest) lines.push(`  ${formatTokens(piece.tokens).padStart(6)}  ${sanitize(oneLine(pieceLabel(piece), 100))}`);
		}
	}
	return lines;
}

function rowText(row: LedgerRow, scale: number, glyphs: BarGlyphs, priced: boolean): string {
	const money = priced ? [usd(row.usd).padStart(9), running(row.total).padStart(9)] : [];
	switch (row.kind) {
		case 'request': {
			const item = row.item;
			const marks = glyphs === plainBar ? plainMarks : unicodeMarks;
			const mark1 = item.status === 'completed' || item.status === 'running' ? ' ' : item.status === 'aborted' ? marks.aborted : item.retried || item.retryInMs !== undefined ? marks.retried : marks.failed;
			const bar = item.usage ? promptBarText(row.cached, row.fresh, scale, statsBarWidth, glyphs) : sanitize(oneLine(`${item.status}${item.attempt ? `, attempt ${item.attempt}` : ''}`, statsBarWidth)).padEnd(statsBarWidth);
			const time = row.durationMs !== undefined ? durationText(row.durationMs) : '-';
			const cells = [`${mark1}${String(item.index).padStart(2)}`, bar, item.usage ? formatTokens(row.prompt).padStart(6) : '     -', item.usage ? formatTokens(row.output).padStart(6) : '     -', time.padStart(8), ...money];
			return cells.join('  ');
		}
		case 'compaction': {
			const arrow = glyphs === plainBar ? '->' : '→';
			const drop = row.before !== undefined ? `${formatTokens(row.before)} ${arrow} ${row.after !== undefined ? formatTokens(row.after) : '?'}` : '';
			const rule = glyphs === plainBar ? '--' : '──';
			const text = `${rule} compaction: ${drop}${row.item.status === 'completed' ? '' : ` (${sanitize(oneLine(row.item.status, 20))})`} ${rule}`;
			return [text.padEnd(3 + 2 + statsBarWidth + 2 + 6 + 2 + 6 + 2 + 8), ...money].join('  ');
		}
		case 'subagent': {
			const tokens = row.tokens.cache_read + row.tokens.cache_write + row.tokens.output;
			const text = `subagent ${sanitize(oneLine(row.item.sessionId, 60))}: ${row.requests} requests, ${formatTokens(tokens)} tokens`;
			return [text.padEnd(3 + 2 + statsBarWidth + 2 + 6 + 2 + 6 + 2 + 8), ...money].join('  ');
		}
		case 'billed': {
			const tokens = row.tokens.cache_read + row.tokens.cache_write + row.tokens.output;
			const text = `${sanitize(oneLine(row.label, 60))} (billed, not in the trace): ${formatTokens(tokens)} tokens`;
			return [text.padEnd(3 + 2 + statsBarWidth + 2 + 6 + 2 + 6 + 2 + 8), ...money].join('  ');
		}
	}
}

function usd(value: number | undefined): string {
	return value === undefined ? '-' : usdText(value);
}

function running(total: RunningTotal): string {
	return total.usd === undefined ? '-' : `${usdText(total.usd)}${total.unpriced ? '*' : ''}`;
}
