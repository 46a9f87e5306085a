// What tokens cost: the harness's formula, its fold by model, `$0.0353` text, and that a session's total is the sum of
// its requests.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {costOf, costOfUsage, costText, usdText} from '../../source/cost/arithmetic.js';
import {priceTable, type Rates} from '../../source/cost/prices.js';
import {sessionCost} from '../../source/render/cost-text.js';
import {toView} from '../../source/commands/to-view.js';
import type {ModelInput} from '../../source/model/input.js';
import {msg} from '../helpers/recordings.js';

const rates: Rates = {cacheRead: 0.3, cacheWrite: 3.75, output: 15};
const counts = (cache_read: number, cache_write: number, output: number) => ({
	cache_read,
	cache_write,
	output,
	total: cache_read + cache_write + output,
});

describe('costOf', () => {
	it('prices the three counters per million tokens and never `total`', () => {
		// 750 × 0.3 + 750 × 3.75 + 100 × 15 = 4537.5 per million.
		expect(costOf({cache_read: 750, cache_write: 750, output: 100, total: 999_999}, rates)).toBeCloseTo(0.0045375, 12);
	});
});

describe('usdText', () => {
	it('writes three significant digits under $1, cents from $1, dollars from $100', () => {
		expect(usdText(0.035312)).toBe('$0.0353');
		expect(usdText(0.0045375)).toBe('$0.00454');
		expect(usdText(0.1)).toBe('$0.100');
		expect(usdText(0.9996)).toBe('$1.00');
		expect(usdText(4.8249)).toBe('$4.82');
		expect(usdText(123.4)).toBe('$123');
		expect(usdText(0)).toBe('$0');
		expect(usdText(1.234e-9)).toBe('$0.00000000123');
	});

	it('marks a sum that leaves out a model without a price, and has nothing to say when none had one', () => {
		expect(costText({usd: 0.5, unpriced: true})).toBe('$0.500*');
		expect(costText({unpriced: true})).toBeUndefined();
	});
});

describe('costOfUsage', () => {
	const table = priceTable([{provider: 'anthropic', modelId: 'opus', rates}]);

	it('prices each model at its own price and flags the one without', () => {
		const cost = costOfUsage(
			[
				{provider: 'anthropic', modelId: 'opus', tokens: counts(1_000_000, 0, 0)},
				{provider: 'other', modelId: 'opus', tokens: counts(1_000_000, 1_000_000, 1_000_000)},
			],
			table,
		);
		// The same model_id under another provider is another model: never its price.
		expect(cost).toEqual({usd: 0.3, unpriced: true});
	});

	it('is no cost at all when no model has a price', () => {
		expect(costOfUsage([{provider: 'x', modelId: 'y', tokens: counts(5, 5, 5)}], table)).toEqual({
			usd: undefined,
			unpriced: true,
		});
	});
});

const meta = (provider: string, model_id: string): ModelInput =>
	msg('event_msg', {type: 'session_meta', session_id: 's', provider, model_id, system_prompt: '', tools: []});
const usage = (request: ReturnType<typeof counts>): ModelInput =>
	msg('event_msg', {type: 'token_usage', session: request, request});

describe('a session total', () => {
	it('is the sum of its requests, for any prices and usage (retried and compaction requests included)', () => {
		const count = fc.integer({min: 0, max: 5_000_000});
		const price = fc.double({min: 0, max: 200, noNaN: true});
		const request = fc.record({
			tokens: fc.tuple(count, count, count),
			status: fc.constantFrom('completed', 'timeout', 'failed'),
			compaction: fc.boolean(),
		});
		fc.assert(
			fc.property(
				fc.tuple(price, price, price),
				fc.array(request, {maxLength: 30}),
				([cacheRead, cacheWrite, output], requests) => {
					const table = priceTable([{provider: 'p', modelId: 'm', rates: {cacheRead, cacheWrite, output}}]);
					const inputs: ModelInput[] = [meta('p', 'm')];
					let expected = 0;
					for (const r of requests) {
						const tokens = counts(...r.tokens);
						if (r.compaction)
							inputs.push(msg('event_msg', {type: 'compaction_begin', reason: 'manual', mode: 'summarize'}));
						inputs.push(
							msg('event_msg', {type: 'request_begin'}),
							usage(tokens),
							msg('event_msg', {type: 'request_end', status: r.status}),
						);
						if (r.compaction) inputs.push(msg('event_msg', {type: 'compaction_end', status: 'completed'}));
						expected += costOf(tokens, {cacheRead, cacheWrite, output});
					}
					const total = sessionCost(toView(inputs, 0), table).usd ?? 0;
					expect(Math.abs(total - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
				},
			),
		);
	});

	it("prices a subagent's requests at the subagent's own model, and counts them in the parent", () => {
		const table = priceTable([
			{provider: 'p', modelId: 'big', rates: {cacheRead: 0, cacheWrite: 0, output: 10}},
			{provider: 'p', modelId: 'small', rates: {cacheRead: 0, cacheWrite: 0, output: 1}},
		]);
		const child = (input: ModelInput): ModelInput =>
			input.kind === 'message' ? {kind: 'message', message: {...input.message, origin: ['kid']}} : input;
		const view = toView(
			[
				meta('p', 'big'),
				usage(counts(0, 0, 1_000_000)),
				child(meta('p', 'small')),
				child(usage(counts(0, 0, 1_000_000))),
			],
			0,
		);
		expect(sessionCost(view, table).usd).toBeCloseTo(11, 9);
		const kid = view.items.find(item => item.kind === 'subagent');
		expect(kid?.kind === 'subagent' && kid.child ? sessionCost(kid.child, table).usd : undefined).toBeCloseTo(1, 9);
	});
});

describe('requests the viewer did not see', () => {
	it(
		"count from the session's cumulative counter, as `earlier` (a stream joined mid-run, a trace read from " +
			'a later shard)',
		() => {
			const table = priceTable([{provider: 'p', modelId: 'm', rates: {cacheRead: 0, cacheWrite: 0, output: 1}}]);
			// The session had spent 5M output tokens before this request of 1M.
			const view = toView(
				[
					meta('p', 'm'),
					msg('event_msg', {type: 'token_usage', session: counts(0, 0, 6_000_000), request: counts(0, 0, 1_000_000)}),
				],
				0,
			);
			expect(sessionCost(view, table).usd).toBeCloseTo(6, 9);
			expect(view.spend.map(line => [line.kind, line.requests, line.tokens.output])).toEqual([
				['conversation', 1, 1_000_000],
				['earlier', 0, 5_000_000],
			]);
		},
	);
});
