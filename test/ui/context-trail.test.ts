// The header's context trail: the prompt of each request as a sparkline (a compaction shows as a drop), the cost with
// subagents, where the title and the source leave room.
import {describe, expect, test} from 'vitest';
import {priceTable} from '../../source/cost/prices.js';
import type {SourceStatus} from '../../source/model/session-store.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {ContextTrail} from '../../source/ui/screen/context-trail.js';
import {headerRows} from '../../source/ui/screen/status-line.js';
import {childInputs, msg, testNow, traceInputs, viewFrom} from './helpers.js';

const status: SourceStatus = {label: 'trace.jsonl', state: 'following'};
const usage = (cached: number, fresh: number) =>
	msg({
		type: 'token_usage',
		session: {cache_read: 0, cache_write: 0, output: 0, total: 0},
		request: {cache_read: cached, cache_write: fresh, output: 50, total: cached + fresh + 50},
	});
const request = (cached: number, fresh: number) => [
	msg({type: 'request_begin'}),
	usage(cached, fresh),
	msg({type: 'request_end', status: 'completed'}),
];
// Three requests of 5k, 9k and, after a compaction, 1.2k of prompt.
const compacted = () =>
	viewFrom([
		...request(1000, 4000),
		...request(5000, 4000),
		msg({type: 'compaction_begin', reason: 'context', mode: 'summarize', context: 9050}),
		msg({type: 'compaction_end', reason: 'context', mode: 'summarize', status: 'completed'}),
		...request(0, 1200),
	]);

describe('the context trail', () => {
	test('one prompt per request, the compaction a drop, in the header where it fits', () => {
		const view = compacted();
		const trail = new ContextTrail();
		expect(trail.sizes(view)).toEqual([5000, 9000, 1200]);
		const second = (width: number) =>
			rowText(headerRows({view, status, following: true, now: testNow, width, trail: {sizes: trail.sizes(view)}})[1]!);
		// 5k of 9k is the fifth of eight blocks, 1.2k the second.
		expect(second(100)).toMatch(/^ trace\.jsonl +ctx ▅█▂ {2}○ idle · following $/);
		// Too narrow for it beside the source and the state: left out, neither of them cut.
		expect(second(40)).toMatch(/^ trace\.jsonl +○ idle · following $/);
	});

	test('scans only what arrived since it last looked', () => {
		const trail = new ContextTrail();
		const view = compacted();
		expect(trail.sizes(view)).toHaveLength(3);
		const more = viewFrom([...request(100, 200)]);
		// Another session: it starts over.
		expect(trail.sizes(more)).toEqual([300]);
	});

	test('the cost holds the subagents the session holds', () => {
		const childId = 'session-2026-12-02-14-43-19-1fcdf9f5';
		const view = viewFrom([...traceInputs('14-43-17-a1f608ba_001'), ...childInputs('14-43-19-1fcdf9f5_001', childId)]);
		const prices = priceTable([
			{provider: 'custom', modelId: 'fake-model', rates: {cacheRead: 1, cacheWrite: 2, output: 10}},
		]);
		// Parent 750/750/100 and 750/750/43, child 750/750/46 and 750/750/31: 4 × 2,250 + 10 × 220 millionths.
		expect(new ContextTrail().cost(view, {prices})).toBe('$0.0112');
		expect(new ContextTrail().cost(view, {})).toBeUndefined();
	});
});
