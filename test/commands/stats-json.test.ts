// --stats --json's object (commands/stats-json.ts, docs/stats-json.md): every key there whatever the session holds,
// null for what is not known, the cost priced by model when a price table is given.
import {describe, expect, it} from 'vitest';
import {statsDocument} from '../../source/commands/stats-json.js';
import {statsOf} from '../../source/commands/stats.js';
import {priceTable} from '../../source/cost/prices.js';
import {viewOf} from '../ui/helpers.js';

const keys = [
	'schema',
	'session',
	'requests',
	'tokens',
	'cost',
	'tools',
	'longestSteps',
	'compactions',
	'aborts',
	'malformedLines',
	'subagents',
];

describe('statsDocument', () => {
	it('an empty session still has every key, unknowns as null', () => {
		const document = statsDocument(statsOf(viewOf()));
		expect(Object.keys(document)).toEqual(keys);
		expect(document).toMatchObject({
			schema: 1,
			session: {id: null, durationMs: null},
			tokens: null,
			cost: null,
			tools: [],
			longestSteps: [],
		});
	});

	it('prices each model and kind, and says when some tokens had no price', () => {
		const stats = statsOf(viewOf('14-45-42-8e7b556c_001'));
		const rates = {cacheRead: 1, cacheWrite: 2, output: 10};
		const priced = statsDocument(stats, priceTable([{provider: 'custom', modelId: 'fake-model', rates}]));
		expect(priced.cost).toMatchObject({unpriced: false});
		const byModel = priced.cost!.byModel;
		expect(byModel.map(line => line.kind)).toContain('conversation');
		for (const line of byModel) {
			expect(line).toMatchObject({provider: 'custom', model: 'fake-model'});
			expect(line.usd).toBeCloseTo(
				(line.tokens.cache_read * 1 + line.tokens.cache_write * 2 + line.tokens.output * 10) / 1e6,
				9,
			);
		}
		expect(priced.cost!.usd).toBeCloseTo(
			byModel.reduce((sum, line) => sum + line.usd!, 0),
			9,
		);
		const other = statsDocument(stats, priceTable([{provider: 'other', modelId: 'm', rates}]));
		expect(other.cost).toMatchObject({usd: null, unpriced: true});
		expect(JSON.parse(JSON.stringify(priced))).toEqual(priced);
	});
});
