// A call's duration runs from its complete tool_call message to its output, on a live stream as in the trace file
// (issue 29): the streaming of its arguments is not counted.
import {describe, expect, test} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import type {Item, SessionView, ToolCallItem} from '../../source/model/view-model.js';
import {serverStreamInputs, sseInputs, traceInputs} from '../helpers/recordings.js';

const now = Date.parse('2026-12-05T00:00:00Z');

function viewOf(inputs: readonly ModelInput[]): SessionView {
	const model = new SessionModel();
	model.applyAll(inputs, now);
	return model.view;
}

function callOf(items: readonly Item[], callId: string): ToolCallItem {
	const call = items.find((item): item is ToolCallItem => item.kind === 'tool_call' && item.callId === callId);
	if (!call) throw new Error(`no call ${callId}`);
	return call;
}

const durationOf = (call: ToolCallItem): number => call.endedAt! - call.at!;

describe('the recorded server session (8e7b556c): its stream and its trace', () => {
	const live = viewOf(sseInputs('A-session-stream.jsonl'));
	const file = viewOf(traceInputs('session-2026-12-02-14-45-42-8e7b556c_001.jsonl'));

	test(
		'`seq 1 300` took 257 ms from its complete call (53.167) ' + 'to its output (53.424), live and from the file alike',
		() => {
			// Its arguments streamed from 52.866: live, today's count started there (558 ms).
			const callId = 'call_44a2501b5cf1f8a9';
			expect(durationOf(callOf(live.items, callId))).toBe(257);
			expect(durationOf(callOf(file.items, callId))).toBe(257);
			expect(callOf(live.items, callId).at).toBe(Date.parse('2026-12-02T14:45:53.167Z'));
		},
	);

	test('every call of the stream has the duration the trace gives it', () => {
		const fromFile = file.items.filter((item): item is ToolCallItem => item.kind === 'tool_call');
		expect(fromFile.length).toBeGreaterThan(2);
		for (const call of fromFile) {
			const streamed = live.items.find(
				(item): item is ToolCallItem => item.kind === 'tool_call' && item.callId === call.callId,
			);
			if (streamed?.endedAt !== undefined)
				expect([call.callId, durationOf(streamed)]).toEqual([call.callId, durationOf(call)]);
		}
	});
});

test(
	'a run_subagent whose arguments streamed for 1.4 s: 13.1 s from its complete call (41.700) to its ' +
		'output (54.812), not 14.5 s',
	() => {
		const view = viewOf(serverStreamInputs('session-stream-subagent-approval.txt').map(entry => entry.input));
		const call = callOf(view.items, 'call_8ab0e9a19f6bea0f');
		expect(call.name).toBe('run_subagent');
		expect(call.at).toBe(Date.parse('2026-12-04T20:41:41.700Z'));
		expect(durationOf(call)).toBe(13_112);
	},
);
