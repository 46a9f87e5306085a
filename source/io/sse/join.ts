/**
 * Joins a session's history with the stream events buffered while it was fetched, after
 * the upstream web app's connect-first pattern:
 *
 * 1. history's messages, in order;
 * 2. buffered events at or before `live.cursor` (same epoch), without their partials: the
 *    server folded those into `live.fragments`;
 * 3. `live.fragments`, each a synthetic `partial_* start` with the content so far;
 * 4. the rest of the buffer.
 *
 * In 2 and 4 a complete message that history already holds is skipped, and so are the
 * partials this batch emitted for it (else its streamed copy would stand beside history's).
 * When the cursor's epoch is not the stream's, seqs do not compare: nothing is dropped and
 * the fragments are left out, as upstream does; the caller reloads on the epoch change.
 */
import type {ModelInput} from '../../model/input.js';
import {isPartialPayload} from '../../protocol/guards.js';
import type {OmniMessage} from '../../protocol/types.js';
import {EnvelopeIndex} from '../../protocol/envelope-key.js';
import {parseEventId, type EventId} from './event-id.js';
import type {History} from './history.js';

/** How many of history's last messages the overlap is checked against. */
export const OVERLAP_WINDOW = 200;

/** An input held while history loads, with the SSE id it came with. */
export type BufferedInput = {input: ModelInput; id?: string};

/** The joined batch and what the live stream still needs to be checked against. */
export type JoinResult = {
	inputs: ModelInput[];
	/** True when `live.fragments` were emitted. */
	seeded: boolean;
	/** True when history had a cursor from another epoch than the stream's. */
	epochMismatch: boolean;
	/** Screens late events at or before the cursor; undefined when there is no cursor to honour. */
	late?: LateFilter;
};

/** The partial type a complete payload closes, or undefined when it has no streamed form. */
function partialTypeFor(message: OmniMessage): string | undefined {
	const payload = message.payload;
	switch (payload.type) {
		case 'text':
			// A user text (steering) never closes the model's fragment.
			return payload['role'] === 'assistant' ? 'partial_text' : undefined;
		case 'thinking':
			return 'partial_thinking';
		case 'tool_call':
			return 'partial_tool_call';
		case 'tool_call_output':
			return 'partial_tool_call_output';
		default:
			return undefined;
	}
}

function fragmentKey(message: OmniMessage, partialType: string): string {
	const toolCallId = message.payload['tool_call_id'];
	return (
		`${(message.origin ?? []).join('/')}\u0000${partialType}\u0000` +
		`${typeof toolCallId === 'string' ? toolCallId : ''}`
	);
}

/** Positions in the batch of each fragment's partials, so a duplicate complete can take them back. */
class FragmentPositions {
	private readonly open = new Map<string, {positions: number[]; stopped: boolean}>();

	note(message: OmniMessage, position: number): void {
		const key = fragmentKey(message, message.payload.type);
		const event = message.payload['event_type'];
		const entry = this.open.get(key);
		if (event === 'start' || entry === undefined) {
			this.open.set(key, {positions: [position], stopped: event === 'stop'});
			return;
		}
		entry.positions.push(position);
		if (event === 'stop') entry.stopped = true;
	}

	/** The positions to withdraw for a complete message (and forgets them). */
	take(message: OmniMessage): number[] {
		const type = partialTypeFor(message);
		if (type === undefined) return [];
		const key = fragmentKey(message, type);
		const entry = this.open.get(key);
		this.open.delete(key);
		return entry?.positions ?? [];
	}

	/** A new request or compaction: stopped fragments can no longer be claimed by a complete. */
	settle(): void {
		for (const [key, entry] of this.open) if (entry.stopped) this.open.delete(key);
	}
}

const settlingEvents = new Set(['request_begin', 'compaction_begin', 'compaction_end']);

/** A partial_* message; tolerant of a payload without a type (an old session_meta). */
function isPartial(message: OmniMessage): boolean {
	return typeof message.payload.type === 'string' && isPartialPayload(message.payload);
}

/** Drops late events that history already covered: partials at or before the cursor and their completes. */
export class LateFilter {
	private active = true;

	constructor(
		private readonly cursor: EventId,
		private readonly index: EnvelopeIndex,
	) {}

	/** True when the event should reach the model. */
	admit(item: BufferedInput): boolean {
		if (!this.active) return true;
		const id = parseEventId(item.id);
		if (id === undefined) return true;
		if (id.epoch !== this.cursor.epoch || id.seq > this.cursor.seq) {
			// Ids only grow on a connection: nothing older can follow.
			this.active = false;
			return true;
		}
		if (item.input.kind !== 'message') return true;
		const message = item.input.message;
		if (isPartial(message)) return false;
		return !this.index.take(message);
	}

	/** False once the stream has passed the cursor. */
	get pending(): boolean {
		return this.active;
	}
}

/**
 * Joins history and the buffered events into one batch; `streamEpoch` is the epoch of the ids seen on the connection.
 */
export function joinHistory(history: History, buffered: readonly BufferedInput[], streamEpoch?: string): JoinResult {
	const index = new EnvelopeIndex(history.messages, OVERLAP_WINDOW);
	const out: Array<ModelInput | undefined> = history.messages.map(message => ({kind: 'message', message}));
	const fragments = new FragmentPositions();

	const cursor = history.live === undefined ? undefined : parseEventId(history.live.cursor);
	const epochMismatch = cursor !== undefined && streamEpoch !== undefined && streamEpoch !== cursor.epoch;
	const honoured = cursor !== undefined && !epochMismatch ? cursor : undefined;
	const covered = (item: BufferedInput): boolean => {
		if (honoured === undefined) return false;
		const id = parseEventId(item.id);
		return id !== undefined && id.epoch === honoured.epoch && id.seq <= honoured.seq;
	};

	const emit = (item: BufferedInput, atOrBeforeCursor: boolean): void => {
		const input = item.input;
		if (input.kind !== 'message') {
			out.push(input);
			return;
		}
		const message = input.message;
		if (isPartial(message)) {
			if (atOrBeforeCursor) return;
			fragments.note(message, out.length);
			out.push(input);
			return;
		}
		if (settlingEvents.has(message.payload.type)) fragments.settle();
		const streamed = fragments.take(message);
		if (index.take(message)) {
			for (const position of streamed) out[position] = undefined;
			return;
		}
		out.push(input);
	};

	const after: BufferedInput[] = [];
	for (const item of buffered) {
		if (covered(item)) emit(item, true);
		else after.push(item);
	}
	const seeds = honoured !== undefined && history.live !== undefined ? history.live.fragments : [];
	for (const message of seeds) {
		fragments.note(message, out.length);
		out.push({kind: 'message', message});
	}
	for (const item of after) emit(item, false);

	const result: JoinResult = {
		inputs: out.filter((input): input is ModelInput => input !== undefined),
		seeded: seeds.length > 0,
		epochMismatch,
	};
	if (honoured !== undefined) result.late = new LateFilter(honoured, index);
	return result;
}
