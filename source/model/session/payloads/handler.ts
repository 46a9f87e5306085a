/**
 * What a payload handler is, and what of its session it may reach. The reducer
 * (session-model.ts) looks a message's payload type up in one table (table.ts) and calls
 * the handler found there; each family of payload types (a module here) keeps its guards
 * and its handlers together.
 */
import type {AnyPayload, KnownPayloadType} from '../../../protocol/types.js';
import type {McpConnectItem, SessionView} from '../../view-model.js';
import type {SessionCore} from '../core.js';
import type {Fragments} from '../fragments.js';
import type {Requests} from '../requests.js';
import type {SpendSink} from '../spend.js';
import type {Subagents} from '../subagent-routing.js';
import type {ToolCalls} from '../tool-calls.js';

/** One session's parts, and the little a handler keeps from one message to the next. */
export type Session = {
	readonly core: SessionCore;
	readonly view: SessionView;
	readonly fragments: Fragments;
	readonly calls: ToolCalls;
	readonly requests: Requests;
	readonly subagents: Subagents;
	/** Where a subagent's spending goes up to its parent (undefined in the main session). */
	readonly spentBelow: SpendSink | undefined;
	/** The MCP connection begun and not yet ended: its end completes the same item. */
	openMcp?: McpConnectItem;
	/** The last compaction ended well: the next shard says it starts after one. */
	lastCompactionEnded: boolean;
};

/**
 * What a handler did: false when the payload does not have its type's shape (it is then
 * shown as a generic row), `appended` when all it did was append text to what streams.
 */
export type Handled = boolean | 'appended';

export type PayloadHandler = (payload: AnyPayload, session: Session, at: number | undefined) => Handled;

/** A family's handlers: only known payload types (a misspelt one fails to compile). */
export type PayloadHandlers = Partial<Record<KnownPayloadType, PayloadHandler>>;

/**
 * The handler of a payload type whose shape `guard` checks: `apply` gets the payload
 * narrowed; one that fails the guard goes to `invalid` (when given) and is shown as generic.
 */
export function on<P extends AnyPayload>(
	guard: (payload: AnyPayload) => payload is P,
	apply: (payload: P, session: Session, at: number | undefined) => void,
	invalid?: (payload: AnyPayload, session: Session, at: number | undefined) => void,
): PayloadHandler {
	return (payload, session, at) => {
		if (guard(payload)) {
			apply(payload, session, at);
			return true;
		}
		invalid?.(payload, session, at);
		return false;
	};
}
