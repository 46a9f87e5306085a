// The viewer's cost of recorded sessions equals the harness's own count: its usage recorder's rows (every token_usage's
// `request`, attributed to the model of the session that made it) summed by model and priced as its usage service
// prices them.
import {parse as parseToml} from 'smol-toml';
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {pricesOfText, type PriceTable} from '../../source/cost/prices.js';
import {sessionCost} from '../../source/render/cost-text.js';
import {toView} from '../../source/commands/to-view.js';
import type {ModelInput} from '../../source/model/input.js';
import {asChildOf, fixturesDir, traceInputs} from '../helpers/recordings.js';
import {child, parent, retry, rotated, tools} from '../commands/data-root.js';

// A table written for this test: the recordings' model, and prices with no common factor.
const prices = pricesOfText(
	`[[models]]
provider = "custom"
model_id = "fake-model"
api_key = "sk-test"
[models.pricing]
unit = "usd_per_mtok"
cache_read = 0.37
cache_write = 4.1
output = 17.3
`,
	parseToml,
)!;

type Row = {provider: string; modelId: string; cacheRead: number; cacheWrite: number; output: number};

/** The harness's UsageRecorder over trace files: one row per token_usage with a `request`, at its session's model. */
function recorderRows(files: string[]): Row[] {
	const rows: Row[] = [];
	for (const file of files) {
		let model = {provider: '', modelId: ''};
		for (const line of readFileSync(`${fixturesDir}traces/${file}`, 'utf8').split('\n')) {
			if (line.trim() === '') continue;
			const {type, payload} = JSON.parse(line) as {type: string; payload: Record<string, unknown>};
			if (type === 'session_meta')
				model = {provider: payload['provider'] as string, modelId: payload['model_id'] as string};
			const request = payload['request'] as {cache_read: number; cache_write: number; output: number} | undefined;
			if (payload['type'] === 'token_usage' && request)
				rows.push({...model, cacheRead: request.cache_read, cacheWrite: request.cache_write, output: request.output});
		}
	}
	return rows;
}

/** The harness's UsageService: SUM by (provider, model_id), each sum priced, the sums added. */
function usageServiceCost(rows: Row[], table: PriceTable): number | undefined {
	const sums = new Map<string, Row>();
	for (const row of rows) {
		const key = `${row.provider}\0${row.modelId}`;
		const sum = sums.get(key) ?? {...row, cacheRead: 0, cacheWrite: 0, output: 0};
		sums.set(key, {
			...sum,
			cacheRead: sum.cacheRead + row.cacheRead,
			cacheWrite: sum.cacheWrite + row.cacheWrite,
			output: sum.output + row.output,
		});
	}
	let cost: number | undefined;
	for (const sum of sums.values()) {
		const rates = table.rates(sum.provider, sum.modelId);
		if (rates)
			cost =
				(cost ?? 0) +
				(sum.cacheRead * rates.cacheRead + sum.cacheWrite * rates.cacheWrite + sum.output * rates.output) / 1e6;
	}
	return cost;
}

const end: ModelInput = {kind: 'end'};

describe('the cost of recorded sessions, as the harness counts it', () => {
	it.each([
		['tools', [`${tools}_001.jsonl`]],
		['a retry that recovers', ['session-2026-12-02-14-44-25-2f8932ff_001.jsonl']],
		['a compaction and the shard after it', [`${rotated}_001.jsonl`, `${rotated}_002.jsonl`]],
	])('%s', (_name, files) => {
		const view = toView([...files.flatMap((file, index) => traceInputs(file, index + 1)), end], 0);
		const expected = usageServiceCost(recorderRows(files), prices);
		expect(expected).toBeGreaterThan(0);
		expect(sessionCost(view, prices).usd).toBeCloseTo(expected!, 12);
	});

	it('a parent and its subagent', () => {
		const inputs = [
			...traceInputs(`${parent}_001.jsonl`),
			...traceInputs(`${child}_001.jsonl`).map(input => asChildOf(child, input)),
			end,
		];
		const expected = usageServiceCost(recorderRows([`${parent}_001.jsonl`, `${child}_001.jsonl`]), prices);
		expect(sessionCost(toView(inputs, 0), prices).usd).toBeCloseTo(expected!, 12);
	});

	it('retries that never got an answer cost nothing, and say so with $0 rather than no figure', () => {
		const view = toView([...traceInputs(`${retry}_001.jsonl`), end], 0);
		expect(recorderRows([`${retry}_001.jsonl`])).toEqual([]);
		expect(sessionCost(view, prices)).toEqual({usd: undefined, unpriced: false});
	});
});
