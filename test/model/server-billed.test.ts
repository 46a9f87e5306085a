// What a server billed beyond a session's trace (model/server-billed.ts), on a real server's recording: a session with
// a subagent, whose usage row holds one request more than the traces (the title request the server makes and never
// writes to the trace); that request as the context ledger's row of its own, the ledger's total then the server's.
import {describe, expect, it} from 'vitest';
import {pricesOfModelsAnswer} from '../../source/cost/prices.js';
import {liveServerCost} from '../../source/render/cost-text.js';
import {contextLedger} from '../../source/model/context-ledger.js';
import type {ModelInput} from '../../source/model/input.js';
import {billedOutsideText, billedOutsideTrace, type ServerFigure} from '../../source/model/server-billed.js';
import {traceInputs} from '../../source/server/http-trace.js';
import {readSessionCosts} from '../../source/server/usage-costs.js';
import {costChildId, costEvents, costModels, costParentId, costUsage} from '../support/cost-recording.js';
import {viewFrom} from '../ui/helpers.js';

// The parent's trace, then the child's messages as its stream carries them (tagged with the child's id).
const recordedView = () => {
	const child = traceInputs(1, costEvents(costChildId)).map(
		(input): ModelInput =>
			input.kind === 'message' ? {...input, message: {...input.message, origin: [costChildId]}} : input,
	);
	return viewFrom([...traceInputs(1, costEvents(costParentId)), ...child]);
};
const figureOf = (sessionId: string): ServerFigure => {
	const cost = readSessionCosts(costUsage().json)!.get(sessionId)!;
	return {usd: cost.usd, unpriced: cost.unpriced, requests: cost.requests, tokens: cost.counts};
};
const prices = () => pricesOfModelsAnswer(costModels().json)!;

describe('requests a server billed beyond the trace', () => {
	it('the usage row less the traces’ requests (the subagent’s among them) is one title request', () => {
		const extra = billedOutsideTrace(recordedView(), figureOf(costParentId));
		// Row 4,000 / 5,200 / 231 over 8 requests; the traces 4,000 / 4,160 / 216 over 5 + 2.
		expect(extra).toEqual([
			{
				label: 'title',
				requests: 1,
				tokens: {cache_read: 0, cache_write: 1040, output: 15, total: 1055},
				provider: 'custom',
				modelId: 'fake-model',
			},
		]);
		expect(billedOutsideText(extra)).toBe('+1 request not in the trace: title');
	});

	it('a row of its own in the ledger, whose total is then the server’s figure', () => {
		const view = recordedView();
		const server = figureOf(costParentId);
		const ledger = contextLedger(view, prices(), billedOutsideTrace(view, server));
		const titles = ledger.rows.filter(row => row.kind === 'billed');
		expect(titles).toHaveLength(1);
		expect(titles[0]).toMatchObject({label: 'title', outside: true, requests: 1});
		// 1,040 fresh at $4 and 15 out at $16 a million.
		expect(titles[0]!.usd).toBeCloseTo(0.0044, 10);
		expect(ledger.total.usd).toBeCloseTo(server.usd!, 10);
		expect(ledger.total.tokens).toBe(4000 + 5200 + 231);
		// Without it, the traces' own figure: the title's less.
		expect(contextLedger(view, prices()).total.usd).toBeCloseTo(server.usd! - 0.0044, 10);
	});

	it('a figure asked before the run’s last requests ended: the trace’s own figure while it is the larger', () => {
		const view = recordedView();
		const server = figureOf(costParentId);
		const trace = contextLedger(view, prices()).total.usd!;
		// Asked after the first of the parent's five requests: the title's and that one's.
		const stale: ServerFigure = {usd: 0.0091, unpriced: false, requests: 2};
		expect(liveServerCost(view, prices(), stale).usd).toBeCloseTo(trace, 10);
		// Caught up: the figure as the server gives it, the title's request in it.
		expect(liveServerCost(view, prices(), server)).toEqual(server);
		expect(server.usd!).toBeGreaterThan(trace);
	});

	it('a subagent whose requests are not held here: nothing said, the difference is not only the title’s', () => {
		const parentAlone = viewFrom(traceInputs(1, costEvents(costParentId)));
		expect(billedOutsideTrace(parentAlone, figureOf(costParentId))).toEqual([]);
	});

	it('nothing added from disk, when the usage did not answer, or when the row has not caught up with the trace', () => {
		const view = recordedView();
		expect(billedOutsideTrace(view, undefined)).toEqual([]);
		expect(billedOutsideTrace(view, 'unknown')).toEqual([]);
		const behind = {
			usd: 0.01,
			unpriced: false,
			requests: 6,
			tokens: {cache_read: 3200, cache_write: 2800, output: 167, total: 6167},
		};
		expect(billedOutsideTrace(view, behind)).toEqual([]);
		expect(billedOutsideTrace(view, {usd: 0.03, unpriced: false})).toEqual([]);
		expect(billedOutsideText([])).toBeUndefined();
	});
});
