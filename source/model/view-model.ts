/**
 * The view model: a session as the screen and the printer see it. The session model
 * (session-model.ts) builds it from messages; nothing here knows about the wire format.
 *
 * Items are mutated in place as content streams in; every change bumps the item's `rev`
 * so that layout can cache rows per item and re-wrap only what changed.
 *
 * The long texts of complete messages (`text`, a call's `output`) may be a `HeldText` on the
 * screen: a reference to where the text is, read back through a TextReader (held-text.ts).
 */
import type {TokenCounts, ToolDefinition} from '../protocol/types.js';

export type ToolState =
	| 'streaming'
	| 'awaiting_approval'
	| 'running'
	| 'done'
	| 'failed'
	| 'denied'
	| 'forbidden'
	| 'aborted'
	| 'unanswered';

/** Harness-written blocks that open a user text, shown as what they are. */
export type TextMarker = 'context_summary' | 'user_steering' | 'goal' | 'turn_aborted' | 'turn_retried';

/**
 * Where a held text is, as plain data (two numbers: a screen holds one per long text, and
 * a 1 GB trace has some 150,000 of them).
 */
export type HeldText =
	/** In the trace: the payload of the line of shard `shard` that starts at byte `offset`. */
	| {readonly shard: number; readonly offset: number}
	/** In the spill file: `bytes` bytes from byte `spill`. */
	| {readonly spill: number; readonly bytes: number};

/** An item's field as the model keeps it: the text, or a reference to it. */
export type Kept = string | HeldText;

export type ImageRef = {mimeType: string; bytes: number; url?: string};

type Base = {
	/** Stable for the item's life: the key for open/closed state and caches. */
	id: number;
	/** Bumped on every change. */
	rev: number;
	/** Epoch ms from the message timestamp, when it had one. */
	at?: number;
};

export type UserTextItem = Base & {
	kind: 'user_text';
	text: Kept;
	/** Absent means the human user. */
	sender?: string;
	marker?: TextMarker;
};

export type AssistantTextItem = Base & {
	kind: 'assistant_text';
	text: Kept;
	streaming: boolean;
	/**
	 * While it streams: `text` as the pieces it grew by (model/text-pieces.ts), so that a frame
	 * reads only its end; gone once it is complete.
	 */
	pieces?: string[];
	stopReason?: string;
};

export type ThinkingItem = Base & {
	kind: 'thinking';
	text: Kept;
	streaming: boolean;
	/**
	 * While it streams: `text` as the pieces it grew by (model/text-pieces.ts), so that a frame
	 * reads only its end; gone once it is complete.
	 */
	pieces?: string[];
	durationMs?: number;
	/** Binary reasoning (inline_thinking): never shown, only named. */
	inline?: {mimeType: string; bytes: number};
	/** Thinking that carries only encrypted provider data. */
	encrypted?: boolean;
	stopReason?: string;
};

export type ToolCallItem = Base & {
	kind: 'tool_call';
	callId: string;
	name: string;
	/** The arguments JSON, as far as it has arrived. */
	args: string;
	state: ToolState;
	approval?: string;
	/** While it waits for approval: the answer the reader sent, until the server's decision arrives. */
	deciding?: 'allow' | 'deny';
	output?: Kept;
	outputStreaming: boolean;
	outputStopReason?: string;
	images: ImageRef[];
	endedAt?: number;
	/** The child session that a run_subagent call started, once known. */
	childSessionId?: string;
};

export type ImageItem = Base & {
	kind: 'image';
	role: string;
	image: ImageRef;
};

export type RequestItem = Base & {
	kind: 'request';
	/** 1-based, counting the session's conversation requests (not compaction's). */
	index: number;
	status: string;
	attempt?: number;
	error?: string;
	retryInMs?: number;
	/** Epoch ms when the engine retries, from the request_end timestamp. */
	retryAt?: number;
	/** True once a later request_begin answered the retry. */
	retried: boolean;
	usage?: TokenCounts;
	endedAt?: number;
};

export type CompactionItem = Base & {
	kind: 'compaction';
	reason?: string;
	mode?: string;
	context?: number;
	turns?: number;
	status: string;
	error?: string;
	attempt?: number;
	summary: string;
	summaryStreaming: boolean;
	/** What the compaction request was asked and thought (in the trace only, not on the stream). */
	prompt?: string;
	thinking?: string;
	endedAt?: number;
};

export type ShardItem = Base & {kind: 'shard'; index: number; afterCompaction: boolean};

export type AbortItem = Base & {kind: 'abort'; reason?: string};

export type SubagentItem = Base & {
	kind: 'subagent';
	sessionId: string;
	/** The nested session when its messages are known (origin-tagged or read from disk). */
	child?: SessionView;
	description?: string;
	/** Lines of text that say where the child could not be found, and why. */
	missing?: string;
};

export type MalformedItem = Base & {
	kind: 'malformed';
	line: number;
	offset: number;
	shard?: number;
	reason: string;
	excerpt: string;
};

/** `aside`: about the input rather than the session (print mode writes it to stderr). */
export type NoticeItem = Base & {kind: 'notice'; level: 'info' | 'warn' | 'error'; text: string; aside?: boolean};

export type GoalFinishedItem = Base & {
	kind: 'goal_finished';
	outcome: string;
	rounds?: number;
	tokensUsed?: number;
};

export type McpConnectItem = Base & {
	kind: 'mcp_connect';
	servers: string[];
	status: string;
	results: Array<{server: string; status: string; durationMs?: number; error?: string; transport?: string}>;
};

/** A message this version does not know, or a known one of the wrong shape. */
export type UnknownItem = Base & {
	kind: 'unknown';
	payloadType: string;
	/** Why it is generic: never seen before, or not the shape its type promises. */
	why: 'unknown' | 'invalid';
	/** The payload as short JSON. */
	summary: string;
};

export type Item =
	| UserTextItem
	| AssistantTextItem
	| ThinkingItem
	| ToolCallItem
	| ImageItem
	| RequestItem
	| CompactionItem
	| ShardItem
	| AbortItem
	| SubagentItem
	| MalformedItem
	| NoticeItem
	| GoalFinishedItem
	| McpConnectItem
	| UnknownItem;

export type ItemKind = Item['kind'];

export type SessionHeader = {
	sessionId?: string;
	provider?: string;
	modelId?: string;
	contextWindow?: number;
	workspace?: string;
	agentState?: string;
	source?: string;
	systemPrompt?: string;
	tools: ToolDefinition[];
	title?: string;
};

export type TokenSummary = {
	/** Cumulative for the session, from the last token_usage. */
	session?: TokenCounts;
	/** The last request's counts. */
	lastRequest?: TokenCounts;
	/** Tokens in the model's context after the last conversation request. */
	context?: number;
};

/**
 * What a request's tokens were spent on: the session's own conversation, its compactions, its
 * subagents (any depth), or requests made before the viewer joined (a stream joined mid-run, a
 * trace read from a later shard): those the session's cumulative counter holds and no request seen does.
 */
export type SpendKind = 'conversation' | 'compaction' | 'subagent' | 'earlier';

/**
 * Tokens the harness bills, by model and kind: every token_usage's `request` counters
 * summed (retried and compaction requests included), as its usage records hold them.
 */
export type SpendLine = {provider?: string; modelId?: string; kind: SpendKind; requests: number; tokens: TokenCounts};

export type SessionCounts = {
	requests: number;
	retries: number;
	toolCalls: number;
	/** Failed, denied, forbidden and aborted calls, failed requests, aborts. */
	failures: number;
	malformed: number;
	/** Lines read as messages. */
	messages: number;
	/** Of those, the ones of a type this viewer does not know or of a shape it does not expect (another harness's trace). */
	unknownShape: number;
};

/** What the server's task_state says, when following over SSE. */
/** A steering message queued on the server, not yet delivered to the model (PendingSteeringInfo). */
export type QueuedSteer = {id: string; text: string};

export type TaskState = {
	state: string;
	queued?: number;
	/** The server's queue of steering messages (from any client), until each one's echo arrives. */
	steering?: QueuedSteer[];
};

export type SessionView = {
	header: SessionHeader;
	items: Item[];
	tokens: TokenSummary;
	/** What this session and its subagents spent, by model and kind (priced by cost/). */
	spend: SpendLine[];
	counts: SessionCounts;
	/** The shard (model context) being read: 1 for `_001`. */
	shard: number;
	task?: TaskState;
	/** True while a compaction is open. */
	compacting: boolean;
	/** True once the source said nothing more will come. */
	ended: boolean;
	/** Tool calls waiting for a human's approval now, in this session and its subagents. */
	awaitingApproval: number;
	/** How many times a tool call began to wait for approval, here and in subagents (only grows). */
	approvalRequests: number;
	/** Bumped on every change anywhere in this session or its children. */
	rev: number;
	/**
	 * Bumped with `rev` when a change only appended text to this session's streaming answer or
	 * thinking: while the two grow alike, nothing changed but that item (ui/drawn-from.ts).
	 */
	appends: number;
	/**
	 * The newest message time seen (`at`, the writer's clock) and when this viewer applied it
	 * (`seenMs`, its own clock): on a live stream, "now" in the writer's time is
	 * `at + (now - seenMs)`, whatever the two clocks differ by (ui/session-clock.ts).
	 */
	seen?: {at: number; seenMs: number};
};
