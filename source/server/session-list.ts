/**
 * A server's sessions as the picker and `--list` show them, kept live from the user channel
 * (`GET /api/events`): `session_state` moves a session's run state and last activity,
 * `session_title` renames it, `session_created` announces one the list does not have yet.
 * Pure: the program fetches and streams, this only keeps the list.
 */
import {isRecord} from '../protocol/guards.js';
import type {TokenCounts} from '../protocol/types.js';
import type {ServerFigure} from '../model/server-billed.js';
import type {ServerSession, ServerSessionStatus} from './api.js';
import {mergeCosts, sessionCostText, type ServerCosts} from './usage-costs.js';

/** One server session in the picker (what `--list --json` writes is the ServerSession itself). */
export type ServerPickerEntry = {
	kind: 'server';
	sessionId: string;
	project: string;
	agent: string;
	provider?: string;
	model?: string;
	title?: string;
	/** `subagent` or `schedule` when a user did not start it. */
	source?: string;
	startedAt?: string;
	/** ISO time; the creation time when the server never drove a run of it. */
	lastActivityAt: string;
	state: ServerSessionStatus;
	/** Running or compacting. */
	live: boolean;
	/** Tool calls waiting for a person's decision (the record's pendingApprovalCount). */
	waiting: number;
	/** The record as the server gave it. */
	session: ServerSession;
	/** USD, as the server's usage gives it (server/usage-costs.ts): with its subagents'; unset without a price. */
	costUsd?: number;
	/** `costUsd` leaves out tokens of a model without a price. */
	costUnpriced?: true;
	/** The project's usage did not come: the cost is not known (`—`). */
	costUnknown?: true;
	/** Requests and tokens so far, from the same usage (with its subagents'). */
	requests?: number;
	tokens?: number;
	/** The same tokens by kind, as the usage gives them. */
	billed?: TokenCounts;
	/**
	 * What a running session does now, from the end of its messages (server-nudges.ts asks them): `exec_command $ npm
	 * test`.
	 */
	doing?: string;
};

/** The cost column's text for a server's session (`$0.0353`, `$1.20*`, `—`, or nothing). */
export function serverCostText(entry: ServerPickerEntry): string {
	if (entry.costUnknown) return sessionCostText('unknown');
	return sessionCostText(
		entry.costUsd === undefined ? undefined : {usd: entry.costUsd, unpriced: entry.costUnpriced === true},
	);
}

/** A session's figure as its usage gave it, for the screen's footer and --stats; `unknown` when the usage failed. */
export function serverFigure(entry: ServerPickerEntry | undefined): ServerFigure | 'unknown' | undefined {
	if (entry?.costUnknown) return 'unknown';
	if (entry?.costUsd === undefined && entry?.billed === undefined) return undefined;
	return {
		...(entry.costUsd === undefined ? {} : {usd: entry.costUsd}),
		unpriced: entry.costUnpriced === true,
		...(entry.requests === undefined ? {} : {requests: entry.requests}),
		...(entry.billed === undefined ? {} : {tokens: entry.billed}),
	};
}

/** Whether two figures say the same. */
export function sameFigure(a: ServerFigure | 'unknown' | undefined, b: ServerFigure | 'unknown' | undefined): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object') return false;
	const [x, y] = [a.tokens, b.tokens];
	const sameTokens =
		x === y ||
		(x !== undefined &&
			y !== undefined &&
			x.cache_read === y.cache_read &&
			x.cache_write === y.cache_write &&
			x.output === y.output &&
			x.total === y.total);
	return a.usd === b.usd && a.unpriced === b.unpriced && a.requests === b.requests && sameTokens;
}

/** What the user channel says, as far as the list cares. */
export type UserChannelEvent =
	| {type: 'session_state'; sessionId: string; state: ServerSessionStatus; lastActiveAt?: string; hasTrace?: boolean}
	| {type: 'session_title'; sessionId: string; title: string}
	| {type: 'session_created'; sessionId: string; projectId?: string; agentId?: string; source?: string}
	| {type: 'resync_required'};

const states = new Set<string>(['idle', 'running', 'compacting']);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A `server_event`'s data, when it is one of the events above (ServerEvent upstream). */
export function readUserChannelEvent(data: unknown): UserChannelEvent | undefined {
	if (!isRecord(data)) return undefined;
	const sessionId = text(data['sessionId']);
	switch (data['type']) {
		case 'session_state': {
			const state = data['state'];
			if (sessionId === undefined || typeof state !== 'string' || !states.has(state)) return undefined;
			return {
				type: 'session_state',
				sessionId,
				state: state as ServerSessionStatus,
				lastActiveAt: text(data['lastActiveAt']),
				hasTrace: typeof data['hasTrace'] === 'boolean' ? data['hasTrace'] : undefined,
			};
		}
		case 'session_title': {
			const title = data['title'];
			if (sessionId === undefined || typeof title !== 'string') return undefined;
			return {type: 'session_title', sessionId, title};
		}
		case 'session_created':
			if (sessionId === undefined) return undefined;
			return {
				type: 'session_created',
				sessionId,
				projectId: text(data['projectId']),
				agentId: text(data['agentId']),
				source: text(data['source']),
			};
		case 'resync_required':
			return {type: 'resync_required'};
		default:
			return undefined;
	}
}

/** A picker entry for a session record. */
export function entryOf(session: ServerSession): ServerPickerEntry {
	return {
		kind: 'server',
		sessionId: session.sessionId,
		project: session.projectId,
		agent: session.agentId,
		...(session.provider !== undefined ? {provider: session.provider} : {}),
		...(session.modelId !== undefined ? {model: session.modelId} : {}),
		...(session.title !== undefined ? {title: session.title} : {}),
		...(session.source !== undefined ? {source: session.source} : {}),
		...(session.createdAt !== undefined ? {startedAt: session.createdAt} : {}),
		lastActivityAt: session.lastActiveAt ?? session.createdAt ?? new Date(0).toISOString(),
		state: session.status,
		live: session.status !== 'idle',
		waiting: session.pendingApprovalCount ?? 0,
		session,
	};
}

const time = (iso: string | undefined): number => {
	const ms = iso === undefined ? Number.NaN : Date.parse(iso);
	return Number.isFinite(ms) ? ms : 0;
};

/** Running (or compacting) sessions first, then the rest; most recently active first in each. */
export function byActivity(a: ServerPickerEntry, b: ServerPickerEntry): number {
	if (a.live !== b.live) return a.live ? -1 : 1;
	return (
		time(b.lastActivityAt) - time(a.lastActivityAt) ||
		time(b.startedAt) - time(a.startedAt) ||
		(a.sessionId < b.sessionId ? 1 : -1)
	);
}

/** What an event did to the list. */
export type ListChange = {
	/** The list changed (redraw). */
	changed: boolean;
	/** A session that was not running started to (not for a subagent's own session: its parent's run shows it). */
	started?: ServerPickerEntry;
	/** A session the list does not know: fetch its record. */
	unknown?: string;
	/** The channel lost events: list again. */
	relist?: boolean;
};

/** The sessions of one server, newest activity first. */
export class ServerSessionList {
	private readonly byId = new Map<string, ServerPickerEntry>();
	private costs: ServerCosts | undefined;
	/** What running sessions do now, by session id (server-nudges.ts asks it). */
	private readonly doing = new Map<string, string>();
	/** Subagents' sessions that wait for a person (their records say idle: the parent's run holds the call). */
	private childWaits: ReadonlyMap<string, number> = new Map();

	/** Replaces the whole list (a fresh listing). */
	replace(sessions: readonly ServerSession[]): void {
		this.byId.clear();
		for (const session of sessions) this.byId.set(session.sessionId, this.costed(entryOf(session)));
	}

	/** Adds or refreshes one session from its record. */
	upsert(session: ServerSession): void {
		this.byId.set(session.sessionId, this.costed(entryOf(session)));
	}

	/**
	 * The sessions' costs from the server's usage (only `projects`' asked again, when given); they stay with the sessions
	 * until the next.
	 */
	setCosts(costs: ServerCosts, projects?: readonly string[]): void {
		this.costs = projects === undefined ? costs : mergeCosts(this.costs, costs, projects);
		for (const [id, entry] of this.byId) this.byId.set(id, this.costed(entryOf(entry.session)));
	}

	/** What a running session does now (undefined: nothing known); said only while it runs. */
	setDoing(sessionId: string, doing: string | undefined): void {
		if (doing === undefined) this.doing.delete(sessionId);
		else this.doing.set(sessionId, doing);
		const entry = this.byId.get(sessionId);
		if (entry !== undefined) this.byId.set(sessionId, this.costed(entryOf(entry.session)));
	}

	/**
	 * The waiting calls of the session followed on its stream, as its own stream says (a decision comes there
	 * first): the record's count is replaced. False when nothing changed.
	 */
	setWaiting(sessionId: string, waiting: number): boolean {
		const entry = this.byId.get(sessionId);
		if (entry === undefined || entry.waiting === waiting) return false;
		this.byId.set(sessionId, this.costed(entryOf({...entry.session, pendingApprovalCount: waiting})));
		return true;
	}

	/**
	 * The subagents of the session followed on its stream that wait for a person, by id with their waiting calls
	 * (subagent-waits.ts): their rows wait too. False when nothing changed.
	 */
	setChildrenWaiting(waits: ReadonlyMap<string, number>): boolean {
		const same = waits.size === this.childWaits.size && [...waits].every(([id, n]) => this.childWaits.get(id) === n);
		if (same) return false;
		const touched = new Set([...this.childWaits.keys(), ...waits.keys()]);
		this.childWaits = new Map(waits);
		for (const id of touched) {
			const entry = this.byId.get(id);
			if (entry !== undefined) this.byId.set(id, this.costed(entryOf(entry.session)));
		}
		return true;
	}

	/** A fresh entry (entryOf's) with what it does now while it runs, and its cost when the costs say one. */
	private costed(record: ServerPickerEntry): ServerPickerEntry {
		const childWaits = this.childWaits.get(record.sessionId) ?? 0;
		const fresh = record.waiting === 0 && childWaits > 0 ? {...record, waiting: childWaits} : record;
		const doing = fresh.live ? this.doing.get(fresh.sessionId) : undefined;
		// A run that ended forgets what it did: the next run says anew.
		if (!fresh.live) this.doing.delete(fresh.sessionId);
		const entry = doing === undefined ? fresh : {...fresh, doing};
		if (this.costs === undefined) return entry;
		if (this.costs.failed.has(entry.project)) return {...entry, costUnknown: true};
		const cost = this.costs.bySession.get(entry.sessionId);
		if (cost === undefined) return entry;
		return {
			...entry,
			...(cost.usd === undefined ? {} : {costUsd: cost.usd, ...(cost.unpriced ? {costUnpriced: true as const} : {})}),
			...(cost.requests === undefined ? {} : {requests: cost.requests}),
			...(cost.tokens === undefined ? {} : {tokens: cost.tokens}),
			...(cost.counts === undefined ? {} : {billed: cost.counts}),
		};
	}

	get(sessionId: string): ServerPickerEntry | undefined {
		return this.byId.get(sessionId);
	}

	get size(): number {
		return this.byId.size;
	}

	/** The entries in picker order. */
	entries(): ServerPickerEntry[] {
		return [...this.byId.values()].sort(byActivity);
	}

	/** The session `--latest` opens: the most recently active running one, else the most recently active. */
	latest(): ServerPickerEntry | undefined {
		return this.entries().find(entry => entry.source !== 'subagent') ?? this.entries()[0];
	}

	/** Applies one user-channel event. */
	apply(event: UserChannelEvent): ListChange {
		if (event.type === 'resync_required') return {changed: false, relist: true};
		const entry = this.byId.get(event.sessionId);
		if (entry === undefined) return {changed: false, unknown: event.sessionId};
		if (event.type === 'session_created') return {changed: false};
		let session = entry.session;
		if (event.type === 'session_title') session = {...session, title: event.title};
		else {
			session = {...session, status: event.state};
			// A run that ended leaves nothing waiting: the server settles every pending approval as a task ends.
			if (event.state === 'idle') session.pendingApprovalCount = 0;
			if (event.lastActiveAt !== undefined) session.lastActiveAt = event.lastActiveAt;
			if (event.hasTrace !== undefined) session.hasTrace = event.hasTrace;
		}
		const next = this.costed(entryOf(session));
		this.byId.set(event.sessionId, next);
		const started =
			event.type === 'session_state' && event.state === 'running' && !entry.live && next.source !== 'subagent';
		return started ? {changed: true, started: next} : {changed: true};
	}
}
