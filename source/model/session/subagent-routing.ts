/**
 * Subagents inside a session: each child session has its own model, made when its
 * `subagent` pointer (or the first message routed to it) comes, linked to the run_subagent
 * call that started it; messages with an `origin` are routed down to it, and its approvals
 * count in this session's too. Titles go to the session they name, however deep.
 */
import {isRecord} from '../../protocol/guards.js';
import type {ModelInput} from '../input.js';
import type {SessionView, SubagentItem} from '../view-model.js';
import {str, type SessionCore} from './core.js';
import type {ToolCalls} from './tool-calls.js';

/** What a session needs of a child's model. */
export type ChildModel = {
	readonly view: SessionView;
	apply(input: ModelInput, nowMs: number): void;
	/** The child's header will not grow any more. */
	settleHeader(): void;
	/** The child ends with its parent. */
	end(): void;
	/** Sets the title of the subagent `sessionId` below the child; false when there is none. */
	titleChild(sessionId: string, title: string): boolean;
	/** A notice in the child, recorded as final (print mode says it where the child would be). */
	notice(level: 'warn', text: string): void;
};

type Child = {model: ChildModel; item: SubagentItem};

/** One session's subagents. */
export class Subagents {
	private readonly children = new Map<string, Child>();

	/** `makeChild` builds a child's model, one level deeper, sharing this session's ids and log. */
	constructor(
		private readonly core: SessionCore,
		private readonly calls: ToolCalls,
		private readonly makeChild: () => ChildModel,
	) {}

	/** The child `sessionId`, made (with its row in this session) when it is new. */
	ensure(sessionId: string, at: number | undefined): Child {
		const known = this.children.get(sessionId);
		if (known) return known;
		const core = this.core;
		const model = this.makeChild();
		const title = core.shared.pendingTitles.get(sessionId);
		if (title !== undefined) {
			core.shared.pendingTitles.delete(sessionId);
			model.view.header.title = title;
		}
		const item = core.push<SubagentItem>({kind: 'subagent', sessionId, child: model.view, ...core.base(at)});
		const parentCall = this.calls.unlinkedSubagentCall();
		if (parentCall) {
			core.touch(parentCall).childSessionId = sessionId;
			core.touch(item).description = summaryOfSubagentCall(parentCall.args);
		}
		const entry = {model, item};
		this.children.set(sessionId, entry);
		core.record(item, 'item');
		return entry;
	}

	/** The child was looked for and is not there: said in its row and, as a notice, in print mode. */
	missing(sessionId: string, text: string): void {
		const {model, item} = this.ensure(sessionId, undefined);
		this.core.touch(item).missing = text;
		model.notice('warn', text);
	}

	/** An input for the child at the head of `origin` (the rest of the path is in the input). */
	route(origin: readonly string[], input: ModelInput, nowMs: number): void {
		const view = this.core.view;
		// A child first seen on the stream is dated by its first message, as a trace dates its `subagent` pointer.
		const at = input.kind === 'message' ? this.core.shared.times.of(input.message.timestamp) : undefined;
		const {model, item} = this.ensure(origin[0]!, at);
		const waiting = model.view.awaitingApproval;
		const requests = model.view.approvalRequests;
		model.apply(input, nowMs);
		// A subagent's approvals count as this session's too: the header and the subagent's row say so.
		view.awaitingApproval += model.view.awaitingApproval - waiting;
		view.approvalRequests += model.view.approvalRequests - requests;
		this.core.touch(item);
	}

	/** The call that started child `sessionId` is answered: its header will not grow. */
	settleHeaderOf(sessionId: string): void {
		this.children.get(sessionId)?.model.settleHeader();
	}

	endAll(): void {
		for (const {model} of this.children.values()) model.end();
	}

	/**
	 * A title goes to the session it names: this one, a subagent anywhere below, or (a
	 * subagent not seen yet) kept until it appears. Without a name, or while this session's
	 * own id is unknown, it is this session's.
	 */
	applyTitle(sessionId: string | undefined, title: string): void {
		const header = this.core.view.header;
		if (sessionId === undefined || sessionId === header.sessionId) header.title = title;
		else if (this.titleChild(sessionId, title)) return;
		else if (header.sessionId === undefined) header.title = title;
		else this.core.shared.pendingTitles.set(sessionId, title);
	}

	/** Sets the title of the subagent `sessionId` below this session; false when there is none. */
	titleChild(sessionId: string, title: string): boolean {
		const direct = this.children.get(sessionId);
		if (direct) {
			direct.model.view.header.title = title;
			direct.model.view.rev++;
			this.core.touch(direct.item);
			return true;
		}
		for (const {model, item} of this.children.values()) {
			if (model.titleChild(sessionId, title)) {
				this.core.touch(item);
				return true;
			}
		}
		return false;
	}
}

function summaryOfSubagentCall(args: string): string | undefined {
	try {
		const parsed: unknown = JSON.parse(args);
		return isRecord(parsed) ? str(parsed['description']) : undefined;
	} catch {
		return undefined;
	}
}
