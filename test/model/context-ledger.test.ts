import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {priceTable, type Rates} from '../../source/cost/prices.js';
import {contextLedger, contextSizes, type LedgerRow} from '../../source/model/context-ledger.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {TokenCounts} from '../../source/protocol/types.js';
import {asChildOf, fixturesDir, traceInputs} from '../helpers/recordings.js';

const now = Date.parse('2026-12-02T15:00:00Z');
// The tests' own prices, per million tokens: nothing like any real model's, so a figure that matches is computed.
const rates: Rates = {cacheRead: 1, cacheWrite: 2, output: 10};
const prices = priceTable([{provider: 'custom', modelId: 'fake-model', rates}]);
const dollars = (t: TokenCounts): number => (t.cache_read * 1 + t.cache_write * 2 + t.output * 10) / 1e6;

function viewOf(inputs: ModelInput[]) {
	const model = new SessionModel({});
	model.applyAll(inputs, now);
	return model.view;
}

/** The trace's token_usage `request` figures outside compactions, read straight from the file. */
function conversationUsage(...files: string[]): TokenCounts[] {
	const out: TokenCounts[] = [];
	for (const file of files) {
		let compacting = false;
		for (const line of readFileSync(`${fixturesDir}traces/${file}`, 'utf8').split('\n').filter(Boolean)) {
			const payload = (JSON.parse(line) as {payload: {type?: string; request?: TokenCounts}}).payload;
			if (payload.type === 'compaction_begin') compacting = true;
			if (payload.type === 'compaction_end') compacting = false;
			if (payload.type === 'token_usage' && !compacting) out.push(payload.request!);
		}
	}
	return out;
}

const example = ['session-2026-12-02-14-45-42-8e7b556c_001.jsonl', 'session-2026-12-02-14-45-42-8e7b556c_002.jsonl'];
const exampleView = () => viewOf([...traceInputs(example[0]!, 1), ...traceInputs(example[1]!, 2), {kind: 'end'}]);
const requests = (rows: LedgerRow[]) => rows.flatMap(row => (row.kind === 'request' ? [row] : []));

describe('the context ledger', () => {
	it('gives each request the cached and fresh input and output of its token_usage', () => {
		const ledger = contextLedger(exampleView(), undefined);
		const usage = conversationUsage(...example);
		expect(usage).toHaveLength(5);
		expect(requests(ledger.rows).map(row => ({cached: row.cached, fresh: row.fresh, output: row.output}))).toEqual(
			usage.map(u => ({cached: u.cache_read, fresh: u.cache_write, output: u.output})),
		);
		expect(ledger.contextWindow).toBe(64_000);
		expect(contextSizes(ledger)).toEqual(usage.map(u => u.cache_read + u.cache_write));
	});

	it('marks the compaction where the trace has it, with the context before and after', () => {
		const ledger = contextLedger(exampleView(), undefined);
		const kinds = ledger.rows.map(row => (row.kind === 'request' ? `r${row.item.index}` : row.kind));
		expect(kinds).toEqual(['r1', 'r2', 'r3', 'r4', 'compaction', 'r5']);
		const compaction = ledger.rows[4]!;
		// compaction_begin's context is 1591; the first request after it was sent 750 + 750.
		expect(compaction).toMatchObject({kind: 'compaction', before: 1591, after: 1500});
		// Its own request is billed: the token_usage inside it.
		expect(compaction.kind === 'compaction' && compaction.tokens).toEqual({
			cache_read: 750,
			cache_write: 750,
			output: 151,
			total: 1651,
		});
	});

	it('prices each request from the price table and keeps a running total, the compaction included', () => {
		const ledger = contextLedger(exampleView(), prices);
		const usage = conversationUsage(...example);
		expect(requests(ledger.rows).map(row => row.usd)).toEqual(usage.map(dollars));
		const compactionCost = dollars({cache_read: 750, cache_write: 750, output: 151, total: 0});
		const expected = usage.reduce((sum, u) => sum + dollars(u), 0) + compactionCost;
		expect(ledger.total.usd).toBeCloseTo(expected, 12);
		expect(ledger.rows.at(-1)!.total.usd).toBeCloseTo(expected, 12);
		// The running total never goes down.
		const totals = ledger.rows.map(row => row.total.tokens);
		expect(totals).toEqual([...totals].sort((a, b) => a - b));
		expect(ledger.total.unpriced).toBe(false);
	});

	it('says a total is unpriced when the model has no price, and gives no dollars', () => {
		const ledger = contextLedger(exampleView(), priceTable([{provider: 'other', modelId: 'x', rates}]));
		expect(ledger.total).toMatchObject({usd: undefined, unpriced: true});
	});

	it('shows retried requests as rows of their own, with no tokens until one reports usage', () => {
		const view = viewOf(traceInputs('session-2026-12-02-14-44-25-2f8932ff_001.jsonl'));
		const rows = requests(contextLedger(view, prices).rows);
		expect(rows.map(row => [row.item.status, row.item.retried, row.prompt])).toEqual([
			['timeout', true, 0],
			['timeout', true, 0],
			['completed', false, 1500],
		]);
		expect(rows[0]!.durationMs).toBeGreaterThanOrEqual(0);
		expect(rows[0]!.usd).toBeUndefined();
	});

	it("rolls a subagent's tokens and cost up into its parent's totals", () => {
		const childId = 'session-2026-12-02-14-43-19-1fcdf9f5';
		const parent = traceInputs('session-2026-12-02-14-43-17-a1f608ba_001.jsonl');
		const child = traceInputs(`${childId}_001.jsonl`)
			.filter(input => input.kind === 'message')
			.map(input => asChildOf(childId, input));
		const view = viewOf([...parent, ...child]);
		const ledger = contextLedger(view, prices);
		const sub = ledger.rows.find(row => row.kind === 'subagent');
		const childUsage = conversationUsage(`${childId}_001.jsonl`);
		const childTokens = childUsage.reduce((sum, u) => sum + u.cache_read + u.cache_write + u.output, 0);
		expect(sub).toMatchObject({kind: 'subagent', requests: childUsage.length});
		expect(sub!.kind === 'subagent' && sub!.tokens.cache_read + sub!.tokens.cache_write + sub!.tokens.output).toBe(
			childTokens,
		);
		const parentUsage = conversationUsage('session-2026-12-02-14-43-17-a1f608ba_001.jsonl');
		const all = [...parentUsage, ...childUsage];
		expect(ledger.total.tokens).toBe(all.reduce((sum, u) => sum + u.cache_read + u.cache_write + u.output, 0));
		expect(ledger.total.usd).toBeCloseTo(
			all.reduce((sum, u) => sum + dollars(u), 0),
			12,
		);
	});

	it('gives requests billed outside the trace (a title request) rows of their own, in the total', () => {
		const title: TokenCounts = {cache_read: 0, cache_write: 300, output: 12, total: 312};
		const ledger = contextLedger(exampleView(), prices, [
			{label: 'title request', provider: 'custom', modelId: 'fake-model', requests: 1, tokens: title},
		]);
		expect(ledger.rows[0]).toMatchObject({kind: 'billed', label: 'title request', requests: 1, usd: dollars(title)});
		const without = contextLedger(exampleView(), prices);
		expect(ledger.total.tokens - without.total.tokens).toBe(312);
	});
});
