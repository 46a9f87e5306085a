/**
 * The session model: folds messages (complete or streamed as partial fragments) into the
 * view model. Pure: no I/O, no timers; the clock comes in as an argument.
 *
 * Streaming follows the upstream aggregator: a fragment is keyed by payload type and
 * tool_call_id; a delta or stop with no start opens one; a start on an open key closes the
 * old one. The live fragment is an item that grows; the complete message that follows
 * its stop replaces the content in place; when none follows (the compaction summary on
 * the live stream), the aggregated fragment stands as final.
 */
import {
	errorMessageOf,
	isAbortPayload,
	isApprovalDecisionPayload,
	isCompactionBeginPayload,
	isCompactionEndPayload,
	isGoalFinishedPayload,
	isImageUrlPayload,
	isInlineDataPayload,
	isInlineThinkingPayload,
	isMcpConnectBeginPayload,
	isMcpConnectEndPayload,
	isPartialPayload,
	isRecord,
	isRequestEndPayload,
	isSessionMeta,
	isSubagentPayload,
	isTextPayload,
	isThinkingPayload,
	isTokenUsagePayload,
	isToolCallOutputPayload,
	isToolCallPayload,
	isToolListReadyPayload,
	partialTextField,
} from '../protocol/guards.js';
import type {LinePosition, MalformedLine} from '../protocol/parse-line.js';
import {knownPayloadTypes, type AnyPayload, type KnownPayloadType, type OmniMessage, type PartialPayload} from '../protocol/types.js';
import {assertNever} from '../assert-never.js';
import {imageRefOf, base64Bytes} from './images.js';
import type {ModelInput, ServerEvent, SessionInfo} from './input.js';
import type {
	AssistantTextItem,
	CompactionItem,
	ImageRef,
	Item,
	McpConnectItem,
	RequestItem,
	SessionView,
	SubagentItem,
	TextMarker,
	ThinkingItem,
	ToolCallItem,
	ToolState,
	UserTextItem,
} from './view-model.js';

/** The known payload types that are not fragments: applyComplete handles each one. */
type CompletePayloadType = Exclude<KnownPayloadType, `partial_${string}`>;

/** Something that became final, in the order it did: what print mode writes out. */
export type FinalizedEntry = {
	/** Nesting depth: 0 for the main session, 1 for a subagent's, and so on. */
	depth: number;
	session: SessionView;
	item: Item;
	/** Which moment of the item: most items have one; a tool call has up to four (called, waiting for approval, decided, answered). */
	what: 'item' | 'call' | 'approval_request' | 'approval' | 'output' | 'compaction_begin' | 'compaction_end';
};

type FragmentTarget =
	| {kind: 'text'; item: AssistantTextItem}
	| {kind: 'thinking'; item: ThinkingItem}
	| {kind: 'summary'; item: CompactionItem}
	| {kind: 'args'; item: ToolCallItem}
	| {kind: 'output'; item: ToolCallItem}
	/** A fragment we keep out of the view (thinking inside a compaction). */
	| {kind: 'ignored'};

type Shared = {
	nextId: number;
	log?: FinalizedEntry[];
	/**
	 * Sessions whose header (printed with their first entry) may still grow: session_meta came,
	 * the tool list that follows the prompt not yet. Their entries wait (see takeFinalized).
	 */
	unsettled: Set<SessionView>;
	keepItems: boolean;
	holdText?: TextHolder;
	/** Where the main session's message being applied was read, when it came from a file. */
	at?: LinePosition;
	/** How far ids step (the preview of a trace's end leaves room between its ids). */
	idStep: number;
	/** Where in the trace each main-session item was made, from `track` on (see adoptIds). */
	positions?: Map<Item, string>;
	track?: {shard: number; offset: number};
	/** Items made so far by the message being applied. */
	made: number;
	/** Titles for subagent sessions not seen yet, by session id (they come on the main stream). */
	pendingTitles: Map<string, string>;
};

/**
 * Given an item whose text (a tool call's `output`, or `text`) comes from a complete
 * message, the text, and where in a trace file that message was read (undefined when it
 * came from elsewhere: a live stream, standard input): may define the field as an accessor
 * that reads the text back from disk (and return true), so that a long session's texts are
 * not all held in memory; else the caller sets the field. The field is not on the item yet
 * when this is asked: an accessor added as a new property keeps the item a fast object
 * (turning a data property into one would not).
 */
export type TextHolder = (item: Item, field: 'output' | 'text', text: string, at: LinePosition | undefined) => boolean;

// Print mode forgets a call's output once it is printed but remembers the call (without its
// arguments and output) for this many calls more: a repeated output, a late decision or a
// call that comes after its output still find it, as they do on the screen. A replayed
// stream repeats what came just before; each kept call costs about 400 bytes of heap and
// some garbage collection (10,000 of them made print mode's peak RSS 15 MB larger on the
// 100 MB bench trace, 2,000 about 6 MB).
const retiredCallsKept = 1_000;
const noImages: ImageRef[] = [];
const nothingFinalized: readonly FinalizedEntry[] = [];

// Messages that may come between a session's session_meta and its tool list without
// settling the header: the prompt, its images, the MCP connections whose tools the list holds.
const beforeToolList = new Set(['session_meta', 'text', 'image_url', 'inline_data', 'mcp_connect_begin', 'mcp_connect_end']);

const markerPattern = /^\s*\[(context_summary|user_steering|goal|turn_aborted|turn_retried)\]/;
const waitingStates = new Set<ToolState>(['streaming', 'awaiting_approval', 'running']);

export type SessionModelOptions = {
	/** Keep a log of finalized items for print mode (drained with takeFinalized). */
	recordFinalized?: boolean;
	/**
	 * Keep every item in `view.items` (the screen needs them). Print mode turns this off:
	 * an item lives only until it is final and written, so memory stays bounded however
	 * long the session.
	 */
	keepItems?: boolean;
	/** Keeps long texts on disk (the screen on a trace file); see TextHolder. */
	holdText?: TextHolder;
	/** The first item id, and how far ids step (default 1 and 1). */
	firstId?: number;
	idStep?: number;
	/** Note where each item read from this trace position on was made, for adoptIds. */
	trackFrom?: {shard: number; offset: number};
};

export class SessionModel {
	readonly view: SessionView;
	private readonly shared: Shared;
	private readonly depth: number;
	private readonly open = new Map<string, FragmentTarget>();
	/** Closed fragments waiting for the complete message that normally follows. */
	private readonly awaiting = new Map<string, FragmentTarget>();
	private readonly calls = new Map<string, ToolCallItem>();
	/** Ids of calls whose `call` entry was recorded: a repeated tool_call updates them quietly. */
	private readonly announced = new Set<string>();
	/** Print mode: ids of calls kept without their output, oldest first (a ring; see retiredCallsKept). */
	private readonly retired: string[] = [];
	private retiredNext = 0;
	private headerSettled = false;
	private readonly pendingDecisions = new Map<string, {decision: string; at?: number}>();
	/** This session's calls waiting for a human's approval, by call id (view.awaitingApproval counts them, with the subagents'). */
	private readonly awaitingApproval = new Set<string>();
	private readonly children = new Map<string, {model: SessionModel; item: SubagentItem}>();
	private openRequest?: RequestItem;
	private lastRequest?: RequestItem;
	private compaction?: CompactionItem;
	private lastCompactionEnded = false;
	private metaSeenInShard = false;
	private lastAt?: number;
	private openMcp?: McpConnectItem;

	constructor(options: SessionModelOptions = {}, shared?: Shared, depth = 0) {
		this.shared = shared ?? {
			log: options.recordFinalized ? [] : undefined,
			unsettled: new Set(),
			keepItems: options.keepItems ?? true,
			holdText: options.holdText,
			nextId: options.firstId ?? 1,
			idStep: options.idStep ?? 1,
			positions: options.trackFrom ? new Map() : undefined,
			track: options.trackFrom,
			made: 0,
			pendingTitles: new Map(),
		};
		this.depth = depth;
		this.view = {
			header: {tools: []},
			items: [],
			tokens: {},
			counts: {requests: 0, retries: 0, toolCalls: 0, failures: 0, malformed: 0},
			shard: 1,
			compacting: false,
			ended: false,
			awaitingApproval: 0,
			approvalRequests: 0,
			rev: 0,
		};
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
		const theirs = new Map<string, number>();
		for (const [item, key] of preview.shared.positions ?? []) theirs.set(key, item.id);
		const mine = this.shared.positions;
		this.shared.positions = undefined;
		this.shared.track = undefined;
		if (!mine || theirs.size === 0) return;
		let last = 0;
		const walk = (view: SessionView): void => {
			for (const item of view.items) {
				const key = mine.get(item);
				const id = key === undefined ? undefined : theirs.get(key);
				item.id = id !== undefined && id > last ? id : last + 1;
				last = item.id;
				if (item.kind === 'subagent' && item.child) walk(item.child);
			}
		};
		walk(this.view);
		this.shared.nextId = last + 1;
		this.shared.idStep = 1;
	}

	/**
	 * After a rebuild (an SSE resync): each item takes the id of the item of `old` that stands
	 * for the same thing (see identityKeys), so that focus, open panes and the scrolled place,
	 * all kept by id, survive the new store. Ids stay unique and increasing in each session's
	 * reading order (layout finds items by binary search): an item that `old` did not have
	 * gets an id between its neighbours', or above every id `old` gave.
	 */
	adoptIdsFrom(old: SessionModel): void {
		const theirs = new Map<string, number>();
		identityKeys(old.view, (item, key) => theirs.set(key, item.id));
		let fresh = Math.max(old.shared.nextId, this.shared.nextId);
		if (theirs.size === 0) {
			// Nothing to keep: numbered above the old ids all the same, so none is taken for another item.
			identityKeys(this.view, item => {
				item.id = fresh;
				fresh += 1;
			});
			this.shared.nextId = fresh;
			return;
		}
		const sessions = new Map<SessionView, {list: Array<{item: Item; id?: number}>; last: number}>();
		const used = new Set<number>();
		identityKeys(this.view, (item, key, session) => {
			let entry = sessions.get(session);
			if (!entry) sessions.set(session, (entry = {list: [], last: 0}));
			const id = theirs.get(key);
			// An old id is kept only where it keeps the session's ids increasing.
			if (id !== undefined && id > entry.last) {
				entry.list.push({item, id});
				entry.last = id;
				used.add(id);
				fresh = Math.max(fresh, Math.floor(id) + 1);
			} else entry.list.push({item});
		});
		for (const {list} of sessions.values()) {
			for (let i = 0; i < list.length; ) {
				if (list[i]!.id !== undefined) {
					i++;
					continue;
				}
				let end = i;
				while (end < list.length && list[end]!.id === undefined) end++;
				const before = i === 0 ? 0 : list[i - 1]!.id!;
				const after = end < list.length ? list[end]!.id! : undefined;
				let previous = before;
				for (let j = i; j < end; j++) {
					let id: number | undefined;
					if (after !== undefined) {
						// Between the last id and the next kept one, an equal share of the way for
						// each still to place; moved on while another item (of another session) has it.
						id = previous + (after - previous) / (end - j + 1);
						while (used.has(id) && id < after) id = (id + after) / 2;
						if (id >= after || id <= previous) id = undefined;
					}
					// No room left between them (never in practice): unique, if out of order.
					previous = id ?? fresh++;
					list[j]!.id = previous;
					used.add(previous);
				}
				i = end;
			}
			for (const {item, id} of list) item.id = id!;
		}
		this.shared.nextId = fresh;
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
		const log = this.shared.log;
		if (!log || log.length === 0) return nothingFinalized;
		let ready = log.length;
		if (!all) {
			ready = 0;
			while (ready < log.length && !this.waits(log[ready]!)) ready++;
		}
		if (ready === 0) return nothingFinalized;
		if (ready < log.length) return log.splice(0, ready);
		// Print mode asks after every input: hand over the whole log and start a new one.
		this.shared.log = [];
		return log;
	}

	private waits(entry: FinalizedEntry): boolean {
		const {session, item} = entry;
		if (session.ended) return false;
		if (this.shared.unsettled.has(session)) return true;
		return entry.what === 'call' && item.kind === 'tool_call' && item.name === 'run_subagent' && item.childSessionId === undefined && waitingStates.has(item.state);
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
			this.push({kind: 'notice', level: 'error', text: `internal error while reading a message: ${text}`, ...this.base()}, 'item');
		}
		this.view.rev++;
	}

	private dispatch(input: ModelInput, nowMs: number): void {
		switch (input.kind) {
			case 'message': {
				const origin = input.message.origin;
				if (origin && origin.length > 0) {
					this.routeToChild(origin, {...input, message: {...input.message, origin: origin.slice(1)}}, nowMs);
				} else {
					// Only the main session's own lines: a child's position is in another file.
					if (this.depth === 0) this.shared.at = input.at;
					this.shared.made = 0;
					this.applyMessage(input.message);
					this.shared.at = undefined;
				}
				return;
			}
			case 'malformed':
				this.addMalformed(input.malformed);
				return;
			case 'shard':
				if (input.index > this.view.shard) this.startShard(input.index, undefined);
				else this.view.shard = input.index;
				this.metaSeenInShard = false;
				return;
			case 'notice':
				// Recorded as final: print mode says too that a file was deleted, truncated or unreadable.
				this.push({kind: 'notice', level: input.level, text: input.text, ...this.base()}, 'item');
				return;
			case 'server_event':
				this.applyServerEvent(input.event, input.origin, nowMs);
				return;
			case 'session_info':
				this.applySessionInfo(input.info);
				return;
			case 'end':
				this.end();
				return;
			case 'child': {
				const [first, ...rest] = input.origin;
				if (first === undefined) this.dispatch(input.input, nowMs);
				else this.routeToChild([first], rest.length > 0 ? {kind: 'child', origin: rest, input: input.input} : input.input, nowMs);
				return;
			}
			case 'child_missing': {
				const {model, item} = this.ensureChild(input.sessionId, undefined);
				this.touch(item).missing = input.text;
				// Print mode says so where the child would have been; the screen shows `missing` in its pane.
				model.record({kind: 'notice', level: 'warn', text: input.text, ...this.base()}, 'item');
				return;
			}
			case 'deciding':
				this.markDeciding(input.callId, input.origin ?? [], input.decision);
				return;
			default:
				return;
		}
	}

	// ---------------------------------------------------------------- messages

	private applyMessage(message: OmniMessage): void {
		const payload = message.payload;
		const at = timeOf(message.timestamp);
		if (message.type === 'session_meta' || payload.type === 'session_meta' || (payload.type === undefined && isSessionMeta(payload))) {
			this.applySessionMeta(payload, at);
			this.lastAt = at ?? this.lastAt;
			return;
		}
		if (!knownPayloadTypes.has(payload.type)) {
			this.addGeneric(payload, 'unknown', at);
			return;
		}
		if (!this.headerSettled && (!beforeToolList.has(payload.type) || (payload.type === 'text' && payload['role'] !== 'user'))) this.settleHeader();
		const handled = payload.type.startsWith('partial_') ? this.applyPartial(payload, at) : this.applyComplete(payload, at);
		if (!handled) this.addGeneric(payload, 'invalid', at);
		this.lastAt = at ?? this.lastAt;
	}

	/** The header is complete (its tool list came, or the conversation went on without one). */
	private settleHeader(): void {
		this.headerSettled = true;
		this.shared.unsettled.delete(this.view);
	}

	private applySessionMeta(payload: AnyPayload, at: number | undefined): void {
		if (!isSessionMeta(payload)) {
			this.addGeneric(payload, 'invalid', at);
			return;
		}
		if (this.metaSeenInShard) this.startShard(this.view.shard + 1, at);
		this.metaSeenInShard = true;
		const header = this.view.header;
		header.sessionId = payload.session_id;
		header.provider = str(payload.provider) ?? header.provider;
		header.modelId = str(payload.model_id) ?? header.modelId;
		const window = Number(payload.model_context_window);
		if (Number.isFinite(window) && window > 0) header.contextWindow = window;
		header.workspace = str(payload.workspace) ?? header.workspace;
		header.agentState = str(payload.agent_state) ?? header.agentState;
		header.source = str(payload.source) ?? header.source;
		header.systemPrompt = str(payload.system_prompt) ?? header.systemPrompt;
		if (payload.tools && payload.tools.length > 0) header.tools = payload.tools;
		if (header.tools.length > 0) this.settleHeader();
		else if (!this.headerSettled) this.shared.unsettled.add(this.view);
	}

	/** What the server says about the session: fills what no message has said yet. */
	private applySessionInfo(info: SessionInfo): void {
		const header = this.view.header;
		header.sessionId ??= info.sessionId;
		header.provider ??= info.provider;
		header.modelId ??= info.modelId;
		header.workspace ??= info.workspace;
		header.title ??= info.title;
	}

	private startShard(index: number, at: number | undefined): void {
		this.closeAllFragments();
		this.view.shard = index;
		this.push({kind: 'shard', index, afterCompaction: this.lastCompactionEnded, ...this.base(at)}, 'item');
		this.lastCompactionEnded = false;
	}

	/** Returns false when the payload does not have its type's shape. Called for known complete types only. */
	private applyComplete(p: AnyPayload, at: number | undefined): boolean {
		const type = p.type as CompletePayloadType;
		switch (type) {
			case 'text':
				if (!isTextPayload(p)) return false;
				if (p.role === 'user') this.addUserText(p.text, str(p.sender), at);
				else this.completeFragment('partial_text', p.text, at, p.stop_reason);
				return true;
			case 'thinking':
				if (!isThinkingPayload(p)) return false;
				this.completeThinking(p.thinking, isRecord(p.fidelity) && 'encrypted_content' in p.fidelity, at, p.stop_reason);
				return true;
			case 'inline_thinking': {
				if (!isInlineThinkingPayload(p)) return false;
				if (this.compaction) return true;
				const item: ThinkingItem = {
					kind: 'thinking',
					text: '',
					streaming: false,
					inline: {mimeType: str(p.mime_type) ?? 'application/octet-stream', bytes: base64Bytes(p.data)},
					...this.base(at),
				};
				this.push(item, 'item');
				return true;
			}
			case 'tool_call':
				if (!isToolCallPayload(p)) return false;
				this.completeToolCall(p.tool_call_id, p.name, p.arguments ?? '', at);
				return true;
			case 'tool_call_output':
				if (!isToolCallOutputPayload(p)) return false;
				this.completeToolOutput(p.tool_call_id, p.output ?? '', p.images ?? [], p.stop_reason, at);
				return true;
			case 'image_url':
				if (!isImageUrlPayload(p)) return false;
				this.push({kind: 'image', role: 'user', image: imageRefOf(p.image_url), ...this.base(at)}, 'item');
				return true;
			case 'inline_data':
				if (!isInlineDataPayload(p)) return false;
				this.push(
					{
						kind: 'image',
						role: str(p.role) ?? 'user',
						image: {mimeType: str(p.mime_type) ?? 'application/octet-stream', bytes: base64Bytes(p.data)},
						...this.base(at),
					},
					'item',
				);
				return true;
			case 'request_begin':
				this.beginRequest(at);
				return true;
			case 'request_end':
				if (!isRequestEndPayload(p)) return false;
				this.endRequest(p.status, errorMessageOf(p), p.attempt, p.retry_in_ms, at);
				return true;
			case 'approval_decision':
				if (!isApprovalDecisionPayload(p)) return false;
				this.applyDecision(p.tool_call_id, p.decision, at);
				return true;
			case 'token_usage':
				if (!isTokenUsagePayload(p)) return false;
				this.settleAwaiting();
				this.view.tokens.session = p.session;
				this.view.tokens.lastRequest = p.request;
				if (!this.compaction) {
					this.view.tokens.context = p.request.total;
					if (this.openRequest) this.touch(this.openRequest).usage = p.request;
				}
				return true;
			case 'compaction_begin': {
				if (!isCompactionBeginPayload(p)) return false;
				this.closeAllFragments();
				const item: CompactionItem = {
					kind: 'compaction',
					reason: str(p.reason),
					mode: str(p.mode),
					context: p.context,
					turns: p.turns,
					status: 'running',
					summary: '',
					summaryStreaming: false,
					...this.base(at),
				};
				this.compaction = item;
				this.view.compacting = true;
				this.push(item, 'compaction_begin');
				return true;
			}
			case 'compaction_end': {
				if (!isCompactionEndPayload(p)) return false;
				this.closeAllFragments();
				const item =
					this.compaction ??
					this.push<CompactionItem>({kind: 'compaction', status: 'running', summary: '', summaryStreaming: false, ...this.base(at)});
				this.touch(item);
				item.reason ??= str(p.reason);
				item.mode ??= str(p.mode);
				item.status = p.status;
				item.error = errorMessageOf(p);
				item.attempt = p.attempt;
				item.summaryStreaming = false;
				item.endedAt = at;
				if (p.status !== 'completed') this.view.counts.failures++;
				this.compaction = undefined;
				this.view.compacting = false;
				this.lastCompactionEnded = p.status === 'completed';
				this.record(item, 'compaction_end');
				return true;
			}
			case 'abort':
				if (!isAbortPayload(p)) return false;
				this.closeAllFragments();
				for (const call of this.calls.values()) {
					if (waitingStates.has(call.state) && call.output === undefined) {
						this.stopWaiting(call.callId);
						this.touch(call).state = 'aborted';
						this.record(call, 'output');
					}
				}
				this.push({kind: 'abort', reason: str(p.reason), ...this.base(at)}, 'item');
				return true;
			case 'subagent':
				if (!isSubagentPayload(p)) return false;
				this.ensureChild(p.session_id, at);
				return true;
			case 'tool_list_ready':
				if (!isToolListReadyPayload(p)) return false;
				this.view.header.tools = p.tools;
				return true;
			case 'goal_finished':
				if (!isGoalFinishedPayload(p)) return false;
				this.push(
					{kind: 'goal_finished', outcome: p.outcome, rounds: num(p.rounds), tokensUsed: num(p.tokens_used), ...this.base(at)},
					'item',
				);
				return true;
			case 'mcp_connect_begin':
				if (!isMcpConnectBeginPayload(p)) return false;
				this.openMcp = this.push<McpConnectItem>({kind: 'mcp_connect', servers: p.servers, status: 'connecting', results: [], ...this.base(at)});
				return true;
			case 'mcp_connect_end': {
				if (!isMcpConnectEndPayload(p)) return false;
				const item =
					this.openMcp ?? this.push<McpConnectItem>({kind: 'mcp_connect', servers: [], status: 'connecting', results: [], ...this.base(at)});
				this.touch(item);
				item.status = p.status;
				item.results = p.results.map(r => ({
					server: r.server,
					status: r.status,
					transport: str(r.transport),
					durationMs: num(r.duration_ms),
					error: str(r.error),
				}));
				if (item.servers.length === 0) item.servers = item.results.map(r => r.server);
				this.openMcp = undefined;
				this.record(item, 'item');
				return true;
			}
			default:
				return assertNever(type, 'payload type');
		}
	}

	// ---------------------------------------------------------------- streaming

	private applyPartial(p: AnyPayload, at: number | undefined): boolean {
		if (!isPartialPayload(p)) return false;
		const field = partialTextField(p.type)!;
		const chunk = str(p[field]) ?? '';
		const callId = str(p.tool_call_id) ?? '';
		const key = `${p.type}:${callId}`;
		let target = this.open.get(key);
		if (p.event_type === 'start' && target) {
			this.closeFragment(key, target);
			target = undefined;
		}
		if (!target) {
			target = this.openFragment(p, callId, at);
			this.open.set(key, target);
			this.awaiting.delete(key);
		}
		this.appendFragment(target, chunk, p);
		if (p.event_type === 'stop') {
			this.open.delete(key);
			this.stopFragment(target);
			this.awaiting.set(key, target);
		}
		return true;
	}

	private openFragment(p: PartialPayload, callId: string, at: number | undefined): FragmentTarget {
		switch (p.type) {
			case 'partial_text':
				if (this.compaction) {
					const item = this.touch(this.compaction);
					item.summary = '';
					item.summaryStreaming = true;
					return {kind: 'summary', item};
				}
				return {kind: 'text', item: this.push({kind: 'assistant_text', text: '', streaming: true, ...this.base(at)})};
			case 'partial_thinking':
				if (this.compaction) return {kind: 'ignored'};
				return {kind: 'thinking', item: this.push({kind: 'thinking', text: '', streaming: true, ...this.base(at)})};
			case 'partial_tool_call': {
				const existing = this.calls.get(callId);
				if (existing) {
					this.touch(existing).args = '';
					if (existing.state === 'running') existing.state = 'streaming';
					return {kind: 'args', item: existing};
				}
				return {kind: 'args', item: this.newCall(callId, str(p.name) ?? '', 'streaming', at)};
			}
			case 'partial_tool_call_output': {
				const call = this.calls.get(callId) ?? this.newCall(callId, '', 'running', at);
				this.touch(call);
				// Output is coming: whatever was waiting for a human has been let through.
				if (this.stopWaiting(callId) && call.state === 'awaiting_approval') call.state = 'running';
				call.output = '';
				call.outputStreaming = true;
				return {kind: 'output', item: call};
			}
		}
	}

	private appendFragment(target: FragmentTarget, chunk: string, p: PartialPayload): void {
		switch (target.kind) {
			case 'text':
			case 'thinking':
				if (chunk) this.touch(target.item).text += chunk;
				return;
			case 'summary':
				if (chunk) this.touch(target.item).summary += chunk;
				return;
			case 'args': {
				const item = this.touch(target.item);
				if (chunk) item.args += chunk;
				if (!item.name && str(p.name)) item.name = str(p.name)!;
				return;
			}
			case 'output': {
				const item = this.touch(target.item);
				if (chunk) item.output = (item.output ?? '') + chunk;
				if (p.images && p.images.length > 0) item.images = p.images.map(imageRefOf);
				return;
			}
			case 'ignored':
				return;
		}
	}

	/** A stop arrived: the content is whole, though a complete message may still replace it. */
	private stopFragment(target: FragmentTarget): void {
		switch (target.kind) {
			case 'text':
			case 'thinking':
				this.touch(target.item).streaming = false;
				return;
			case 'summary':
				this.touch(target.item).summaryStreaming = false;
				return;
			case 'output':
				this.touch(target.item).outputStreaming = false;
				return;
			default:
				return;
		}
	}

	/** Close an open fragment for good: it stands as final. */
	private closeFragment(key: string, target: FragmentTarget): void {
		this.open.delete(key);
		this.stopFragment(target);
		this.finalizeFragment(target);
	}

	/** A fragment whose complete message never came is final as aggregated. */
	private finalizeFragment(target: FragmentTarget): void {
		if (target.kind === 'thinking' && target.item.durationMs === undefined && target.item.at !== undefined && this.lastAt !== undefined) {
			target.item.durationMs = Math.max(0, this.lastAt - target.item.at);
		}
		if (target.kind === 'text' || target.kind === 'thinking') this.record(target.item, 'item');
	}

	private closeAllFragments(): void {
		for (const [key, target] of this.open) this.closeFragment(key, target);
		this.settleAwaiting();
	}

	/** The moment after which no complete message will replace a closed text fragment. */
	private settleAwaiting(): void {
		for (const [key, target] of this.awaiting) {
			if (target.kind === 'text' || target.kind === 'thinking') {
				this.awaiting.delete(key);
				this.finalizeFragment(target);
			}
		}
	}

	/** A complete text: fill the fragment it completes, or add it. */
	private completeFragment(type: 'partial_text', text: string, at: number | undefined, stopReason: string | undefined): void {
		const key = `${type}:`;
		const target = this.open.get(key) ?? this.awaiting.get(key);
		this.open.delete(key);
		this.awaiting.delete(key);
		if (this.compaction) {
			const item = this.touch(this.compaction);
			item.summary = text;
			item.summaryStreaming = false;
			return;
		}
		if (target && target.kind === 'text') {
			const item = this.touch(target.item);
			item.text = text;
			item.streaming = false;
			item.stopReason = stopReason;
			this.record(item, 'item');
			return;
		}
		this.push(this.withText({kind: 'assistant_text', streaming: false, stopReason, ...this.base(at)} as AssistantTextItem, text), 'item');
	}

	private completeThinking(text: string, encrypted: boolean, at: number | undefined, stopReason: string | undefined): void {
		const key = 'partial_thinking:';
		const target = this.open.get(key) ?? this.awaiting.get(key);
		this.open.delete(key);
		this.awaiting.delete(key);
		if (this.compaction) {
			this.touch(this.compaction).thinking = text;
			return;
		}
		if (target && target.kind === 'thinking') {
			const item = this.touch(target.item);
			item.text = text;
			item.streaming = false;
			item.encrypted = encrypted && text === '';
			item.stopReason = stopReason;
			if (item.at !== undefined && at !== undefined) item.durationMs = Math.max(0, at - item.at);
			this.record(item, 'item');
			return;
		}
		const durationMs = at !== undefined && this.lastAt !== undefined ? Math.max(0, at - this.lastAt) : undefined;
		this.push(
			this.withText({kind: 'thinking', streaming: false, encrypted: encrypted && text === '', durationMs, stopReason, ...this.base(at)} as ThinkingItem, text),
			'item',
		);
	}

	// ---------------------------------------------------------------- tool calls

	private newCall(callId: string, name: string, state: ToolState, at: number | undefined): ToolCallItem {
		const item: ToolCallItem = {
			kind: 'tool_call',
			callId,
			name,
			args: '',
			state,
			outputStreaming: false,
			images: [],
			...this.base(at),
		};
		this.calls.set(callId, item);
		this.view.counts.toolCalls++;
		return this.push(item);
	}

	private completeToolCall(callId: string, name: string, args: string, at: number | undefined): void {
		const key = `partial_tool_call:${callId}`;
		this.open.delete(key);
		this.awaiting.delete(key);
		const existing = this.calls.get(callId);
		const item = existing ?? this.newCall(callId, name, 'running', at);
		this.touch(item);
		item.name = name || item.name;
		item.args = args;
		if (item.state === 'streaming') item.state = this.awaitingApproval.has(callId) ? 'awaiting_approval' : 'running';
		// A repeated tool_call (a replayed stream) updates the call without printing it again.
		if (!this.announced.has(callId)) {
			this.announced.add(callId);
			this.record(item, 'call');
		}
		const decision = this.pendingDecisions.get(callId);
		if (decision) {
			this.pendingDecisions.delete(callId);
			this.applyDecision(callId, decision.decision, decision.at);
		}
	}

	private applyDecision(callId: string, decision: string, at: number | undefined): void {
		const item = this.calls.get(callId);
		if (!item) {
			this.pendingDecisions.set(callId, {decision, at});
			return;
		}
		this.stopWaiting(callId);
		// The same decision again (a replayed stream) changes nothing and prints nothing.
		if (item.approval === decision) return;
		this.touch(item).approval = decision;
		if (decision === 'deny' || decision === 'forbidden') {
			if (item.state !== 'denied' && item.state !== 'forbidden') this.view.counts.failures++;
			item.state = decision === 'deny' ? 'denied' : 'forbidden';
		} else if (item.state === 'awaiting_approval' || item.state === 'streaming') {
			item.state = 'running';
		}
		this.record(item, 'approval');
	}

	private completeToolOutput(
		callId: string,
		output: string,
		images: string[],
		stopReason: string | undefined,
		at: number | undefined,
	): void {
		const key = `partial_tool_call_output:${callId}`;
		this.open.delete(key);
		this.awaiting.delete(key);
		const item = this.calls.get(callId) ?? this.newCall(callId, '', 'running', at);
		// One call, one output: a repeated output (a replayed stream, a duplicated line) is
		// left out, on the screen and in print mode alike.
		if (item.outputStopReason !== undefined) return;
		this.touch(item);
		if (!this.hold(item, 'output', output)) item.output = output;
		item.outputStreaming = false;
		item.outputStopReason = stopReason ?? 'completed';
		if (images.length > 0) item.images = images.map(imageRefOf);
		item.endedAt = at;
		this.stopWaiting(callId);
		if (item.state !== 'denied' && item.state !== 'forbidden') {
			const state: ToolState =
				item.outputStopReason === 'completed' ? 'done' : item.outputStopReason === 'aborted' ? 'aborted' : 'failed';
			if (state === 'failed') this.view.counts.failures++;
			item.state = state;
		}
		this.record(item, 'output');
		// The child it started is done: its header will not grow any more.
		if (item.childSessionId !== undefined) this.children.get(item.childSessionId)?.model.settleHeader();
		if (!this.shared.keepItems) this.retire(item);
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

	// ---------------------------------------------------------------- requests

	private beginRequest(at: number | undefined): void {
		if (this.compaction) return;
		this.settleAwaiting();
		const previous = this.lastRequest;
		if (previous && previous.status !== 'completed' && previous.status !== 'running' && !previous.retried) {
			this.touch(previous).retried = true;
		}
		this.view.counts.requests++;
		const item = this.push({
			kind: 'request',
			index: this.view.counts.requests,
			status: 'running',
			retried: false,
			...this.base(at),
		} satisfies RequestItem);
		this.openRequest = item;
		this.lastRequest = item;
	}

	private endRequest(status: string, error: string | undefined, attempt: number | undefined, retryInMs: number | undefined, at: number | undefined): void {
		if (this.compaction) return;
		this.settleAwaiting();
		const item = this.openRequest ?? this.beginRequestForEnd(at);
		this.touch(item);
		item.status = status;
		item.error = error;
		item.attempt = attempt;
		item.retryInMs = retryInMs;
		item.retryAt = retryInMs !== undefined && at !== undefined ? at + retryInMs : undefined;
		item.endedAt = at;
		if (status !== 'completed' && status !== 'aborted') {
			if (retryInMs !== undefined) this.view.counts.retries++;
			else this.view.counts.failures++;
		}
		this.openRequest = undefined;
		this.record(item, 'item');
	}

	private beginRequestForEnd(at: number | undefined): RequestItem {
		this.beginRequest(at);
		return this.openRequest!;
	}

	// ---------------------------------------------------------------- user text, subagents, server events

	private addUserText(text: string, sender: string | undefined, at: number | undefined): void {
		if (this.compaction) {
			// The compaction's own prompt: kept with it, not part of the conversation.
			this.touch(this.compaction).prompt = text;
			return;
		}
		const marker = markerPattern.exec(text)?.[1] as TextMarker | undefined;
		this.push(this.withText({kind: 'user_text', sender, marker, ...this.base(at)} as UserTextItem, text), 'item');
	}

	private ensureChild(sessionId: string, at: number | undefined): {model: SessionModel; item: SubagentItem} {
		const known = this.children.get(sessionId);
		if (known) return known;
		const model = new SessionModel({}, this.shared, this.depth + 1);
		const title = this.shared.pendingTitles.get(sessionId);
		if (title !== undefined) {
			this.shared.pendingTitles.delete(sessionId);
			model.view.header.title = title;
		}
		const item = this.push<SubagentItem>({kind: 'subagent', sessionId, child: model.view, ...this.base(at)});
		// The run_subagent call that started it: the latest one not yet linked to a child.
		const calls = [...this.calls.values()].reverse();
		const parentCall = calls.find(call => call.name === 'run_subagent' && !call.childSessionId && call.outputStopReason === undefined);
		if (parentCall) {
			this.touch(parentCall).childSessionId = sessionId;
			item.description = summaryOfSubagentCall(parentCall.args);
		}
		const entry = {model, item};
		this.children.set(sessionId, entry);
		this.record(item, 'item');
		return entry;
	}

	private routeToChild(origin: readonly string[], input: ModelInput, nowMs: number): void {
		const {model, item} = this.ensureChild(origin[0]!, undefined);
		const waiting = model.view.awaitingApproval;
		const requests = model.view.approvalRequests;
		model.apply(input, nowMs);
		// A subagent's approvals count as this session's too: the header and the subagent's row say so.
		this.view.awaitingApproval += model.view.awaitingApproval - waiting;
		this.view.approvalRequests += model.view.approvalRequests - requests;
		this.touch(item);
	}

	private applyServerEvent(event: ServerEvent, origin: readonly string[] | undefined, nowMs: number): void {
		if (origin && origin.length > 0) {
			this.routeToChild(origin, {kind: 'server_event', event, origin: origin.slice(1)}, nowMs);
			return;
		}
		switch (event.type) {
			case 'task_state': {
				const state = str(event['state']);
				if (state) this.view.task = {state, queued: num(event['queued'])};
				return;
			}
			case 'session_title': {
				// `{sessionId, title}`: a subagent's titles come on its parent's stream, named by its id.
				const title = str(event['title']);
				if (title) this.applyTitle(str(event['sessionId']), title);
				return;
			}
			case 'approval_request': {
				// `{toolCall, origin?}`, toolCall a whole message: `{timestamp, type, payload: {type: 'tool_call', …}}`.
				const toolCall = event['toolCall'];
				const payload = isRecord(toolCall) && isRecord(toolCall['payload']) ? (toolCall['payload'] as AnyPayload) : undefined;
				// The call is dated by its own message, not by when the request arrived: print mode's
				// lines then depend on the bytes alone.
				if (payload && isToolCallPayload(payload)) {
					const at = timeOf(str((toolCall as Record<string, unknown>)['timestamp']));
					this.requestApproval(payload.tool_call_id, payload.name, payload.arguments ?? '', at);
				}
				return;
			}
			default:
				return;
		}
	}

	/**
	 * A tool call waits for a human. The server sends the request again to every new
	 * connection while it is pending: a call already waiting, decided or answered is left as it is.
	 */
	private requestApproval(callId: string, name: string, args: string, at: number | undefined): void {
		if (this.awaitingApproval.has(callId) || this.pendingDecisions.has(callId)) return;
		const known = this.calls.get(callId);
		const answered = known !== undefined && (known.output !== undefined || known.outputStopReason !== undefined);
		if (known && (known.approval !== undefined || answered || !waitingStates.has(known.state))) return;
		const item = known ?? this.newCall(callId, name, 'awaiting_approval', at);
		this.touch(item).state = 'awaiting_approval';
		if (!known) item.args = args;
		this.awaitingApproval.add(callId);
		this.view.awaitingApproval++;
		this.view.approvalRequests++;
		this.record(item, 'approval_request');
	}

	/** The reader's answer to a waiting call is on its way (drawn only while the call still waits; nothing is printed). */
	private markDeciding(callId: string, origin: readonly string[], decision: 'allow' | 'deny' | undefined): void {
		const [first, ...rest] = origin;
		if (first !== undefined) {
			const child = this.children.get(first);
			if (child) {
				child.model.markDeciding(callId, rest, decision);
				this.touch(child.item);
			}
			return;
		}
		const item = this.calls.get(callId);
		if (item && item.deciding !== decision) this.touch(item).deciding = decision;
	}

	/** The call no longer waits for a human; true when it did. */
	private stopWaiting(callId: string): boolean {
		if (!this.awaitingApproval.delete(callId)) return false;
		this.view.awaitingApproval--;
		return true;
	}

	/**
	 * A title goes to the session it names: this one, a subagent anywhere below, or (a
	 * subagent not seen yet) kept until it appears. Without a name, or while this session's
	 * own id is unknown, it is this session's.
	 */
	private applyTitle(sessionId: string | undefined, title: string): void {
		const header = this.view.header;
		if (sessionId === undefined || sessionId === header.sessionId) header.title = title;
		else if (this.titleChild(sessionId, title)) return;
		else if (header.sessionId === undefined) header.title = title;
		else this.shared.pendingTitles.set(sessionId, title);
	}

	/** Sets the title of the subagent `sessionId` below this session; false when there is none. */
	private titleChild(sessionId: string, title: string): boolean {
		const direct = this.children.get(sessionId);
		if (direct) {
			direct.model.view.header.title = title;
			direct.model.view.rev++;
			this.touch(direct.item);
			return true;
		}
		for (const {model, item} of this.children.values()) {
			if (model.titleChild(sessionId, title)) {
				this.touch(item);
				return true;
			}
		}
		return false;
	}

	private end(): void {
		this.settleHeader();
		this.closeAllFragments();
		for (const call of this.calls.values()) {
			if (waitingStates.has(call.state) && call.output === undefined) {
				this.stopWaiting(call.callId);
				this.touch(call).state = 'unanswered';
				this.record(call, 'output');
			}
		}
		for (const {model} of this.children.values()) model.end();
		this.view.ended = true;
	}

	// ---------------------------------------------------------------- helpers

	private addMalformed(malformed: MalformedLine): void {
		this.view.counts.malformed++;
		this.push(
			{
				kind: 'malformed',
				line: malformed.line,
				offset: malformed.offset,
				shard: malformed.shard,
				reason: malformed.reason,
				excerpt: malformed.excerpt,
				...this.base(),
			},
			'item',
		);
	}

	private addGeneric(payload: AnyPayload, why: 'unknown' | 'invalid', at: number | undefined): void {
		let summary: string;
		try {
			summary = JSON.stringify(payload);
		} catch {
			summary = String(payload.type);
		}
		if (summary.length > 300) summary = `${summary.slice(0, 299)}…`;
		this.push({kind: 'unknown', payloadType: String(payload.type), why, summary, ...this.base(at)}, 'item');
	}

	private base(at?: number): {id: number; rev: number; at?: number} {
		const id = this.shared.nextId;
		this.shared.nextId += this.shared.idStep;
		return {id, rev: 0, at};
	}

	private push<T extends Item>(item: T, what?: FinalizedEntry['what']): T {
		const {positions, track, at} = this.shared;
		if (positions && track && at?.shard !== undefined && (at.shard > track.shard || (at.shard === track.shard && at.offset >= track.offset))) {
			positions.set(item, `${at.shard}:${at.offset}:${this.shared.made++}`);
		}
		if (this.shared.keepItems) this.view.items.push(item);
		if (what) this.record(item, what);
		return item;
	}

	/** Lets the holder keep a long text of the main session on disk; true when it did. */
	private hold(item: Item, field: 'output' | 'text', text: string): boolean {
		const {holdText, at} = this.shared;
		return holdText !== undefined && this.depth === 0 && holdText(item, field, text, at);
	}

	/** The item with its `text`: held on disk when the holder takes it, else set. */
	private withText<T extends Item & {text: string}>(item: T, text: string): T {
		if (!this.hold(item, 'text', text)) item.text = text;
		return item;
	}

	private touch<T extends Item>(item: T): T {
		item.rev++;
		return item;
	}

	private record(item: Item, what: FinalizedEntry['what']): void {
		this.shared.log?.push({depth: this.depth, session: this.view, item, what});
	}
}

/**
 * Walks a session and its children in reading order with what each item stands for, from
 * its message rather than from when it was made: a tool call by its call id, a subagent by
 * its session id, a request or a shard by its number, a malformed line by where it is, a
 * notice by its text, anything else by its kind (a user text by who or what wrote it) and how
 * many of those came before it in its session. Prefixed with the path of subagent session ids down to the item.
 */
function identityKeys(root: SessionView, visit: (item: Item, key: string, session: SessionView) => void): void {
	const walk = (view: SessionView, path: string): void => {
		const seen = new Map<string, number>();
		const nth = (what: string): string => {
			const n = seen.get(what) ?? 0;
			seen.set(what, n + 1);
			return `${what}#${n}`;
		};
		for (const item of view.items) {
			let key: string;
			switch (item.kind) {
				case 'tool_call':
					key = `call:${item.callId}`;
					break;
				case 'subagent':
					key = `subagent:${item.sessionId}`;
					break;
				case 'request':
					key = `request:${item.index}`;
					break;
				case 'shard':
					key = `shard:${item.index}`;
					break;
				case 'malformed':
					key = `malformed:${item.shard ?? 1}:${item.line}`;
					break;
				case 'notice':
					key = nth(`notice:${item.level}:${item.text}`);
					break;
				case 'user_text':
					// A harness block (the context summary after a compaction, which a live stream
					// never carries) is counted apart from what people sent.
					key = nth(`user_text:${item.marker ?? item.sender ?? 'user'}`);
					break;
				default:
					key = nth(item.kind);
			}
			visit(item, `${path}|${key}`, view);
			if (item.kind === 'subagent' && item.child) walk(item.child, `${path}/${item.sessionId}`);
		}
	};
	walk(root, '');
}

function timeOf(timestamp: string | undefined): number | undefined {
	if (typeof timestamp !== 'string') return undefined;
	const ms = Date.parse(timestamp);
	return Number.isNaN(ms) ? undefined : ms;
}

function str(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

function num(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function summaryOfSubagentCall(args: string): string | undefined {
	try {
		const parsed: unknown = JSON.parse(args);
		return isRecord(parsed) ? str(parsed['description']) : undefined;
	} catch {
		return undefined;
	}
}
