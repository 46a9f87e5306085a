/**
 * What happens to the session as a whole: an abort, a subagent started, its tools listed, its goal finished, MCP
 * servers connected.
 */
import {
	isAbortPayload,
	isRecord,
	isString,
	isStringArray,
	isSubagentPayload,
	isToolList,
} from '../../../protocol/guards.js';
import type {
	AnyPayload,
	GoalFinishedPayload,
	McpConnectBeginPayload,
	McpConnectEndPayload,
	ToolListReadyPayload,
} from '../../../protocol/types.js';
import type {McpConnectItem} from '../../view-model.js';
import {num, str} from '../core.js';
import {on, type PayloadHandlers} from './handler.js';

export function isToolListReadyPayload(p: AnyPayload): p is ToolListReadyPayload {
	return p.type === 'tool_list_ready' && isToolList(p['tools']);
}

export function isGoalFinishedPayload(p: AnyPayload): p is GoalFinishedPayload {
	return p.type === 'goal_finished' && isString(p['outcome']);
}

export function isMcpConnectBeginPayload(p: AnyPayload): p is McpConnectBeginPayload {
	return p.type === 'mcp_connect_begin' && isStringArray(p['servers']);
}

export function isMcpConnectEndPayload(p: AnyPayload): p is McpConnectEndPayload {
	return (
		p.type === 'mcp_connect_end' &&
		isString(p['status']) &&
		Array.isArray(p['results']) &&
		p['results'].every(r => isRecord(r) && isString(r['server']) && isString(r['status']))
	);
}

export const eventPayloads = {
	abort: on(isAbortPayload, (p, s, at) => {
		s.fragments.closeAll();
		s.calls.stopAll('aborted');
		s.core.push({kind: 'abort', reason: str(p.reason), ...s.core.base(at)}, 'item');
	}),
	subagent: on(isSubagentPayload, (p, s, at) => {
		s.subagents.ensure(p.session_id, at);
	}),
	tool_list_ready: on(isToolListReadyPayload, (p, s) => {
		s.view.header.tools = p.tools;
	}),
	goal_finished: on(isGoalFinishedPayload, (p, s, at) => {
		s.core.push(
			{
				kind: 'goal_finished',
				outcome: p.outcome,
				rounds: num(p.rounds),
				tokensUsed: num(p.tokens_used),
				...s.core.base(at),
			},
			'item',
		);
	}),
	mcp_connect_begin: on(isMcpConnectBeginPayload, (p, s, at) => {
		s.openMcp = s.core.push<McpConnectItem>({
			kind: 'mcp_connect',
			servers: p.servers,
			status: 'connecting',
			results: [],
			...s.core.base(at),
		});
	}),
	mcp_connect_end: on(isMcpConnectEndPayload, (p, s, at) => {
		const {core} = s;
		const item = core.touch(
			s.openMcp ??
				core.push<McpConnectItem>({
					kind: 'mcp_connect',
					servers: [],
					status: 'connecting',
					results: [],
					...core.base(at),
				}),
		);
		item.status = p.status;
		item.results = p.results.map(r => ({
			server: r.server,
			status: r.status,
			transport: str(r.transport),
			durationMs: num(r.duration_ms),
			error: str(r.error),
		}));
		if (item.servers.length === 0) item.servers = item.results.map(r => r.server);
		s.openMcp = undefined;
		core.record(item, 'item');
	}),
} satisfies PayloadHandlers;
