/**
 * Runtime guards for OmniMessage envelopes and payloads. A guard says whether a value
 * has the shape the reducer relies on; it never throws, whatever it is given. The guards
 * of payloads only the reducer reads live with their handlers (model/session/payloads/).
 */
import type {
	AbortPayload,
	AnyPayload,
	OmniMessage,
	PartialPayload,
	SessionMetaPayload,
	SubagentPayload,
	TextPayload,
	TokenCounts,
	TokenUsagePayload,
	ToolCallOutputPayload,
	ToolCallPayload,
	ToolDefinition,
} from './types.js';

export function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Small shape tests the guards here and the model's payload guards (model/session/payloads/) share. */
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isOptional = <T>(value: unknown, guard: (v: unknown) => v is T): boolean =>
	value === undefined || value === null || guard(value);
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/**
 * An envelope: an object whose payload is an object with a string `type`; a session_meta
 * payload carries no `type` of its own (the envelope's says what it is).
 */
export function isOmniMessage(value: unknown): value is OmniMessage {
	if (!isRecord(value)) return false;
	const {payload, type, origin, timestamp} = value;
	return (
		isString(type) &&
		isRecord(payload) &&
		(isString(payload['type']) || (type === 'session_meta' && payload['type'] === undefined)) &&
		isOptional(origin, isStringArray) &&
		isOptional(timestamp, isString)
	);
}

export function isToolDefinition(value: unknown): value is ToolDefinition {
	return isRecord(value) && isString(value['name']);
}

export function isToolList(value: unknown): value is ToolDefinition[] {
	return Array.isArray(value) && value.every(isToolDefinition);
}

export function isSessionMeta(p: AnyPayload): p is AnyPayload & SessionMetaPayload {
	return isString(p['session_id']) && isOptional(p['tools'], isToolList);
}

export function isTextPayload(p: AnyPayload): p is TextPayload {
	return p.type === 'text' && isString(p['text']) && (p['role'] === 'user' || p['role'] === 'assistant');
}

export function isToolCallPayload(p: AnyPayload): p is ToolCallPayload {
	return (
		p.type === 'tool_call' && isString(p['name']) && isString(p['tool_call_id']) && isOptional(p['arguments'], isString)
	);
}

export function isToolCallOutputPayload(p: AnyPayload): p is ToolCallOutputPayload {
	return (
		p.type === 'tool_call_output' &&
		isString(p['tool_call_id']) &&
		isOptional(p['output'], isString) &&
		isOptional(p['images'], isStringArray)
	);
}

export function isPartialPayload(p: AnyPayload): p is AnyPayload & PartialPayload {
	if (typeof p.type !== 'string' || !p.type.startsWith('partial_')) return false;
	const event = p['event_type'];
	if (event !== 'start' && event !== 'delta' && event !== 'stop') return false;
	const textField = partialTextField(p.type);
	if (textField === undefined) return false;
	return (
		isOptional(p[textField], isString) &&
		isOptional(p['tool_call_id'], isString) &&
		isOptional(p['images'], isStringArray)
	);
}

/** The field in which a partial payload carries its incremental text. */
export function partialTextField(type: string): 'text' | 'thinking' | 'arguments' | 'output' | undefined {
	switch (type) {
		case 'partial_text':
			return 'text';
		case 'partial_thinking':
			return 'thinking';
		case 'partial_tool_call':
			return 'arguments';
		case 'partial_tool_call_output':
			return 'output';
		default:
			return undefined;
	}
}

export function isTokenCounts(value: unknown): value is TokenCounts {
	return (
		isRecord(value) &&
		isFiniteNumber(value['cache_read']) &&
		isFiniteNumber(value['cache_write']) &&
		isFiniteNumber(value['output']) &&
		isFiniteNumber(value['total'])
	);
}

export function isTokenUsagePayload(p: AnyPayload): p is TokenUsagePayload {
	return p.type === 'token_usage' && isTokenCounts(p['session']) && isTokenCounts(p['request']);
}

export function isAbortPayload(p: AnyPayload): p is AbortPayload {
	return p.type === 'abort' && isOptional(p['reason'], isString);
}

export function isSubagentPayload(p: AnyPayload): p is SubagentPayload {
	return p.type === 'subagent' && isString(p['session_id']);
}

/** The failure detail of a request_end or compaction_end: new name first, legacy second. */
export function errorMessageOf(p: AnyPayload): string | undefined {
	const detail = p['error_message'] ?? p['message'];
	return isString(detail) && detail !== '' ? detail : undefined;
}
