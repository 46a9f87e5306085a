/**
 * The view model: a session as the screen and the printer see it. The session model
 * (session-model.ts) builds it from messages; nothing here knows about the wire format.
 *
 * Items are changed in place as content streams in; every change bumps the item's `rev`
 * so that layout can cache rows per item and re-wrap only what changed. So an item is
 * read-only to everyone: the model writes one only through what `SessionCore.touch` gives
 * back (a `Draft`), which bumps `rev` first.
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
 * Where a held text is, as plain data (a few numbers: a screen holds one per long text, and
 * a 1 GB trace has some 150,000 of them).
 */
export type HeldText =
	/**
	 * In the trace: the payload of the line of shard `shard` that starts at byte `offset`; `chars`, the text's length,
	 * so that what fills a context is sized without reading it; `lines`, its count of lines.
	 */
	| {readonly shard: number; readonly offset: number; readonly chars?: number; readonly lines?: number}
	/** In the spill file: `bytes` bytes from byte `spill`. */
	| {readonly spill: number; readonly bytes: number; readonly lines?: number};
// `lines`: how many lines the text has (counted as it was held), so that the screen numbers
// its lines (ui/reading/document-index.ts) without reading it back.

/** An item's field as the model keeps it: the text, or a reference to it. */
export type Kept = string | HeldText;

/** An image's base64 body, held for the screen: left out of any JSON made of the item (`--export json`). */
export class ImageBody {
	constructor(readonly base64: string) {}
	toJSON(): undefined {
		return undefined;
	}
}

/**
 * An image as items hold it: its type and decoded size, its pixel size when its header says it
 * (model/image-size.ts), or the address of a web image (never fetched).
 */
export type ImageRef = {
	readonly mimeType: string;
	readonly bytes: number;
	readonly url?: string;
	/** The data URL itself, for a small PNG, JPEG, GIF or WebP (model/images.ts): the HTML export shows it. */
	readonly dataUrl?: string;
	readonly width?: number;
	readonly height?: number;
	/**
	 * The base64 body of a small image whose header was read (model/images.ts: at most `inlineImageLimit`), for the
	 * screen to draw and w to write; JSON never carries it (ImageBody).
	 */
	readonly data?: ImageBody;
};

type Base = {
	/** Stable for the item's life: the key for open/closed state and caches. */
	readonly id: number;
	/** Bumped on every change. */
	readonly rev: number;
	/** Epoch ms from the message timestamp, when it had one. */
	readonly at?: number;
};

export type UserTextItem = Base & {
	readonly kind: 'user_text';
	readonly text: Kept;
	/** Absent means the human user. */
	readonly sender?: string;
	readonly marker?: TextMarker;
};

export type AssistantTextItem = Base & {
	readonly kind: 'assistant_text';
	readonly text: Kept;
	readonly streaming: boolean;
	/**
	 * While it streams: `text` as the pieces it grew by (model/text-pieces.ts), so that a frame
	 * reads only its end; gone once it is complete.
	 */
	readonly pieces?: readonly string[];
	readonly stopReason?: string;
};

export type ThinkingItem = Base & {
	readonly kind: 'thinking';
	readonly text: Kept;
	readonly streaming: boolean;
	/**
	 * While it streams: `text` as the pieces it grew by (model/text-pieces.ts), so that a frame
	 * reads only its end; gone once it is complete.
	 */
	readonly pieces?: readonly string[];
	readonly durationMs?: number;
	/** Binary reasoning (inline_thinking): never shown, only named. */
	readonly inline?: {readonly mimeType: string; readonly bytes: number};
	/** Thinking that carries only encrypted provider data. */
	readonly encrypted?: boolean;
	readonly stopReason?: string;
};

export type ToolCallItem = Base & {
	readonly kind: 'tool_call';
	readonly callId: string;
	readonly name: string;
	/** The arguments JSON, as far as it has arrived. */
	readonly args: string;
	readonly state: ToolState;
	readonly approval?: string;
	/**
	 * When the approval was asked for, and when it was decided (epoch ms, from their messages): an allowed call runs from
	 * the decision.
	 */
	readonly approvalRequestedAt?: number;
	readonly approvalAt?: number;
	/**
	 * A person made the decision: the call was seen waiting for one, or the decision came a second or more after the
	 * call (an allow-all or read-only session's automatic decisions come at once).
	 */
	readonly byPerson?: boolean;
	/** While it waits for approval: the answer the reader sent, until the server's decision arrives. */
	readonly deciding?: 'allow' | 'deny';
	readonly output?: Kept;
	readonly outputStreaming: boolean;
	readonly outputStopReason?: string;
	readonly images: readonly ImageRef[];
	readonly endedAt?: number;
	/** The child session that a run_subagent call started, once known. */
	readonly childSessionId?: string;
};

export type ImageItem = Base & {
	readonly kind: 'image';
	readonly role: string;
	readonly image: ImageRef;
};

export type RequestItem = Base & {
	readonly kind: 'request';
	/** 1-based, counting the session's conversation requests (not compaction's). */
	readonly index: number;
	readonly status: string;
	readonly attempt?: number;
	readonly error?: string;
	readonly retryInMs?: number;
	/** Epoch ms when the engine retries, from the request_end timestamp. */
	readonly retryAt?: number;
	/** True once a later request_begin answered the retry. */
	readonly retried: boolean;
	readonly usage?: Readonly<TokenCounts>;
	readonly endedAt?: number;
};

export type CompactionItem = Base & {
	readonly kind: 'compaction';
	readonly reason?: string;
	readonly mode?: string;
	readonly context?: number;
	readonly turns?: number;
	readonly status: string;
	readonly error?: string;
	readonly attempt?: number;
	readonly summary: string;
	readonly summaryStreaming: boolean;
	/** What the compaction request was asked and thought (in the trace only, not on the stream). */
	readonly prompt?: string;
	readonly thinking?: string;
	/** What its own requests used, every attempt's token_usage summed (the bill, not the context). */
	readonly usage?: Readonly<TokenCounts>;
	readonly endedAt?: number;
};

export type ShardItem = Base & {readonly kind: 'shard'; readonly index: number; readonly afterCompaction: boolean};

export type AbortItem = Base & {readonly kind: 'abort'; readonly reason?: string};

export type SubagentItem = Base & {
	readonly kind: 'subagent';
	readonly sessionId: string;
	/** The nested session when its messages are known (origin-tagged or read from disk). */
	readonly child?: SessionView;
	readonly description?: string;
	/** Lines of text that say where the child could not be found, and why. */
	readonly missing?: string;
};

export type MalformedItem = Base & {
	readonly kind: 'malformed';
	readonly line: number;
	readonly offset: number;
	readonly shard?: number;
	readonly reason: string;
	readonly excerpt: string;
};

/** `aside`: about the input rather than the session (print mode writes it to stderr). */
export type NoticeItem = Base & {
	readonly kind: 'notice';
	readonly level: 'info' | 'warn' | 'error';
	readonly text: string;
	readonly aside?: boolean;
};

export type GoalFinishedItem = Base & {
	readonly kind: 'goal_finished';
	readonly outcome: string;
	readonly rounds?: number;
	readonly tokensUsed?: number;
};

export type McpConnectItem = Base & {
	readonly kind: 'mcp_connect';
	readonly servers: readonly string[];
	readonly status: string;
	readonly results: ReadonlyArray<{
		readonly server: string;
		readonly status: string;
		readonly durationMs?: number;
		readonly error?: string;
		readonly transport?: string;
	}>;
};

/** A message this version does not know, or a known one of the wrong shape. */
export type UnknownItem = Base & {
	readonly kind: 'unknown';
	readonly payloadType: string;
	/** Why it is generic: never seen before, or not the shape its type promises. */
	readonly why: 'unknown' | 'invalid';
	/** The payload as short JSON. */
	readonly summary: string;
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

/**
 * An item as the model may write it: its fields and arrays writable. Only the model makes
 * one (session/core.ts), the view's own type stays read-only.
 */
export type Draft<T extends Item> = {-readonly [K in keyof T]: T[K] extends ReadonlyArray<infer U> ? U[] : T[K]};

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
	/**
	 * Of those, the ones of a type this viewer does not know or of a shape it does not expect (another harness's trace).
	 */
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
	/** In reading order, ids increasing; only the model adds one (session/core.ts). */
	items: readonly Item[];
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
	 * thinking: while the two grow alike, nothing changed but that item (ui/panes/drawn-from.ts).
	 */
	appends: number;
	/**
	 * The newest message time seen (`at`, the writer's clock) and when this viewer applied it
	 * (`seenMs`, its own clock): on a live stream, "now" in the writer's time is
	 * `at + (now - seenMs)`, whatever the two clocks differ by (ui/screen/session-clock.ts).
	 */
	seen?: {at: number; seenMs: number};
};
