/**
 * The HTML export's header (session, model, workspace, title, times, activity, tokens, cost)
 * and the session's context and cost table: one row per request, compaction and subagent
 * from the context ledger (model/context-ledger.ts), with the running total.
 */
import {costOfUsage, costText, usdText} from '../../cost/arithmetic.js';
import type {PriceTable} from '../../cost/prices.js';
import {billed, contextLedger, type LedgerRow, type RunningTotal} from '../../model/context-ledger.js';
import {treeSpend} from '../../model/session/spend.js';
import type {SessionView} from '../../model/view-model.js';
import {plural} from '../../render/format.js';
import {durationText} from '../duration-text.js';
import {htmlText} from './html-code.js';
import {activityParts} from '../session-words.js';

/** The page's title: the session's, else its id. */
export function pageTitle(view: SessionView): string {
	const {header} = view;
	return header.title || `Session ${header.sessionId ?? '(unknown)'}`;
}

/** The facts list under the title; `depth` > 0 for a subagent's session (no title of its own). */
export function headerHtml(view: SessionView, prices: PriceTable | undefined, depth: number): string {
	const {header, counts, tokens} = view;
	const facts: [string, string][] = [['Session', header.sessionId ?? 'unknown']];
	const model = [header.provider, header.modelId].filter(Boolean).join(' / ');
	if (model) {
		const window = header.contextWindow ? ` (${header.contextWindow.toLocaleString('en-US')}-token context)` : '';
		facts.push(['Model', `${model}${window}`]);
	}
	if (header.workspace) facts.push(['Workspace', header.workspace]);
	if (header.source) facts.push(['Source', header.source]);
	const {first, last} = timesOf(view);
	if (first !== undefined) facts.push(['Started', utcDateTime(first)]);
	if (last !== undefined && first !== undefined && last > first) {
		facts.push(['Last activity', `${utcDateTime(last)} (${durationText(last - first)} in all)`]);
	}
	facts.push(['Activity', activityParts(counts).join(', ')]);
	const usage = tokens.session;
	if (usage) {
		facts.push([
			'Tokens',
			`${usage.total.toLocaleString('en-US')} total (${usage.cache_read.toLocaleString('en-US')} cache read, ` +
				`${usage.cache_write.toLocaleString('en-US')} cache write, ${usage.output.toLocaleString('en-US')} output)`,
		]);
	}
	const cost = prices && prices.size > 0 ? costText(costOfUsage(treeSpend(view), prices)) : undefined;
	if (cost !== undefined)
		facts.push(['Cost', `${cost}${cost.endsWith('*') ? ' (* leaves out models without a price)' : ''}`]);
	const title = depth === 0 ? `<h1>${htmlText(pageTitle(view))}</h1>` : '';
	const rows = facts.map(([name, value]) => `<dt>${name}</dt><dd>${htmlText(value)}</dd>`).join('');
	return `<header class="session">${title}<dl class="facts">${rows}</dl></header>\n`;
}

/** The context and cost table of the session, or '' when it made no request. */
export function ledgerHtml(view: SessionView, prices: PriceTable | undefined): string {
	const ledger = contextLedger(view, prices);
	if (ledger.rows.length === 0) return '';
	const head = ['', 'What', 'Context', 'Cached in', 'Fresh in', 'Output', 'Took', 'Cost', 'Running total'];
	const body = ledger.rows.map(ledgerRow).join('\n');
	const window = ledger.contextWindow ? ` (window ${ledger.contextWindow.toLocaleString('en-US')} tokens)` : '';
	return (
		`<section class="ledger" id="context-table"><h2>Context and cost${window}</h2><div class="table"><table>` +
		`<thead><tr>${head.map(cell => `<th>${cell}</th>`).join('')}</tr></thead><tbody>\n${body}\n</tbody>` +
		`<tfoot><tr><td></td><td>Total</td><td colspan="5"></td><td></td><td>${totalText(ledger.total)}</td></tr></tfoot>` +
		'</table></div></section>\n'
	);
}

function ledgerRow(row: LedgerRow): string {
	const n = (value: number | undefined): string => (value === undefined ? '' : value.toLocaleString('en-US'));
	const usd = row.usd === undefined ? '—' : usdText(row.usd);
	let cells: string[];
	switch (row.kind) {
		case 'request':
			cells = [
				String(row.item.index),
				`request${row.item.status === 'completed' ? '' : ` (${row.item.status})`}`,
				n(row.prompt),
				n(row.cached),
				n(row.fresh),
				n(row.output),
				row.durationMs === undefined ? '' : durationText(row.durationMs),
			];
			break;
		case 'compaction':
			cells = ['', 'compaction', `${n(row.before)} → ${n(row.after)}`, '', '', n(row.tokens?.output), ''];
			break;
		case 'subagent':
			cells = ['', `subagent ${row.item.sessionId} (${plural(row.requests, 'request')})`, '', '', '', '', ''];
			cells[2] = n(billed(row.tokens));
			break;
		case 'billed':
			cells = ['', row.label, n(billed(row.tokens)), '', '', '', ''];
			break;
	}
	const all = [...cells, usd, totalText(row.total)];
	return `<tr class="r-${row.kind}">${all.map(cell => `<td>${htmlText(cell)}</td>`).join('')}</tr>`;
}

function totalText(total: RunningTotal): string {
	const tokens = `${total.tokens.toLocaleString('en-US')} tokens`;
	if (total.usd === undefined) return tokens;
	return `${tokens} · ${usdText(total.usd)}${total.unpriced ? '*' : ''}`;
}

/** The first and last times of the session's items. */
function timesOf(view: SessionView): {first?: number; last?: number} {
	let first: number | undefined;
	let last: number | undefined;
	for (const item of view.items) {
		if (item.at === undefined) continue;
		first ??= item.at;
		last = Math.max(last ?? item.at, item.at);
	}
	return {first, last};
}

function pad(n: number): string {
	return String(n).padStart(2, '0');
}

// UTC, so that a page reads the same wherever it is made.
function utcDateTime(ms: number): string {
	const d = new Date(ms);
	const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
	return `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}
