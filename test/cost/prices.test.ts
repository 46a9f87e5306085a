// The price table from a project config's TOML (API keys never kept), a --prices JSON file, and a server's models
// answer.
import {parse as parseToml} from 'smol-toml';
import {describe, expect, it} from 'vitest';
import {pricesOfModelsAnswer, pricesOfText} from '../../source/cost/prices.js';
import {configToml, secret} from './price-config.js';

describe('pricesOfText', () => {
	it('reads each model by provider and model_id, with the buckets the harness reads', () => {
		const prices = pricesOfText(configToml, parseToml)!;
		expect(prices.rates('custom', 'fake-model')).toEqual({cacheRead: 0.3, cacheWrite: 3.75, output: 15});
		// No [models.pricing]: no price. A bucket left out counts 0, as the harness's getPricing counts it.
		expect(prices.rates('deepseek', 'deepseek-v4-flash')).toBeUndefined();
		expect(prices.rates('custom', 'half-priced')).toEqual({cacheRead: 0, cacheWrite: 0, output: 2});
		expect(prices.rates('other', 'fake-model')).toBeUndefined();
		expect(prices.size).toBe(2);
	});

	it('keeps nothing of the file but prices: no API key or base URL anywhere in the table', () => {
		const prices = pricesOfText(configToml, parseToml)!;
		const kept = JSON.stringify(prices, (_key, value: unknown) =>
			typeof value === 'function' ? String(value) : value,
		);
		expect(kept).not.toContain(secret);
		expect(JSON.stringify(prices.rates('custom', 'fake-model'))).not.toContain('127.0.0.1');
	});

	it('is undefined for a file that is not TOML, whatever the parser would have quoted from it', () => {
		expect(pricesOfText(`${configToml}\napi_key = "${secret}" this is broken`, parseToml)).toBeUndefined();
	});

	it('reads JSON of the same shape, and no price in another unit', () => {
		const prices = pricesOfText(
			JSON.stringify({
				models: [
					{provider: 'a', model_id: 'b', pricing: {unit: 'usd_per_mtok', output: 1}},
					{provider: 'a', model_id: 'c', pricing: {unit: 'cny_per_mtok', output: 1}},
				],
			}),
			parseToml,
		)!;
		expect(prices.rates('a', 'b')).toEqual({cacheRead: 0, cacheWrite: 0, output: 1});
		expect(prices.rates('a', 'c')).toBeUndefined();
	});
});

describe('pricesOfModelsAnswer', () => {
	it("reads the server's ModelsResponse (camelCase pricing, keys masked)", () => {
		const prices = pricesOfModelsAnswer({
			models: [
				{
					provider: 'custom',
					modelId: 'fake-model',
					pricing: {cacheRead: 0.3, cacheWrite: 3.75, output: 15},
					credential: {apiKeyMasked: 'sk-…89'},
					isDefault: true,
				},
				{provider: 'custom', modelId: 'free', isDefault: false},
			],
		})!;
		expect(prices.rates('custom', 'fake-model')).toEqual({cacheRead: 0.3, cacheWrite: 3.75, output: 15});
		expect(prices.rates('custom', 'free')).toBeUndefined();
		expect(pricesOfModelsAnswer({error: {code: 'x'}})).toBeUndefined();
	});
});
