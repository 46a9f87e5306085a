/**
 * What every part of one session's model shares: its view, the state common to a session
 * and its subagents (ids, the print log, where the message being applied was read), and the
 * few ways an item is made, changed and recorded. The parts (fragments, tool calls,
 * requests, subagents) each hold one and change the view only through it.
 */
import type {LinePosition} from '../../protocol/parse-line.js';
import type {Kept, TextHolder} from '../held-text.js';
import type {ImageDataBudget, ImageDescriptions} from '../images.js';
import type {CompactionItem, Draft, Item, SessionView} from '../view-model.js';
import type {MessageTimes} from './message-times.js';

/** Something that became final, in the order it did: what print mode writes out. */
export type FinalizedEntry = {
	/** Nesting depth: 0 for the main session, 1 for a subagent's, and so on. */
	depth: number;
	session: SessionView;
	item: Item;
	/**
	 * Which moment of the item: most items have one; a tool call has up to four (called, waiting for approval, decided,
	 * answered).
	 */
	what: 'item' | 'call' | 'approval_request' | 'approval' | 'output' | 'compaction_begin' | 'compaction_end';
};

/** Where entries are recorded as they become final (finalized-log.ts's FinalizedLog). */
export type EntryLog = {push(entry: FinalizedEntry): void};

/** The state a session shares with its subagents. */
export type Shared = {
	nextId: number;
	log?: EntryLog;
	/**
	 * Sessions whose header (printed with their first entry) may still grow: session_meta came,
	 * the tool list that follows the prompt not yet. Their entries wait (see FinalizedLog.drain).
	 */
	unsettled: Set<SessionView>;
	keepItems: boolean;
	holdText?: TextHolder;
	/** Images print mode described before their lines were parsed (see ImageDescriptions). */
	images?: ImageDescriptions;
	/** Small images keep their data URLs while this lasts (SessionModelOptions.keepImageData). */
	imageData?: ImageDataBudget;
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
	/** Reads messages' timestamps (remembering the last day's start). */
	times: MessageTimes;
};

/** One session's view, and how its items are made, changed and recorded. */
export class SessionCore {
	readonly view: SessionView;
	/** The compaction running now: fragments and requests inside it belong to it. */
	compaction?: CompactionItem;
	/** The time of the last message applied. */
	lastAt?: number;
	/** The time of the last message that is not a stream's fragment: what a trace, which has no fragments, would say. */
	wholeAt?: number;
	/** The view's items, which only this adds to (read-only to everyone else). */
	private readonly items: Item[] = [];

	constructor(
		readonly shared: Shared,
		readonly depth: number,
	) {
		this.view = {
			header: {tools: []},
			items: this.items,
			tokens: {},
			spend: [],
			counts: {requests: 0, retries: 0, toolCalls: 0, failures: 0, malformed: 0, messages: 0, unknownShape: 0},
			shard: 1,
			compacting: false,
			ended: false,
			awaitingApproval: 0,
			approvalRequests: 0,
			rev: 0,
			appends: 0,
		};
	}

	/** A new item's id, revision and time. */
	base(at?: number): {id: number; rev: number; at?: number} {
		return {id: this.nextId(), rev: 0, at};
	}

	/**
	 * A new item's id: the items made for most lines write base's fields out themselves (`id`,
	 * `rev: 0`, `at`, in that order), as spreading base's object made two objects more a line.
	 */
	nextId(): number {
		const id = this.shared.nextId;
		this.shared.nextId += this.shared.idStep;
		return id;
	}

	/** Adds an item to the view (unless print mode keeps none), recorded as final when `what` says so. */
	push<T extends Item>(item: T, what?: FinalizedEntry['what']): T {
		const {positions, track, at} = this.shared;
		if (
			positions &&
			track &&
			at?.shard !== undefined &&
			(at.shard > track.shard || (at.shard === track.shard && at.offset >= track.offset))
		) {
			positions.set(item, `${at.shard}:${at.offset}:${this.shared.made++}`);
		}
		if (this.shared.keepItems) this.items.push(item);
		if (what) this.record(item, what);
		return item;
	}

	/**
	 * A complete message's text as an item keeps it: the holder's reference when it takes the
	 * text (a long one, in the main session), else the text itself. The holder is io's; the
	 * model only keeps what it gives back. `inLine` false: the text is in no one line of the
	 * trace (put together from fragments), so a holder keeps it elsewhere.
	 */
	kept(text: string, inLine = true): Kept {
		const {holdText} = this.shared;
		const at = inLine ? this.shared.at : undefined;
		return (this.depth === 0 && holdText?.(text, at)) || text;
	}

	/** The item, marked changed (the screen redraws what changed by revision): the one way to write to it. */
	touch<T extends Item>(item: T): Draft<T> {
		return touched(item);
	}

	/** Notes a moment of the item for print mode. */
	record(item: Item, what: FinalizedEntry['what']): void {
		this.shared.log?.push({depth: this.depth, session: this.view, item, what});
	}
}

/** The item, marked changed (a new revision), to write to: the model's one way to change an item. */
export function touched<T extends Item>(item: T): Draft<T> {
	(item as Draft<Item>).rev++;
	return item as Draft<T>;
}

/**
 * Gives an item another id: a model that replaces another (ids.ts), or a session read from
 * disk hung under a parent, renumbers its items before any screen lays them out.
 */
export function setId(item: Item, id: number): void {
	(item as Draft<Item>).id = id;
}

export function str(value: unknown): string | undefined {
	return typeof value === 'string' ? value : undefined;
}

export function num(value: unknown): number | undefined {
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

// When this viewer saw the newest message (`SessionView.seen`): a live stream's "now" runs on the
// writer's clock from it (ui/screen/session-clock.ts).

/** A message of `at` (the writer's clock) applied at `nowMs` (this viewer's). */
export function noteSeen(view: SessionView, at: number | undefined, nowMs: number): void {
	if (at === undefined || !Number.isFinite(at) || !Number.isFinite(nowMs)) return;
	const seen = view.seen;
	if (!seen) view.seen = {at, seenMs: nowMs};
	else if (at > seen.at) {
		// Written in place (each view has its own: keepFirstSeen copies): one object per message was garbage.
		seen.at = at;
		seen.seenMs = nowMs;
	}
}

/** A view rebuilt from the same history (a resync): its newest message was seen when the old view saw it. */
export function keepFirstSeen(view: SessionView, old: SessionView): void {
	const seen = old.seen;
	if (seen && (!view.seen || seen.at >= view.seen.at)) view.seen = {...seen};
}
