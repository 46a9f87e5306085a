/**
 * What the sources (trace follower, SSE client) hand to the session model: messages,
 * and the few things around them that a viewer must show too.
 */
import type {LinePosition, MalformedLine} from '../protocol/parse-line.js';
import type {OmniMessage} from '../protocol/types.js';

/** A `server_event` from the SSE stream: `{type, ...}`. */
export type ServerEvent = {type: string; [key: string]: unknown};

/** What the server says about a session (`GET /api/sessions/:id`), as far as the header needs it. */
export type SessionInfo = {
	sessionId: string;
	projectId?: string;
	provider?: string;
	modelId?: string;
	workspace?: string;
	title?: string;
	/** The model's context window, from the project's model table (the record does not carry it). */
	contextWindow?: number;
	/**
	 * The server's clock as its answer came (its Date header, to the middle of that second) and this machine's then:
	 * on a live stream, what waits is timed on the server's clock from the moment one joins (ui/screen/session-clock.ts).
	 */
	clock?: {serverMs: number; localMs: number};
};

export type NoticeLevel = 'info' | 'warn' | 'error';

export type ModelInput =
	/** One OmniMessage; `at` says where in a trace file it was read. */
	| {kind: 'message'; message: OmniMessage; at?: LinePosition}
	/** A line that could not be read as a message. */
	| {kind: 'malformed'; malformed: MalformedLine}
	/** The follower started reading shard `index` (1 for `_001`). */
	| {kind: 'shard'; index: number; path?: string}
	/**
	 * Something about the source itself: a truncation, a deletion, a resync. `aside`: about what
	 * the input lacks rather than a moment of the session (print mode writes it to stderr). `at`:
	 * when the source saw it (epoch ms), for a notice no message precedes; else the last message's time.
	 */
	| {kind: 'notice'; level: NoticeLevel; text: string; aside?: boolean; at?: number}
	/** A named `server_event` from the SSE stream. */
	| {kind: 'server_event'; event: ServerEvent; origin?: string[]}
	/** The server's account of the session: fills the header before (or without) any history. */
	| {kind: 'session_info'; info: SessionInfo}
	/** The source has ended: nothing more will arrive. */
	| {kind: 'end'}
	/**
	 * An input read from a subagent's own trace, for the child at `origin` (session ids from
	 * the main session down): how a child found on disk joins its parent's tree.
	 */
	| {kind: 'child'; origin: string[]; input: ModelInput}
	/** The trace of the subagent `sessionId` (a child of the session this reaches) was not found. */
	| {kind: 'child_missing'; sessionId: string; text: string}
	/**
	 * The reader answered a waiting call (`origin`: the subagents down to it) and the answer is on
	 * its way; `decision` undefined: the server refused it, the call waits again. Never from a source.
	 */
	| {kind: 'deciding'; callId: string; origin?: string[]; decision?: 'allow' | 'deny'};
