/**
 * The PenguinHarness server's HTTP API as far as a viewer of many sessions needs it, read
 * from the upstream's own DTOs (packages/server/src/api/types.ts) and routes: there is no
 * global session list (`GET /api/sessions` is 404), so the sessions are walked from
 * `GET /api/projects` (ProjectsResponse) through `…/agents` (AgentsResponse) to
 * `…/agents/:a/sessions` (SessionsResponse); one session's record is `GET /api/sessions/:id`
 * (SessionResponse) and its trace shards `GET /api/sessions/:id/traces`
 * (SessionTracesResponse) and `…/traces/:index` (TraceEventsResponse, paged).
 */
import {pricesOfModelsAnswer, type PriceTable} from '../cost/prices.js';
import {isRecord} from '../protocol/guards.js';
import {buildHeaders, login, secretsOf} from '../io/sse/auth.js';
import {redact, SseClientError} from '../io/sse/errors.js';
import {getJson} from '../io/sse/get-json.js';
import {createFetch, type FetchLike} from '../io/sse/http-fetch.js';
import type {RequestTimeouts} from '../io/sse/timed-fetch.js';
import {apiUrl} from '../io/sse/server-address.js';
import {readSessionCosts, type SessionCost} from './usage-costs.js';

/** SessionStatus upstream: idle, a task running, or compacting. */
export type ServerSessionStatus = 'idle' | 'running' | 'compacting';

/** The fields of SessionInfo this viewer reads (list rows omit `tracePath`). */
export type ServerSession = {
	sessionId: string;
	projectId: string;
	agentId: string;
	provider?: string;
	modelId?: string;
	workspace?: string;
	/** Unset until the model has written one. */
	title?: string;
	/** `subagent` or `schedule`; unset for a session a user started. */
	source?: string;
	createdAt?: string;
	lastActiveAt?: string;
	status: ServerSessionStatus;
	pendingApprovalCount?: number;
	hasTrace: boolean;
	archived?: boolean;
	/** The newest shard's path on the server's disk; the single-session GET only. */
	tracePath?: string;
};

/** TraceFileInfo: one shard of a session's trace. */
export type TraceFile = {index: number; date?: string; sizeBytes?: number; mtime?: string};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const statuses = new Set<string>(['idle', 'running', 'compacting']);

/** A SessionInfo, or undefined when the id, project, agent or status is missing. */
export function readServerSession(value: unknown): ServerSession | undefined {
	if (!isRecord(value)) return undefined;
	const sessionId = text(value['sessionId']);
	const projectId = text(value['projectId']);
	const agentId = text(value['agentId']);
	const status = value['status'];
	if (
		sessionId === undefined ||
		projectId === undefined ||
		agentId === undefined ||
		typeof status !== 'string' ||
		!statuses.has(status)
	)
		return undefined;
	const session: ServerSession = {
		sessionId,
		projectId,
		agentId,
		status: status as ServerSessionStatus,
		hasTrace: value['hasTrace'] === true,
	};
	const optional = {
		provider: text(value['provider']),
		modelId: text(value['modelId']),
		workspace: text(value['workspace']),
		title: text(value['title']),
		source: text(value['source']),
		createdAt: text(value['createdAt']),
		lastActiveAt: text(value['lastActiveAt']),
		tracePath: text(value['tracePath']),
	};
	for (const [key, field] of Object.entries(optional))
		if (field !== undefined) (session as Record<string, unknown>)[key] = field;
	if (typeof value['pendingApprovalCount'] === 'number') session.pendingApprovalCount = value['pendingApprovalCount'];
	if (typeof value['archived'] === 'boolean') session.archived = value['archived'];
	return session;
}

/**
 * The ids of a list answer's rows (`{projects: [{projectId}]}`, `{agents: [{agentId}]}`); undefined when the list is
 * missing.
 */
export function readIds(
	value: unknown,
	list: 'projects' | 'agents',
	field: 'projectId' | 'agentId',
): string[] | undefined {
	const rows = isRecord(value) ? value[list] : undefined;
	if (!Array.isArray(rows)) return undefined;
	return rows.flatMap(row => {
		const id = isRecord(row) ? text(row[field]) : undefined;
		return id === undefined ? [] : [id];
	});
}

/** `{sessions: SessionInfo[]}`: the rows that read, and how many did not. */
export function readSessionList(value: unknown): {sessions: ServerSession[]; skipped: number} | undefined {
	const rows = isRecord(value) ? value['sessions'] : undefined;
	if (!Array.isArray(rows)) return undefined;
	const sessions: ServerSession[] = [];
	for (const row of rows) {
		const session = readServerSession(row);
		if (session) sessions.push(session);
	}
	return {sessions, skipped: rows.length - sessions.length};
}

/** `{files: TraceFileInfo[]}`, in index order. */
export function readTraceFiles(value: unknown): TraceFile[] | undefined {
	const rows = isRecord(value) ? value['files'] : undefined;
	if (!Array.isArray(rows)) return undefined;
	const files: TraceFile[] = [];
	for (const row of rows) {
		if (!isRecord(row) || typeof row['index'] !== 'number' || !Number.isInteger(row['index']) || row['index'] < 1)
			continue;
		files.push({
			index: row['index'],
			...(text(row['date']) ? {date: text(row['date'])} : {}),
			...(typeof row['sizeBytes'] === 'number' ? {sizeBytes: row['sizeBytes']} : {}),
			...(text(row['mtime']) ? {mtime: text(row['mtime'])} : {}),
		});
	}
	return files.sort((a, b) => a.index - b.index);
}

/** One page of `{events, offset, limit, total}`. */
export function readTracePage(value: unknown): {events: unknown[]; total: number} | undefined {
	if (!isRecord(value) || !Array.isArray(value['events'])) return undefined;
	const total = typeof value['total'] === 'number' ? value['total'] : value['events'].length;
	return {events: value['events'], total};
}

/** The auth options a server connection takes (`--cookie`, `--header`, `--user`, `--insecure`). */
export type ServerAuth = {
	cookie?: string;
	headers?: readonly string[];
	login?: {userId: string; password: string};
	insecure?: boolean;
};

// The largest page the traces route serves (paginationQuery: limit 1..1000).
const tracePageSize = 1000;

/** A connection to one server: its headers (after a login when asked) and the requests. */
export class ServerApi {
	private headers: Record<string, string> = {};
	private readonly secrets: string[];
	private readonly fetch: FetchLike;
	private cookieValue: string | undefined;

	constructor(
		readonly base: URL,
		private readonly auth: ServerAuth,
		fetch?: FetchLike,
		/** The limits on each request (io/sse/timed-fetch.ts), when `fetch` is not given. */
		timeouts?: RequestTimeouts,
	) {
		this.fetch = fetch ?? createFetch({insecure: auth.insecure, timeouts});
		this.secrets = secretsOf({cookie: auth.cookie, headers: auth.headers, password: auth.login?.password});
		this.cookieValue = auth.cookie;
	}

	/** The cookie to send on (the one given, or the login's). */
	get cookie(): string | undefined {
		return this.cookieValue;
	}

	/** Builds the headers and logs in when `--user` was given; throws an SseClientError. */
	async connect(): Promise<void> {
		this.headers = buildHeaders({cookie: this.auth.cookie, headers: this.auth.headers});
		if (this.auth.login === undefined) return;
		const cookie = await login({
			loginUrl: apiUrl(this.base, 'auth', 'login'),
			userId: this.auth.login.userId,
			password: this.auth.login.password,
			fetch: this.fetch,
			headers: this.headers,
		});
		this.secrets.push(cookie);
		this.cookieValue = cookie;
		this.headers = buildHeaders({cookie, headers: this.auth.headers});
	}

	/** The headers every request carries (for the user channel's stream). */
	get requestHeaders(): Record<string, string> {
		return this.headers;
	}

	get fetcher(): FetchLike {
		return this.fetch;
	}

	/**
	 * Every session the user can see, across projects and agents (the server's order within an
	 * agent). A project or agent the server refuses (404 or 403: gone, or not the user's) is
	 * left out with one line in `refused`; any other failure throws. `onProjects` hears the
	 * project ids as soon as they are known (the costs are asked for beside the walk).
	 */
	async allSessions(
		onProjects?: (projects: readonly string[]) => void,
	): Promise<{sessions: ServerSession[]; refused: string[]}> {
		const projects = readIds(
			await this.get(apiUrl(this.base, 'projects'), 'the project list'),
			'projects',
			'projectId',
		);
		if (projects === undefined) throw this.shapeError('the project list', 'projects');
		onProjects?.(projects);
		const refused: string[] = [];
		const refusedAs = async <T>(where: string, read: () => Promise<T[]>): Promise<T[]> => {
			try {
				return await read();
			} catch (error) {
				if (!(error instanceof SseClientError) || (error.status !== 404 && error.status !== 403)) throw error;
				refused.push(`${where}: not accessible (${error.status}); the server said: ${error.said ?? error.message}`);
				return [];
			}
		};
		const lists = await Promise.all(
			projects.map(async project =>
				refusedAs(`project ${project}`, async () => {
					const agents = readIds(
						await this.get(apiUrl(this.base, 'projects', project, 'agents'), `the agents of project ${project}`),
						'agents',
						'agentId',
					);
					if (agents === undefined) throw this.shapeError(`the agents of project ${project}`, 'agents');
					const perAgent = await Promise.all(
						agents.map(async agent =>
							refusedAs(`agent ${project}/${agent}`, async () => this.sessionsOf(project, agent)),
						),
					);
					return perAgent.flat();
				}),
			),
		);
		return {sessions: lists.flat(), refused};
	}

	/** One agent's sessions, as the web app's sidebar lists them by default. */
	async sessionsOf(project: string, agent: string): Promise<ServerSession[]> {
		const url = apiUrl(this.base, 'projects', project, 'agents', agent, 'sessions');
		const list = readSessionList(await this.get(url, `the sessions of ${project}/${agent}`));
		if (list === undefined) throw this.shapeError(`the sessions of ${project}/${agent}`, 'sessions');
		return list.sessions;
	}

	/** One session's record (with `tracePath`). */
	async session(sessionId: string): Promise<ServerSession> {
		const value = await this.get(apiUrl(this.base, 'sessions', sessionId), 'the session record', sessionId);
		const session = readServerSession(isRecord(value) ? value['session'] : undefined);
		if (session === undefined) throw this.shapeError('the session record', 'session');
		return session;
	}

	/**
	 * A project's models with their prices (`GET /api/projects/:p/models`); api keys come masked, and only prices are
	 * read.
	 */
	async prices(projectId: string): Promise<PriceTable> {
		const prices = pricesOfModelsAnswer(
			await this.get(apiUrl(this.base, 'projects', projectId, 'models'), `the models of project ${projectId}`),
		);
		if (prices === undefined) throw this.shapeError(`the models of project ${projectId}`, 'models');
		return prices;
	}

	/**
	 * What each session of a project cost, as the harness's cost center sums it
	 * (`GET /api/projects/:p/usage?groupBy=session`, all time), by session id.
	 */
	async sessionCosts(projectId: string, signal?: AbortSignal): Promise<Map<string, SessionCost>> {
		const url = apiUrl(this.base, 'projects', projectId, 'usage');
		url.searchParams.set('groupBy', 'session');
		const what = `the usage of project ${projectId}`;
		const costs = readSessionCosts(await this.get(url, what, undefined, signal));
		if (costs === undefined) throw this.shapeError(what, 'groups');
		return costs;
	}

	/** A session's last `limit` messages (`GET …/messages?tailLimit=`), then its open fragments (`live`). */
	async lastMessages(sessionId: string, limit: number): Promise<unknown[]> {
		const url = apiUrl(this.base, 'sessions', sessionId, 'messages');
		url.searchParams.set('tailLimit', String(limit));
		const value = await this.get(url, 'the last messages', sessionId);
		const messages = isRecord(value) ? value['messages'] : undefined;
		if (!Array.isArray(messages)) throw this.shapeError('the last messages', 'messages');
		// The open fragments of a running session (MessagesResponse's `live`): what it writes now.
		const live = isRecord(value) && isRecord(value['live']) ? value['live']['fragments'] : undefined;
		return Array.isArray(live) ? [...messages, ...live] : messages;
	}

	/** The shards of a session's trace. */
	async traceFiles(sessionId: string): Promise<TraceFile[]> {
		const files = readTraceFiles(
			await this.get(apiUrl(this.base, 'sessions', sessionId, 'traces'), 'the trace list', sessionId),
		);
		if (files === undefined) throw this.shapeError('the trace list', 'files');
		return files;
	}

	/** Every line of shard `index`, page by page: `onPage` gets each page and the line number before it. */
	async traceEvents(
		sessionId: string,
		index: number,
		onPage: (events: unknown[], before: number) => void,
		signal?: AbortSignal,
	): Promise<void> {
		let read = 0;
		for (;;) {
			const url = apiUrl(this.base, 'sessions', sessionId, 'traces', String(index));
			url.searchParams.set('offset', String(read));
			url.searchParams.set('limit', String(tracePageSize));
			const page = readTracePage(await this.get(url, `shard ${index} of the trace`, sessionId, signal));
			if (page === undefined) throw this.shapeError(`shard ${index} of the trace`, 'events');
			if (signal?.aborted) return;
			onPage(page.events, read);
			read += page.events.length;
			if (page.events.length === 0 || read >= page.total) return;
		}
	}

	private async get(url: URL, what: string, sessionId?: string, signal?: AbortSignal): Promise<unknown> {
		try {
			return await getJson({url, what, sessionId, fetch: this.fetch, headers: this.headers, signal});
		} catch (error) {
			if (error instanceof SseClientError) {
				const said = error.said === undefined ? undefined : redact(error.said, this.secrets);
				throw new SseClientError(error.kind, redact(error.message, this.secrets), error.retryable, error.status, said);
			}
			throw error;
		}
	}

	private shapeError(what: string, field: string): SseClientError {
		return new SseClientError(
			'content_type',
			`${what} from ${this.base.host} has no ${field} list: is ${this.base.href} a PenguinHarness server?`,
			false,
		);
	}
}
