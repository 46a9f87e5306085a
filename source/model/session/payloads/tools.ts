/** Tool calls, their outputs and the decisions on them, paired by tool_call_id (see ../tool-calls.ts). */
import {isString, isToolCallOutputPayload, isToolCallPayload} from '../../../protocol/guards.js';
import type {AnyPayload, ApprovalDecisionPayload} from '../../../protocol/types.js';
import {on, type PayloadHandlers} from './handler.js';

export function isApprovalDecisionPayload(p: AnyPayload): p is ApprovalDecisionPayload {
	return p.type === 'approval_decision' && isString(p['decision']) && isString(p['tool_call_id']);
}

export const toolPayloads = {
	tool_call: on(isToolCallPayload, (p, s, at) => {
		s.fragments.forgetCall('partial_tool_call', p.tool_call_id);
		s.calls.completeCall(p.tool_call_id, p.name, p.arguments ?? '', at);
	}),
	tool_call_output: on(isToolCallOutputPayload, (p, s, at) => {
		s.fragments.forgetCall('partial_tool_call_output', p.tool_call_id);
		s.calls.completeOutput(p.tool_call_id, p.output ?? '', p.images ?? [], p.stop_reason, at);
	}),
	approval_decision: on(isApprovalDecisionPayload, (p, s, at) => {
		s.calls.decide(p.tool_call_id, p.decision, at);
	}),
} satisfies PayloadHandlers;
