/**
 * The session model: folds messages (complete or streamed as partial fragments) into the
 * view model. Pure: no I/O, no timers; the clock comes in as an argument.
 *
 * This module is the reducer: it hands a message's payload to its type's handler (one table,
 * session/payloads/table.ts) and every other input to the part whose job it is
 * (session/): fragments (streaming, as the upstream aggregator keys them), tool calls (paired
 * with outputs and approvals by id), requests, subagents (children and their routing), the
 * finalized log print mode writes, and ids that survive a new model (preview, resync).
 */
import {isRecord, isSessionMeta, isToolCallPayload} from '../protocol/guards.js';
import type {AnyPayload, OmniMessage} from '../protocol/types.js';
import type {ModelInput, ServerEvent} from './input.js';
import type {SessionView} from './view-model.js';
import {noteSeen, SessionCore, str, type FinalizedEntry, type Shared} from './session/core.js';
import {MessageTimes} from './session/message-times.js';
import type {TextHolder} from './held-text.js';
import {type ImageDescriptions, imageDataChars} from './images.js';
import {addMalformed, OddLines} from './session/odd-lines.js';
import {FinalizedLog} from './session/finalized-log.js';
import {Fragments} from './session/fragments.js';
import {fillHeaderFromInfo, fillHeaderFromMeta} from './session/header.js';
import {adoptIdsFrom, adoptPreviewIds} from './session/ids.js';
import type {Session} from './session/payloads/handler.js';
import {handlerOfType} from './session/payloads/table.js';
import {Requests} from './session/requests.js';
import {taskState} from './session/steering.js';
import {Subagents} from './session/subagent-routing.js';
import {subagentSink, type SpendSink} from './session/spend.js';
import {ToolCalls} from './session/tool-calls.js';

export type {FinalizedEntry, TextHolder};

// Messages that may come between a session's session_meta and its tool list without
// settling the header: the prompt, its images, the MCP connections whose tools the list holds.
const beforeToolList = new Set([
	'session_meta',
	'text',
	'image_url',
	'inline_data',
	'mcp_connect_begin',
	'mcp_connect_end',
]);

export type SessionModelOptions = {
	/** Keep a log of finalized items for print mode (drained with takeFinalized or drainFinalized). */
	recordFinalized?: boolean;
	/**
	 * Keep every item in `view.items` (the screen needs them). Print mode turns this off:
	 * an item lives only until it is final and written, so memory stays bounded however
	 * long the session.
	 */
	keepItems?: boolean;
	/** Keeps long texts on disk (the screen on a trace file); see TextHolder. */
	holdText?: TextHolder;
	/** Images print mode described as it cut their lines (fastpath/prerendered-outputs.ts). */
	images?: ImageDescriptions;
	/**
	 * Small PNG, JPEG, GIF and WebP data URLs kept on their ImageRef (--export html shows them), up
	 * to 8 MB in all; otherwise an image is its type and size only, as the screen and print mode need.
	 */
	keepImageData?: boolean;
	/** The first item id, and how far ids step (default 1 and 1). */
	firstId?: number;
	idStep?: number;
	/** Note where each item read from this trace position on was made, for adoptIds. */
	trackFrom?: {shard: number; offset: number};
};

export class SessionModel {
	readonly view: SessionView;
	private readonly core: SessionCore;
	private readonly fragments: Fragments;
	private readonly calls: ToolCalls;
	private readonly requests: Requests;
	private readonly subagents: Subagents;
	/** The parts, as the payload handlers (session/payloads/) reach them. */
	private readonly parts: Session;
	private headerSettled = false;
	private metaSeenInShard = false;
	private readonly oddLines: OddLines;
	/** The finalized log, in the main session's model (its subagents' record into it too). */
	private readonly log: FinalizedLog | undefined;

	constructor(options: SessionModelOptions = {}, shared?: Shared, depth = 0, spentBelow?: SpendSink) {
		this.log = shared === undefined && options.recordFinalized ? new FinalizedLog() : undefined;
		const core = new SessionCore(
			shared ?? {
				log: this.log,
				unsettled: new Set(),
				keepItems: options.keepItems ?? true,
				holdText: options.holdText,
				images: options.images,
				imageData: options.keepImageData ? {left: imageDataChars} : undefined,
				nextId: options.firstId ?? 1,
				idStep: options.idStep ?? 1,
				positions: options.trackFrom ? new Map() : undefined,
				track: options.trackFrom,
				made: 0,
				pendingTitles: new Map(),
				times: new MessageTimes(),
			},
			depth,
		);
		this.core = core;
		this.view = core.view;
		// The child a finished run_subagent call started: its header will not grow any more.
		this.calls = new ToolCalls(core, childSessionId => this.subagents.settleHeaderOf(childSessionId));
		this.fragments = new Fragments(core, this.calls);
		this.oddLines = new OddLines(core);
		this.requests = new Requests(core, this.fragments);
		this.subagents = new Subagents(
			core,
			this.calls,
			() => new SessionModel({}, core.shared, depth + 1, subagentSink(this.view, spentBelow)),
		);
		const {view, fragments, calls, requests, subagents} = this;
		this.parts = {core, view, fragments, calls, requests, subagents, spentBelow, lastCompactionEnded: false};
	}

	/**
	 * Renumbers this model's items so that those made from the same trace lines as items of
	 * `preview` (both built with `trackFrom`) take their ids: a model built from a whole trace
	 * then replaces the preview of its end without the screen noticing (focus, open panes, a
	 * scrolled viewport and the count of new items are all kept by id). Ids stay increasing
	 * in reading order: the preview's start high and step wide, so that what only this model
	 * has fits below and between them.
	 */
	adoptIds(preview: SessionModel): void {
		adoptPreviewIds(this.core, preview.core);
	}

	/**
	 * After a rebuild (an SSE resync): each item takes the id of the item of `old` that stands
	 * for the same thing (see identityKeys), so that focus, open panes and the scrolled place,
	 * all kept by id, survive the new store. Ids stay unique and increasing in each session's
	 * reading order (layout finds items by binary search): an item that `old` did not have
	 * gets an id between its neighbours', or above every id `old` gave.
	 */
	adoptIdsFrom(old: SessionModel): void {
		adoptIdsFrom(this.core, old.core);
	}

	/**
	 * Take the entries finalized since the last call (print mode), up to the first one whose
	 * printed form can still change: the first entry of a session whose header still waits for
	 * its tool list, or a run_subagent call that does not know its child yet (the pointer
	 * comes a few lines later). Those wait, and everything after them, until what they wait
	 * for arrives, the call ends or the session does, so that what is printed depends on the
	 * messages alone and never on where the reads happened to cut them. With `all`, every
	 * entry (the output is closing).
	 */
	takeFinalized(all = false): readonly FinalizedEntry[] {
		const taken: FinalizedEntry[] = [];
		this.drainFinalized(all, entry => taken.push(entry));
		return taken;
	}

	/** takeFinalized, each entry handed to `visit` (print mode, after every input: no array made). */
	drainFinalized(all: boolean, visit: (entry: FinalizedEntry) => void): void {
		this.log?.drain(this.core.shared, all, visit);
	}

	/** Sets the title of the subagent `sessionId` below this session; false when there is none. */
	titleChild(sessionId: string, title: string): boolean {
		return this.subagents.titleChild(sessionId, title);
	}

	/** A notice recorded as final but not kept in the view: print mode says it where this (child) session would be. */
	notice(level: 'warn', text: string): void {
		this.core.record({kind: 'notice', level, text, ...this.core.base()}, 'item');
	}

	/** Apply a batch of inputs. */
	applyAll(inputs: readonly ModelInput[], nowMs: number): void {
		for (const input of inputs) this.apply(input, nowMs);
	}

	/** Apply one input. Never throws on any input shape. */
	apply(input: ModelInput, nowMs: number): void {
		try {
			this.dispatch(input, nowMs);
		} catch (error) {
			// A bug here must not take the viewer down: show it where it happened.
			const text = error instanceof Error ? error.message : String(error);
			// Recorded as final: print mode writes it too.
			this.core.push(
				{kind: 'notice', level: 'error', text: `internal error while reading a message: ${text}`, ...this.core.base()},
				'item',
			);
		}
		this.view.rev++;
	}

	private dispatch(input: ModelInput, nowMs: number): void {
		switch (input.kind) {
			case 'message': {
				const origin = input.message.origin;
				if (origin && origin.length > 0) {
					this.subagents.route(origin, {...input, message: {...input.message, origin: origin.slice(1)}}, nowMs);
				} else {
					// Only the main session's own lines: a child's position is in another file.
					if (this.core.depth === 0) this.core.shared.at = input.at;
					this.core.shared.made = 0;
					this.applyMessage(input.message, nowMs);
					this.core.shared.at = undefined;
				}
				return;
			}
			case 'malformed':
				addMalformed(this.core, input.malformed);
				return;
			case 'shard':
				if (input.index > this.view.shard) this.startShard(input.index, undefined);
				else this.view.shard = input.index;
				this.metaSeenInShard = false;
				return;
			case 'notice':
				// Recorded as final: print mode says too that a file was deleted, truncated or unreadable.
				// Its time: when the source saw it, else the last message's (the notice log shows it).
				this.core.push(
					{
						kind: 'notice',
						level: input.level,
						text: input.text,
						...(input.aside ? {aside: true} : {}),
						...this.core.base(input.at ?? this.core.lastAt),
					},
					'item',
				);
				return;
			case 'server_event':
				this.applyServerEvent(input.event, input.origin, nowMs);
				return;
			case 'session_info': {
				fillHeaderFromInfo(this.view.header, input.info);
				// The server's "now" when it answered: nothing written since may be the newest message (a call that waits).
				const clock = input.info.clock;
				if (clock && this.core.depth === 0) noteSeen(this.view, clock.serverMs, clock.localMs);
				// A stream's header (no session_meta comes for it) waits for the tool list as a trace's does.
				if (!this.headerSettled && this.view.header.tools.length === 0) this.core.shared.unsettled.add(this.view);
				return;
			}
			case 'end':
				this.end();
				return;
			case 'child': {
				const [first, ...rest] = input.origin;
				if (first === undefined) this.dispatch(input.input, nowMs);
				else
					this.subagents.route(
						[first],
						rest.length > 0 ? {kind: 'child', origin: rest, input: input.input} : input.input,
						nowMs,
					);
				return;
			}
			case 'child_missing':
				// Print mode says so where the child would have been; the screen shows `missing` in its pane.
				this.subagents.missing(input.sessionId, input.text);
				return;
			case 'deciding': {
				// The reader's answer to a waiting call is on its way: drawn while the call waits, never printed.
				const [first, ...rest] = input.origin ?? [];
				if (first === undefined) this.calls.markDeciding(input.callId, input.decision);
				else this.subagents.route([first], {...input, origin: rest}, nowMs);
				return;
			}
			default:
				return;
		}
	}

	// ---------------------------------------------------------------- messages

	private applyMessage(message: OmniMessage, nowMs: number): void {
		const payload = message.payload;
		const at = this.core.shared.times.of(message.timestamp);
		// Lines, as a trace has them: the stream's partials are not (and differ with where a viewer joined).
		if (!String(payload.type).startsWith('partial_')) this.view.counts.messages++;
		if (this.core.depth === 0) noteSeen(this.view, at, nowMs);
		if (
			message.type === 'session_meta' ||
			payload.type === 'session_meta' ||
			(payload.type === undefined && isSessionMeta(payload))
		) {
			this.applySessionMeta(payload, at);
			this.core.lastAt = at ?? this.core.lastAt;
			this.core.wholeAt = at ?? this.core.wholeAt;
			return;
		}
		// Every known type's handler (isKnownPayloadType's types).
		const handler = handlerOfType.get(payload.type);
		if (handler === undefined) {
			this.oddLines.add(payload, 'unknown', at);
			return;
		}
		const settled = this.headerSettled;
		if (
			!this.headerSettled &&
			(!beforeToolList.has(payload.type) || (payload.type === 'text' && payload['role'] !== 'user'))
		)
			this.settleHeader();
		const handled = handler(payload, this.parts, at);
		if (!handled) this.oddLines.add(payload, 'invalid', at);
		// Only text appended: apply() bumps `rev` once for this message, and this with it.
		if (handled === 'appended' && settled) this.view.appends++;
		this.core.lastAt = at ?? this.core.lastAt;
		if (!String(payload.type).startsWith('partial_')) this.core.wholeAt = at ?? this.core.wholeAt;
	}

	/** The header is complete (its tool list came, or the conversation went on without one). */
	settleHeader(): void {
		this.headerSettled = true;
		this.core.shared.unsettled.delete(this.view);
	}

	private applySessionMeta(payload: AnyPayload, at: number | undefined): void {
		if (!isSessionMeta(payload)) {
			this.oddLines.add(payload, 'invalid', at);
			return;
		}
		if (this.metaSeenInShard) this.startShard(this.view.shard + 1, at);
		this.metaSeenInShard = true;
		fillHeaderFromMeta(this.view.header, payload);
		if (this.view.header.tools.length > 0) this.settleHeader();
		else if (!this.headerSettled) this.core.shared.unsettled.add(this.view);
	}

	private startShard(index: number, at: number | undefined): void {
		this.fragments.closeAll();
		this.view.shard = index;
		this.core.push(
			{kind: 'shard', index, afterCompaction: this.parts.lastCompactionEnded, ...this.core.base(at)},
			'item',
		);
		this.parts.lastCompactionEnded = false;
	}

	// ---------------------------------------------------------------- server events

	private applyServerEvent(event: ServerEvent, origin: readonly string[] | undefined, nowMs: number): void {
		if (origin && origin.length > 0) {
			this.subagents.route(origin, {kind: 'server_event', event, origin: origin.slice(1)}, nowMs);
			return;
		}
		switch (event.type) {
			case 'task_state':
				this.view.task = taskState(event) ?? this.view.task;
				return;
			case 'session_title': {
				// `{sessionId, title}`: a subagent's titles come on its parent's stream, named by its id.
				const title = str(event['title']);
				if (title) this.subagents.applyTitle(str(event['sessionId']), title);
				return;
			}
			case 'approval_request': {
				// `{toolCall, origin?}`, toolCall a whole message: `{timestamp, type, payload: {type: 'tool_call', …}}`.
				const toolCall = event['toolCall'];
				const payload =
					isRecord(toolCall) && isRecord(toolCall['payload']) ? (toolCall['payload'] as AnyPayload) : undefined;
				// The call is dated by its own message, not by when the request arrived: print mode's
				// lines then depend on the bytes alone.
				if (payload && isToolCallPayload(payload)) {
					const at = this.core.shared.times.of(str((toolCall as Record<string, unknown>)['timestamp']));
					this.calls.requestApproval(payload.tool_call_id, payload.name, payload.arguments ?? '', at);
				}
				return;
			}
			default:
				return;
		}
	}

	/** The session is over: whatever still waits ends unanswered, here and in every subagent. */
	end(): void {
		this.settleHeader();
		this.fragments.closeAll();
		this.calls.stopAll('unanswered');
		this.subagents.endAll();
		// Nothing more comes: no compaction is still running; the counts are final.
		this.view.compacting = false;
		this.oddLines.refresh();
		this.view.ended = true;
	}
}
