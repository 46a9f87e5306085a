/**
 * What a session is doing now, from the last lines of its trace (the overview's state and
 * activity columns). A trace holds complete messages only, so "thinking…" is a request with
 * nothing written back yet and "writing…" one whose thinking is done. Pure: lines in, a
 * summary out; the tail may start anywhere (a call whose decision or output is outside it is
 * simply not seen).
 */
import {
	errorMessageOf,
	isOmniMessage,
	isSubagentPayload,
	isTokenUsagePayload,
	isToolCallOutputPayload,
	isToolCallPayload,
} from '../protocol/guards.js';
// Each guard lives with its payload family's handlers (model/session/payloads/).
import {isCompactionEndPayload} from '../model/session/payloads/compaction-payloads.js';
import {isRequestEndPayload} from '../model/session/payloads/request-payloads.js';
import {isApprovalDecisionPayload} from '../model/session/payloads/tools.js';
import type {OverviewState} from '../model/overview-order.js';
import {isInterruptReason, runEnding, type RunEnding} from '../model/run-ending.js';
import type {OmniMessage} from '../protocol/types.js';
import {oneLine} from './format.js';
import {summarizeToolCall} from './tool-summary.js';

export type {OverviewState};

/** What the end of a trace says. */
export type TailActivity = {
	state: OverviewState;
	/** Tool calls waiting for a person's decision. */
	waiting: number;
	/** What it does now, on one line: `exec_command $ npm test`, `thinking…`, the failure. */
	doing?: string;
	/** The session's tokens so far (the last token_usage's session counter), when the tail has one. */
	tokens?: number;
	/** Subagent sessions this one started (its `subagent` pointers seen in the tail). */
	children: readonly string[];
	/** ms since the epoch of the last message with a timestamp. */
	lastAt?: number;
	/** How the last run ended (finished, aborted by a person, failed), as far as the tail says (unset: not read). */
	ended?: RunEnding;
};

type OpenCall = {name: string; args: string; decided: boolean};

type Scan = {
	calls: Map<string, OpenCall>;
	inRequest: boolean;
	/** Thinking (or text) came back in the open request. */
	wrote: boolean;
	compacting: boolean;
	retry?: {attempt?: number; error?: string};
	failed?: string;
	tokens?: number;
	children: string[];
	lastAt?: number;
	/** The newest open fragment (the server's `live.fragments`): what the model is writing now. */
	fragment?: {kind: 'text' | 'thinking'} | {kind: 'call'; name: string; args: string};
};

const headlineMax = 80;

/** One line of what a call does: `exec_command $ npm test`. */
export function callLine(name: string, args: string): string {
	const {headline} = summarizeToolCall(name, args, [], headlineMax);
	return oneLine(`${name} ${headline}`, headlineMax + name.length + 1);
}

function step(scan: Scan, message: OmniMessage): void {
	const p = message.payload;
	const at = message.timestamp === undefined ? Number.NaN : Date.parse(message.timestamp);
	if (Number.isFinite(at)) scan.lastAt = at;
	if (fragmentStep(scan, p)) return;
	if (isToolCallPayload(p)) {
		scan.fragment = undefined;
		scan.calls.set(p.tool_call_id, {name: p.name, args: p.arguments, decided: false});
		scan.wrote = true;
		scan.failed = undefined;
		return;
	}
	if (isApprovalDecisionPayload(p)) {
		const call = scan.calls.get(p.tool_call_id);
		if (call) call.decided = true;
		return;
	}
	if (isToolCallOutputPayload(p)) {
		scan.calls.delete(p.tool_call_id);
		return;
	}
	if (isTokenUsagePayload(p)) {
		scan.tokens = p.session.total;
		return;
	}
	if (isRequestEndPayload(p)) {
		scan.inRequest = false;
		scan.fragment = undefined;
		scan.wrote = false;
		// An aborted request: the `abort` after it says whether a person stopped it or it failed.
		if (p.status === 'completed' || p.status === 'aborted') scan.retry = undefined;
		else if (typeof p.retry_in_ms === 'number') scan.retry = {attempt: p.attempt, error: errorMessageOf(p)};
		else {
			scan.retry = undefined;
			scan.failed = errorMessageOf(p) ?? `request ${String(p.status)}`;
		}
		return;
	}
	if (isCompactionEndPayload(p)) {
		scan.compacting = false;
		if (p.status !== 'completed') scan.failed = errorMessageOf(p) ?? `compaction ${String(p.status)}`;
		return;
	}
	if (isSubagentPayload(p)) {
		if (!scan.children.includes(p.session_id)) scan.children.push(p.session_id);
		return;
	}
	switch (p.type) {
		case 'request_begin':
			scan.inRequest = true;
			scan.wrote = false;
			scan.failed = undefined;
			return;
		case 'compaction_begin':
			scan.compacting = true;
			scan.failed = undefined;
			return;
		case 'abort': {
			scan.inRequest = false;
			scan.retry = undefined;
			scan.calls.clear();
			// A person's interrupt stops the run; it did not fail (runEnding says how it ended).
			const reason = typeof p['reason'] === 'string' ? p['reason'] : '';
			if (reason !== '' && !isInterruptReason(reason)) scan.failed = reason;
			return;
		}
		case 'thinking':
		case 'inline_thinking':
		case 'text':
			if (message.type === 'model_msg' && scan.inRequest) scan.wrote = true;
			if (p['role'] !== 'user') scan.fragment = undefined;
			return;
		default:
	}
}

/** A stream's fragment (`partial_*`, as the history's `live.fragments` has them): the newest says what is written. */
function fragmentStep(scan: Scan, p: OmniMessage['payload']): boolean {
	switch (p.type) {
		case 'partial_text':
			if (p['role'] !== 'user') scan.fragment = {kind: 'text'};
			return true;
		case 'partial_thinking':
			scan.fragment = {kind: 'thinking'};
			return true;
		case 'partial_tool_call': {
			const name = typeof p['name'] === 'string' ? p['name'] : '';
			const args = typeof p['arguments'] === 'string' ? p['arguments'] : '';
			const open = scan.fragment?.kind === 'call' ? scan.fragment : undefined;
			// A start names the call; deltas (name "") add to its arguments.
			const grown = {kind: 'call' as const, name: open?.name ?? 'tool', args: `${open?.args ?? ''}${args}`};
			scan.fragment = name !== '' ? {kind: 'call', name, args} : grown;
			return true;
		}
		case 'partial_tool_call_output':
			return true;
		default:
			return false;
	}
}

/** The activity the lines of a trace's tail say; a line that is not a message is passed over. */
export function tailActivity(lines: readonly string[]): TailActivity {
	const values: unknown[] = [];
	for (const line of lines) {
		if (line.trim() === '') continue;
		try {
			values.push(JSON.parse(line));
		} catch {
			// Not a message (a line cut by the tail's start): passed over.
		}
	}
	return messagesActivity(values);
}

/**
 * The activity of the last messages already parsed (a server's `GET …/messages?tailLimit=`); a value that is not a
 * message is passed over.
 */
export function messagesActivity(messages: readonly unknown[]): TailActivity {
	const scan: Scan = {calls: new Map(), inRequest: false, wrote: false, compacting: false, children: []};
	for (const value of messages) if (isOmniMessage(value)) step(scan, value);
	return {...activityOf(scan), ended: runEnding(messages)};
}

function activityOf(scan: Scan): Omit<TailActivity, 'ended'> {
	const base = {
		children: scan.children,
		...(scan.tokens !== undefined ? {tokens: scan.tokens} : {}),
		...(scan.lastAt !== undefined ? {lastAt: scan.lastAt} : {}),
	};
	const calls = [...scan.calls.values()];
	const asking = calls.filter(call => !call.decided);
	if (asking.length > 0)
		return {...base, state: 'waiting', waiting: asking.length, doing: callLine(asking[0]!.name, asking[0]!.args)};
	if (scan.compacting) return {...base, state: 'compacting', waiting: 0, doing: 'compacting the context…'};
	if (scan.failed !== undefined) return {...base, state: 'failed', waiting: 0, doing: oneLine(scan.failed, 120)};
	if (scan.retry) {
		const attempt = scan.retry.attempt !== undefined ? ` after attempt ${scan.retry.attempt}` : '';
		return {
			...base,
			state: 'retrying',
			waiting: 0,
			doing: `retrying${attempt}${scan.retry.error ? `: ${oneLine(scan.retry.error, 80)}` : ''}`,
		};
	}
	const fragment = scan.fragment;
	if (fragment) {
		const writing = fragment.kind === 'text' ? 'writing…' : 'thinking…';
		const doing = fragment.kind === 'call' ? callLine(fragment.name, fragment.args) : writing;
		return {...base, state: 'running', waiting: 0, doing};
	}
	const running = calls[0];
	if (running) return {...base, state: 'running', waiting: 0, doing: callLine(running.name, running.args)};
	if (scan.inRequest) return {...base, state: 'running', waiting: 0, doing: scan.wrote ? 'writing…' : 'thinking…'};
	return {...base, state: 'idle', waiting: 0};
}
