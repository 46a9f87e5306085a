/**
 * Tool calls paired with their outputs, approval requests and decisions by call id,
 * whatever order those arrive in; and, in print mode, calls forgotten once printed but for
 * the last few (see retiredCallsKept).
 */
import {subagentToolName} from '../../protocol/types.js';
import {noImages, setImages} from '../images.js';
import type {ToolCallItem, ToolState} from '../view-model.js';
import type {SessionCore} from './core.js';

// Print mode forgets a call's output once it is printed but remembers the call (without its
// arguments and output) for this many calls more: a repeated output, a late decision or a
// call that comes after its output still find it, as they do on the screen. A replayed
// stream repeats what came just before; each kept call costs about 400 bytes of heap and
// some garbage collection (10,000 of them made print mode's peak RSS 15 MB larger on the
// 100 MB bench trace, 2,000 about 6 MB).
const retiredCallsKept = 1_000;

/** The states in which a call still waits: for its arguments, a human, or its output. */
export const waitingStates: ReadonlySet<ToolState> = new Set<ToolState>(['streaming', 'awaiting_approval', 'running']);

/** One session's tool calls. */
/** A decision this long after its call was a person's: an automatic one (allow-all, read-only) comes at once. */
export const personalDecisionMs = 1000;

export class ToolCalls {
	private readonly calls = new Map<string, ToolCallItem>();
	/** Ids of calls whose `call` entry was recorded: a repeated tool_call updates them quietly. */
	private readonly announced = new Set<string>();
	/** Print mode: ids of calls kept without their output, oldest first (a ring; see retiredCallsKept). */
	private readonly retired: string[] = [];
	private retiredNext = 0;
	private readonly pendingDecisions = new Map<string, {decision: string; at?: number}>();
	/**
	 * This session's calls waiting for a human's approval, by call id (view.awaitingApproval counts them, with the
	 * subagents').
	 */
	private readonly awaitingApproval = new Set<string>();

	/** `answered` is told the child session a finished call started (its header will not grow). */
	constructor(
		private readonly core: SessionCore,
		private readonly answered: (childSessionId: string) => void,
	) {}

	get(callId: string): ToolCallItem | undefined {
		return this.calls.get(callId);
	}

	/** The run_subagent call a child that just appeared belongs to: the latest one not yet linked to a child. */
	unlinkedSubagentCall(): ToolCallItem | undefined {
		const calls = [...this.calls.values()].reverse();
		return calls.find(
			call => call.name === subagentToolName && !call.childSessionId && call.outputStopReason === undefined,
		);
	}

	newCall(callId: string, name: string, state: ToolState, at: number | undefined): ToolCallItem {
		const item: ToolCallItem = {
			kind: 'tool_call',
			callId,
			name,
			args: '',
			state,
			outputStreaming: false,
			images: noImages,
			id: this.core.nextId(),
			rev: 0,
			at,
		};
		this.calls.set(callId, item);
		this.core.view.counts.toolCalls++;
		return this.core.push(item);
	}

	/** A complete tool_call message. */
	completeCall(callId: string, name: string, args: string, at: number | undefined): void {
		const existing = this.calls.get(callId);
		const item = this.core.touch(existing ?? this.newCall(callId, name, 'running', at));
		// The call starts when it is complete (its arguments streamed before): its duration runs
		// from this message to its output, on a live stream as in the trace file.
		if (at !== undefined && !this.announced.has(callId)) item.at = at;
		item.name = name || item.name;
		item.args = args;
		if (item.state === 'streaming') item.state = this.awaitingApproval.has(callId) ? 'awaiting_approval' : 'running';
		// A repeated tool_call (a replayed stream) updates the call without printing it again.
		if (!this.announced.has(callId)) {
			this.announced.add(callId);
			this.core.record(item, 'call');
		}
		const decision = this.pendingDecisions.get(callId);
		if (decision) {
			this.pendingDecisions.delete(callId);
			this.decide(callId, decision.decision, decision.at);
		}
	}

	/** An approval decision; kept for later when its call has not come yet. */
	decide(callId: string, decision: string, at: number | undefined): void {
		const item = this.calls.get(callId);
		if (!item) {
			this.pendingDecisions.set(callId, {decision, at});
			return;
		}
		const waited = this.stopWaiting(callId) || item.state === 'awaiting_approval';
		// The same decision again (a replayed stream) changes nothing and prints nothing.
		if (item.approval === decision) return;
		const decided = this.core.touch(item);
		decided.approval = decision;
		if (at !== undefined) decided.approvalAt = at;
		decided.byPerson = waited || (at !== undefined && item.at !== undefined && at - item.at >= personalDecisionMs);
		if (decision === 'deny' || decision === 'forbidden') {
			if (decided.state !== 'denied' && decided.state !== 'forbidden') this.core.view.counts.failures++;
			decided.state = decision === 'deny' ? 'denied' : 'forbidden';
		} else if (decided.state === 'awaiting_approval' || decided.state === 'streaming') {
			decided.state = 'running';
		}
		this.core.record(item, 'approval');
	}

	/** A complete tool_call_output message. */
	completeOutput(
		callId: string,
		output: string,
		images: string[],
		stopReason: string | undefined,
		at: number | undefined,
	): void {
		const core = this.core;
		const call = this.calls.get(callId) ?? this.newCall(callId, '', 'running', at);
		// One call, one output: a repeated output (a replayed stream, a duplicated line) is
		// left out, on the screen and in print mode alike.
		if (call.outputStopReason !== undefined) return;
		const item = core.touch(call);
		item.output = core.kept(output);
		item.outputStreaming = false;
		item.outputStopReason = stopReason ?? 'completed';
		if (images.length > 0) setImages(item, images, core.shared.images, core.shared.imageData);
		item.endedAt = at;
		this.stopWaiting(callId);
		if (item.state !== 'denied' && item.state !== 'forbidden') {
			const state: ToolState =
				item.outputStopReason === 'completed' ? 'done' : item.outputStopReason === 'aborted' ? 'aborted' : 'failed';
			if (state === 'failed') core.view.counts.failures++;
			item.state = state;
		}
		core.record(item, 'output');
		if (item.childSessionId !== undefined) this.answered(item.childSessionId);
		if (!core.shared.keepItems) this.retire(item);
	}

	/**
	 * A tool call waits for a human. The server sends the request again to every new
	 * connection while it is pending: a call already waiting, decided or answered is left as it is.
	 */
	requestApproval(callId: string, name: string, args: string, at: number | undefined): void {
		if (this.awaitingApproval.has(callId) || this.pendingDecisions.has(callId)) return;
		const known = this.calls.get(callId);
		const answered = known !== undefined && (known.output !== undefined || known.outputStopReason !== undefined);
		if (known && (known.approval !== undefined || answered || !waitingStates.has(known.state))) return;
		const item = this.core.touch(known ?? this.newCall(callId, name, 'awaiting_approval', at));
		item.state = 'awaiting_approval';
		if (at !== undefined) item.approvalRequestedAt = at;
		if (!known) item.args = args;
		this.awaitingApproval.add(callId);
		this.core.view.awaitingApproval++;
		this.core.view.approvalRequests++;
		this.core.record(item, 'approval_request');
	}

	/** The reader's answer to a waiting call is on its way (drawn only while the call still waits; nothing is printed). */
	markDeciding(callId: string, decision: 'allow' | 'deny' | undefined): void {
		const item = this.calls.get(callId);
		if (item && item.deciding !== decision) this.core.touch(item).deciding = decision;
	}

	/** The call no longer waits for a human; true when it did. */
	stopWaiting(callId: string): boolean {
		if (!this.awaitingApproval.delete(callId)) return false;
		this.core.view.awaitingApproval--;
		return true;
	}

	/** Every call still waiting ends as `state` (an abort, the end of the session), without an output. */
	stopAll(state: 'aborted' | 'unanswered'): void {
		for (const call of this.calls.values()) {
			if (waitingStates.has(call.state) && call.output === undefined) {
				this.stopWaiting(call.callId);
				this.core.touch(call).state = state;
				this.core.record(call, 'output');
			}
		}
	}

	/**
	 * Print mode: the call stays known without its arguments and output (the entry just
	 * recorded keeps the whole item until it is printed), for the last retiredCallsKept calls.
	 */
	private retire(item: ToolCallItem): void {
		const kept: ToolCallItem = {
			kind: 'tool_call',
			id: item.id,
			rev: item.rev,
			at: item.at,
			callId: item.callId,
			name: item.name,
			args: '',
			state: item.state,
			approval: item.approval,
			outputStreaming: false,
			outputStopReason: item.outputStopReason,
			images: noImages,
			endedAt: item.endedAt,
			childSessionId: item.childSessionId,
		};
		this.calls.set(item.callId, kept);
		if (this.retired.length < retiredCallsKept) {
			this.retired.push(item.callId);
			return;
		}
		const oldest = this.retired[this.retiredNext]!;
		this.retired[this.retiredNext] = item.callId;
		this.retiredNext = (this.retiredNext + 1) % retiredCallsKept;
		if (this.calls.get(oldest)?.outputStopReason !== undefined) {
			this.calls.delete(oldest);
			this.announced.delete(oldest);
		}
	}
}
