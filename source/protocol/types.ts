/**
 * OmniMessage types: the spec (omni-message.en.md) plus what the live upstream
 * (PenguinHarness 0.2.4) adds. Every field that a trace from another version may lack
 * is optional here, and the guards in guards.ts decide what is usable.
 */

export type MessageType = 'session_meta' | 'model_msg' | 'event_msg';

export type StopReason = 'completed' | 'failed' | 'aborted' | 'timeout' | 'malformed' | 'auth';

export type StreamEventType = 'start' | 'delta' | 'stop';

/** Anything with a string `type`: known payloads below, and any future one. */
export type AnyPayload = {type: string; [key: string]: unknown};

export type OmniMessage = {
	timestamp?: string;
	type: MessageType | string;
	payload: AnyPayload;
	/** Child-session chain, outer to inner; absent for the main session. */
	origin?: string[];
};

export type ToolDefinition = {
	name: string;
	description?: string;
	parameters?: Record<string, unknown>;
};

export type SessionMetaPayload = {
	type?: string;
	session_id: string;
	provider?: string;
	model_id?: string;
	model_context_window?: number | string;
	system_prompt?: string;
	tools?: ToolDefinition[];
	agent_state?: string;
	workspace?: string;
	source?: 'subagent' | 'schedule' | string;
};

export type Sender = 'user' | 'parent_agent' | 'harness' | 'server';

export type TextPayload = {
	type: 'text';
	role: 'user' | 'assistant';
	text: string;
	sender?: Sender | string;
	stop_reason?: StopReason;
	fidelity?: Record<string, unknown>;
};

export type ThinkingPayload = {
	type: 'thinking';
	role: 'assistant';
	thinking: string;
	stop_reason?: StopReason;
	fidelity?: Record<string, unknown>;
};

export type InlineThinkingPayload = {
	type: 'inline_thinking';
	role: 'assistant';
	data: string;
	mime_type: string;
	stop_reason?: StopReason;
};

export type ToolCallPayload = {
	type: 'tool_call';
	role: 'assistant';
	name: string;
	arguments: string;
	tool_call_id: string;
	stop_reason?: StopReason;
};

export type ToolCallOutputPayload = {
	type: 'tool_call_output';
	role: 'user';
	output: string;
	images?: string[];
	tool_call_id: string;
	stop_reason?: StopReason;
};

export type ImageUrlPayload = {
	type: 'image_url';
	role: 'user';
	image_url: string;
	stop_reason?: StopReason;
};

export type InlineDataPayload = {
	type: 'inline_data';
	role: 'user' | 'assistant';
	data: string;
	mime_type: string;
	stop_reason?: StopReason;
};

export type PartialPayload = {
	type: 'partial_text' | 'partial_thinking' | 'partial_tool_call' | 'partial_tool_call_output';
	role?: string;
	event_type: StreamEventType;
	text?: string;
	thinking?: string;
	name?: string;
	arguments?: string;
	output?: string;
	images?: string[];
	tool_call_id?: string;
	stop_reason?: StopReason;
};

export type TokenCounts = {
	cache_read: number;
	cache_write: number;
	output: number;
	total: number;
};

export type RequestEndPayload = {
	type: 'request_end';
	status: StopReason | string;
	error_message?: string;
	/** Older traces named the failure detail `message`. */
	message?: string;
	attempt?: number;
	retry_in_ms?: number;
};

export type ApprovalDecision = 'allow' | 'deny' | 'forbidden';

export type ApprovalDecisionPayload = {
	type: 'approval_decision';
	decision: ApprovalDecision | string;
	tool_call_id: string;
};

export type TokenUsagePayload = {
	type: 'token_usage';
	session: TokenCounts;
	request: TokenCounts;
};

export type CompactionBeginPayload = {
	type: 'compaction_begin';
	reason?: string;
	mode?: string;
	context?: number;
	turns?: number;
};

export type CompactionEndPayload = {
	type: 'compaction_end';
	reason?: string;
	mode?: string;
	status: StopReason | string;
	error_message?: string;
	attempt?: number;
};

export type AbortPayload = {type: 'abort'; reason?: string | null};

export type SubagentPayload = {type: 'subagent'; session_id: string};

export type ToolListReadyPayload = {type: 'tool_list_ready'; tools: ToolDefinition[]};

export type GoalFinishedPayload = {
	type: 'goal_finished';
	outcome: 'complete' | 'blocked' | 'budget_limited' | 'aborted' | string;
	rounds?: number;
	tokens_used?: number;
};

export type McpConnectBeginPayload = {type: 'mcp_connect_begin'; servers: string[]};

export type McpConnectResult = {
	server: string;
	transport?: string;
	status: string;
	duration_ms?: number;
	tools?: unknown;
	error?: string;
};

export type McpConnectEndPayload = {
	type: 'mcp_connect_end';
	status: string;
	results: McpConnectResult[];
};

/** Payload types this version knows; anything else is shown as a generic row. */
export const knownPayloadTypeList = [
	'text',
	'thinking',
	'inline_thinking',
	'tool_call',
	'tool_call_output',
	'image_url',
	'inline_data',
	'partial_text',
	'partial_thinking',
	'partial_tool_call',
	'partial_tool_call_output',
	'request_begin',
	'request_end',
	'approval_decision',
	'token_usage',
	'compaction_begin',
	'compaction_end',
	'abort',
	'subagent',
	'tool_list_ready',
	'goal_finished',
	'mcp_connect_begin',
	'mcp_connect_end',
] as const;

/**
 * A payload type this version knows: the model's table of handlers (model/session/payloads/table.ts) has one for each.
 */
export type KnownPayloadType = (typeof knownPayloadTypeList)[number];

export const knownPayloadTypes: ReadonlySet<string> = new Set(knownPayloadTypeList);

export function isKnownPayloadType(type: string): type is KnownPayloadType {
	return knownPayloadTypes.has(type);
}

/**
 * The tool whose call starts a subagent: the model links the child session to it. Every
 * other tool is known only to the presenters' registry (render/tool-registry.ts).
 */
export const subagentToolName = 'run_subagent';
