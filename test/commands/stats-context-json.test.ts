// The context numbers for --stats --json: `requests` rows with the trace's token_usage figures, their cost and running
// total, and `context` by part; plain JSON values that survive a round trip.
import {readFileSync} from 'node:fs';
import {expect, it} from 'vitest';
import {priceTable} from '../../source/cost/prices.js';
import {contextStatsJson} from '../../source/commands/stats-context-json.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {TokenCounts} from '../../source/protocol/types.js';
import {fixturesDir, traceInputs} from '../helpers/recordings.js';

const example = 'session-2026-12-02-14-45-42-8e7b556c';
const prices = priceTable([
	{provider: 'custom', modelId: 'fake-model', rates: {cacheRead: 1, cacheWrite: 2, output: 10}},
]);
const dollars = (t: TokenCounts): number => (t.cache_read + t.cache_write * 2 + t.output * 10) / 1e6;

function view(inputs = [...traceInputs(`${example}_001.jsonl`, 1), ...traceInputs(`${example}_002.jsonl`, 2)]) {
	const model = new SessionModel({});
	model.applyAll(inputs, Date.parse('2026-12-02T15:00:00Z'));
	return model.view;
}

/** Every token_usage `request` of the files, in order (the compaction's too). */
function usages(...files: string[]): TokenCounts[] {
	return files.flatMap(file =>
		readFileSync(`${fixturesDir}traces/${file}`, 'utf8')
			.split('\n')
			.filter(Boolean)
			.map(line => (JSON.parse(line) as {payload: {type?: string; request?: TokenCounts}}).payload)
			.filter(payload => payload.type === 'token_usage')
			.map(payload => payload.request!),
	);
}

it('gives a row per request and the compaction with the trace’s figures, cost and running total', () => {
	const json = contextStatsJson(view(), prices);
	expect(JSON.parse(JSON.stringify(json))).toEqual(json);
	const all = usages(`${example}_001.jsonl`, `${example}_002.jsonl`);
	// The order of the trace: four requests, the compaction (its own request is the fifth token_usage), one more.
	expect(json.requests.map(row => row.kind)).toEqual([
		'request',
		'request',
		'request',
		'request',
		'compaction',
		'request',
	]);
	expect(json.requests.map(row => row.tokens)).toEqual(all);
	expect(json.requests.map(row => row.costUsd)).toEqual(all.map(dollars));
	expect(json.requests[4]).toMatchObject({
		kind: 'compaction',
		status: 'completed',
		contextBefore: 1591,
		contextAfter: 1500,
	});
	expect(json.requests[0]).toMatchObject({
		kind: 'request',
		index: 1,
		status: 'completed',
		promptTokens: 1500,
		contextWindow: 64_000,
		retried: false,
	});
	const last = json.requests.at(-1)!.running;
	expect(last.tokens).toBe(all.reduce((sum, u) => sum + u.cache_read + u.cache_write + u.output, 0));
	expect(last.costUsd).toBeCloseTo(
		all.reduce((sum, u) => sum + dollars(u), 0),
		12,
	);
});

it('says what fills the context by part, the parts summing to the prompt and each step’s to its growth', () => {
	const {context} = contextStatsJson(view(), undefined);
	expect(context).toMatchObject({requestIndex: 5, promptTokens: 1500, contextWindow: 64_000});
	expect(Object.values(context.parts).reduce((sum, part) => sum + part.tokens, 0)).toBe(1500);
	for (const step of context.steps)
		expect(Object.values(step.parts).reduce<number>((a, b) => a + (b ?? 0), 0)).toBe(step.growth);
	expect(context.largest[0]).toMatchObject({part: 'system_prompt', label: 'system prompt'});
});

it('gives failed attempts rows with null tokens, and no dollars without prices', () => {
	const json = contextStatsJson(view(traceInputs('session-2026-12-02-14-44-25-2f8932ff_001.jsonl')), undefined);
	expect(
		json.requests.map(row => row.kind === 'request' && [row.status, row.attempt, row.tokens === null, row.costUsd]),
	).toEqual([
		['timeout', 1, true, null],
		['timeout', 2, true, null],
		['completed', 3, false, null],
	]);
});
