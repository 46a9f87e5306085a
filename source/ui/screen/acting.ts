/**
 * Acting on the followed session from the screen, as pure state: which waiting call `a` or `r`
 * answers, the question the footer asks before anything is sent, the steering prompt, and
 * the steering messages sent but not yet echoed by the server. Sending is the App's job
 * (it runs `sent` through the program's SessionActions); nothing here does I/O.
 */
import type {ActionRequest} from '../../io/sse/actions.js';
import type {SessionView, ToolCallItem} from '../../model/view-model.js';
import {summarizeToolCall} from '../../render/tool-summary.js';
import {sanitize} from '../../render/sanitize.js';
import type {CommandId, KeyPress} from './keymap.js';

/** Whether the keys that act can: `on` over --sse, `off` with --read-only (unbound), else why not. */
export type Acting = {mode: 'on'} | {mode: 'off'} | {mode: 'unavailable'; why: string};

/** A waiting call and the subagents (session ids from the main session down) it belongs to. */
export type WaitingCall = {item: ToolCallItem; origin: string[]};

/** The footer's question or prompt while the reader decides. */
export type ActPrompt = {kind: 'confirm'; question: string; send: ActSend} | {kind: 'steer'; draft: string};

/** An action the reader confirmed; `seq` tells one sending from the next. */
export type ActSend = {seq: number; request: ActionRequest; origin?: string[]; label: string};

/** The state acting adds to the screen. */
export type ActState = {prompt?: ActPrompt; sent?: ActSend; seq: number};

/** The calls waiting for approval, in reading order, subagents' included. */
export function waitingCalls(view: SessionView, origin: string[] = [], out: WaitingCall[] = []): WaitingCall[] {
	if (view.awaitingApproval === 0) return out;
	for (const item of view.items) {
		if (item.kind === 'tool_call' && item.state === 'awaiting_approval') out.push({item, origin});
		else if (item.kind === 'subagent' && item.child) waitingCalls(item.child, [...origin, item.sessionId], out);
	}
	return out;
}

/**
 * The call `a`/`r` answers: the focused one if it waits, else the only one waiting, else the
 * first one when nothing is focused. A string says why there is none.
 */
export function callToAnswer(view: SessionView, focus: number | undefined): WaitingCall | string {
	const all = waitingCalls(view);
	const focused = all.find(call => call.item.id === focus);
	if (focused?.item.deciding)
		return (
			`already answered: ${focused.item.deciding === 'allow' ? 'allowing' : 'denying'} ` +
			`${sanitize(focused.item.name)}`
		);
	if (focused) return focused;
	const open = all.filter(call => call.item.deciding === undefined);
	if (open.length === 0)
		return all.length > 0 ? 'the waiting call is answered already' : 'no call is waiting for approval';
	if (open.length === 1 || focus === undefined) return open[0]!;
	return `${open.length} calls wait for approval: focus one (j/k), then a or r`;
}

/** `exec_command $ rm -rf build`: the call as the question names it (one line, no escapes). */
export function callLabel(item: ToolCallItem, tools: SessionView['header']['tools'], max = 80): string {
	const name = sanitize(item.name) || 'tool';
	const headline = sanitize(summarizeToolCall(item.name, item.args, tools, max).headline)
		.replace(/\s+/g, ' ')
		.trim();
	return headline === '' ? name : `${name} ${headline}`;
}

/** What an acting command does: a question to confirm, a prompt, or a message (why not). */
export function startAct(
	act: ActState,
	id: Extract<CommandId, 'allow' | 'deny' | 'stop' | 'steer' | 'withdraw'>,
	view: SessionView,
	focus: number | undefined,
): {act: ActState; message?: string} {
	if (id === 'steer') return {act: {...act, prompt: {kind: 'steer', draft: ''}}};
	const seq = act.seq + 1;
	if (id === 'withdraw') {
		// The newest queued one: the one most likely sent by mistake, and the last to be delivered.
		const last = view.task?.steering?.at(-1);
		if (!last) return {act, message: 'no steering message is queued on the server'};
		const label = `withdraw the queued steering “${excerptOf(last.text)}”`;
		const send: ActSend = {seq, request: {kind: 'withdraw', steerId: last.id}, label};
		return {act: {...act, seq, prompt: {kind: 'confirm', question: `${label}? y/n`, send}}};
	}
	if (id === 'stop') {
		const send: ActSend = {seq, request: {kind: 'abort'}, label: 'stop the run'};
		return {act: {...act, seq, prompt: {kind: 'confirm', question: 'stop the run? y/n', send}}};
	}
	const target = callToAnswer(view, focus);
	if (typeof target === 'string') return {act, message: target};
	const decision = id === 'allow' ? 'allow' : 'deny';
	const label = `${decision} ${callLabel(target.item, view.header.tools)}`;
	const send: ActSend = {
		seq,
		request: {kind: 'decide', callId: target.item.callId, decision},
		origin: target.origin,
		label,
	};
	return {act: {...act, seq, prompt: {kind: 'confirm', question: `${label}? y/n`, send}}};
}

/**
 * Whether `>` starts a new task rather than steering: the server says the session is idle (a
 * steer would be refused, 409 `not_running`). Unknown run state: it steers, as before.
 */
export function sendsTask(view: SessionView): boolean {
	return view.task?.state === 'idle';
}

/**
 * A key while the footer asks or prompts (`idle`: Enter sends a new task, see sendsTask): the next state, and a message
 * when it closes.
 */
export function actKey(act: ActState, input: string, key: KeyPress, idle = false): {act: ActState; message?: string} {
	const prompt = act.prompt!;
	if (prompt.kind === 'confirm') {
		// Only y sends; any other key (n, Esc, a movement) leaves it unsent.
		if (input === 'y' && !key.ctrl && !key.meta) return {act: {...act, prompt: undefined, sent: prompt.send}};
		return {act: {...act, prompt: undefined}, message: 'not sent'};
	}
	if (key.escape) return {act: {...act, prompt: undefined}, message: 'not sent'};
	if (key.return) {
		const text = prompt.draft.trim();
		if (text === '') return {act: {...act, prompt: undefined}, message: 'nothing to send'};
		const seq = act.seq + 1;
		const sent: ActSend = idle
			? {seq, request: {kind: 'task', text}, label: 'start a task'}
			: {seq, request: {kind: 'steer', text}, label: 'steer'};
		return {act: {...act, seq, prompt: undefined, sent}};
	}
	if (key.backspace || key.delete)
		return {act: {...act, prompt: {kind: 'steer', draft: [...prompt.draft].slice(0, -1).join('')}}};
	if (key.ctrl && input === 'u') return {act: {...act, prompt: {kind: 'steer', draft: ''}}};
	if (key.ctrl || key.meta) return {act};
	// Pasted text may hold line breaks and controls: one line of plain text.
	// eslint-disable-next-line no-control-regex
	const typed = input.replace(/[\r\n\t]+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
	if (typed === '') return {act};
	return {act: {...act, prompt: {kind: 'steer', draft: prompt.draft + typed}}};
}

/** A steering message sent and not yet seen on the stream. */
export type PendingSteer = {
	text: string;
	/** The count of steering messages in the session that shows it arrived. */
	arrivesAt: number;
	/** The sending it came from (ActSend.seq). */
	seq: number;
};

/** How many `[user_steering]` messages the main session holds. */
export function steeringCount(view: SessionView): number {
	let count = 0;
	for (const item of view.items) if (item.kind === 'user_text' && item.marker === 'user_steering') count++;
	return count;
}

/**
 * One more message sent: it has arrived once the session holds one more steering message than now (and than those
 * before it).
 */
export function addPending(
	pending: readonly PendingSteer[],
	text: string,
	seq: number,
	view: SessionView,
): PendingSteer[] {
	const last = pending.at(-1);
	const arrivesAt = Math.max(steeringCount(view), last ? last.arrivesAt : 0) + 1;
	return [...pending, {text, arrivesAt, seq}];
}

/**
 * The steering messages not yet read by the agent, for the footer: the server's queue (from any
 * client; those withdrawn here left out), then those sent from here that the queue does not show yet.
 */
export function queuedTexts(
	view: SessionView,
	sent: readonly PendingSteer[],
	withdrawn: ReadonlySet<string>,
): string[] {
	const queue = (view.task?.steering ?? []).filter(entry => !withdrawn.has(entry.id)).map(entry => entry.text);
	return [...queue, ...sent.map(entry => entry.text).filter(text => !queue.includes(text))];
}

function excerptOf(text: string): string {
	const line = sanitize(text).replace(/\s+/g, ' ').trim();
	return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}

/** The ones the server has not echoed yet (messages arrive in the order they were sent). */
export function stillPending(pending: readonly PendingSteer[], view: SessionView): readonly PendingSteer[] {
	if (pending.length === 0) return pending;
	const count = steeringCount(view);
	const left = pending.filter(entry => entry.arrivesAt > count);
	return left.length === pending.length ? pending : left;
}
