/**
 * Follows a live PenguinHarness session over SSE. The stream is connected first and its
 * events are buffered; then history is fetched and joined with the buffer (join.ts); from
 * then on events go straight through. A resync request or a new server epoch refetches
 * history and rebuilds, announced by a `reset` report. This module only sequences; the
 * transport, the framing, the join and the messages live in their own modules.
 */
import type {ModelInput, SessionInfo} from '../../model/input.js';
import {sendAction, type ActionOutcome, type ActionRequest} from './actions.js';
import {buildHeaders, login, secretsOf} from './auth.js';
import type {ConnectionStatus, SseClientEvent, SseClientListener, SseClientResult} from './client-events.js';
import {decodeSseEvent, isResyncRequest} from './decode-event.js';
import {redact, SseClientError} from './errors.js';
import {parseEventId} from './event-id.js';
import type {SseEvent} from './framer.js';
import {fetchHistory, type History} from './history.js';
import {GoodbyeWatch} from './goodbye-probe.js';
import {contextWindowOf, fetchModels, fetchSessionInfo} from './session-info.js';
import {createFetch, type FetchLike} from './http-fetch.js';
import {defaultClientTimings, type ClientTimings} from './client-timings.js';
import {joinHistory, type BufferedInput, type LateFilter} from './join.js';
import {openSseTransport, type SseTransport} from './transport.js';
import {resolveStreamTarget, type StreamTarget} from './urls.js';

const delay = (ms: number): Promise<void> => new Promise(resolve => setTimeout(resolve, ms).unref());

export {defaultClientTimings, type ClientTimings} from './client-timings.js';

/** Options for startSseClient. */
export type SseClientOptions = {
	/** `http(s)://HOST/api/sessions/<id>/stream`, or any other event-stream URL (streamed without history). */
	url: string | URL;
	/** `--cookie`: a bare value is sent as `penguin_session=VALUE`. */
	cookie?: string;
	/** `--header 'Name: value'`, repeatable. */
	headers?: readonly string[] | Record<string, string>;
	/** `--user`: log in first and use the cookie the server sets. */
	login?: {userId: string; password: string};
	/** Skip TLS certificate checks for this client's requests only. */
	insecure?: boolean;
	/** Fetch history and join it (default true). */
	history?: boolean;
	fetch?: FetchLike;
	timings?: Partial<ClientTimings>;
	maxEventBytes?: number;
	random?: () => number;
	now?: () => number;
	/** Print mode into a slow pipe: the stream is read no faster than it is written (TransportOptions.pace). */
	pace?: () => Promise<void> | undefined;
	/** False (`--no-follow`): one connection attempt; when it fails the client fails. */
	retry?: boolean;
	/**
	 * The project's model table was asked for (once, when the session's record names its
	 * project): `answer` settles with it, or fails with a one-line SseClientError. The context
	 * window is read from the same answer; the caller may read the prices (cost/prices.ts).
	 */
	onModels?: (answer: Promise<unknown>, projectId: string) => void;
};

/** A running client. */
export type SseClient = {
	/** Settles when the client is closed or gives up (then exit non-zero). */
	readonly done: Promise<SseClientResult>;
	/** Stops everything; no report follows. */
	close(): void;
	/** Sends an action (approve, stop, steer) to the followed session with the stream's login. */
	act(request: ActionRequest): Promise<ActionOutcome>;
};

type JoinReason = 'initial' | 'resync' | 'epoch' | 'gap';

const reasonText: Record<Exclude<JoinReason, 'initial'>, string> = {
	resync: 'the server asked for a resync',
	epoch: 'the server restarted its stream (new epoch)',
	gap: 'the stream restarted without a resume point',
};

class SessionStreamClient {
	readonly done: Promise<SseClientResult>;
	private settle!: (result: SseClientResult) => void;
	private readonly timings: ClientTimings;
	private readonly fetch: FetchLike;
	private secrets: string[] = [];
	private target: StreamTarget | undefined;
	private headers: Record<string, string> = {};
	private transport: SseTransport | undefined;
	private closed = false;
	/** The options read and the login done (or failed). */
	private prepared: Promise<void> | undefined;

	private phase: 'buffering' | 'live' = 'buffering';
	private buffer: BufferedInput[] = [];
	private pendingLive: ModelInput[] = [];
	/** Set while a join is wanted; its reason. */
	private joinReason: JoinReason | undefined = 'initial';
	private joining = false;
	/** Bumped whenever a join is superseded: a stale history answer is then ignored. */
	private generation = 0;
	private joinedOnce = false;
	private streamEpoch: string | undefined;
	/** The ids received lately (the server's replay buffer holds 10,000 events at most). */
	private readonly seenIds = new Set<string>();
	private late: LateFilter | undefined;
	private connected = false;
	private firstEventTimer: NodeJS.Timeout | undefined;
	/** The last session_title for each session it names: history does not hold titles, so a rebuild repeats them. */
	private readonly titles = new Map<string, ModelInput>();
	private historyAbort: AbortController | undefined;
	private recordAbort: AbortController | undefined;
	/** After an abort, whether the server is stopping: then the stream is given up at once, not a second later. */
	private readonly goodbye = new GoodbyeWatch(() => ({
		url: this.target?.sessionUrl,
		fetch: this.fetch,
		headers: this.headers,
		delaysMs: this.timings.goodbyeProbeMs,
		onGone: error => this.transport?.drop(error),
	}));
	/** The project's model table (the context window, the prices): asked once. */
	private models: Promise<unknown> | undefined;

	constructor(
		private readonly options: SseClientOptions,
		private readonly listener: SseClientListener,
	) {
		this.done = new Promise(resolve => {
			this.settle = resolve;
		});
		this.timings = {...defaultClientTimings, ...options.timings};
		this.fetch = options.fetch ?? createFetch({insecure: options.insecure, timeouts: this.timings.requests});
	}

	start(): void {
		this.status({state: 'connecting'});
		this.prepared = this.prepare();
		this.prepared.then(
			() => this.openTransport(),
			(error: unknown) => this.fail(error),
		);
	}

	close(): void {
		if (this.closed) return;
		this.closed = true;
		this.transport?.close();
		this.historyAbort?.abort();
		this.recordAbort?.abort();
		this.goodbye.close();
		clearTimeout(this.firstEventTimer);
		this.settle({outcome: 'closed'});
	}

	/** An action goes to the session of the stream, with the headers (and login cookie) the stream uses. */
	async act(request: ActionRequest): Promise<ActionOutcome> {
		try {
			await this.prepared;
		} catch {
			return {ok: false, reason: 'not connected: the login or the URL failed'};
		}
		const sessionUrl = this.target?.sessionUrl;
		if (sessionUrl === undefined) return {ok: false, reason: 'not a session stream URL: there is no session to act on'};
		return sendAction({sessionUrl, fetch: this.fetch, headers: this.headers, secrets: this.secrets}, request);
	}

	/** Reads the options and logs in when asked to. */
	private async prepare(): Promise<void> {
		const {options} = this;
		this.secrets = secretsOf({cookie: options.cookie, headers: options.headers, password: options.login?.password});
		this.target = resolveStreamTarget(options.url);
		this.headers = buildHeaders({cookie: options.cookie, headers: options.headers});
		if (options.login !== undefined) {
			const cookie = await login({
				loginUrl: this.target.loginUrl,
				userId: options.login.userId,
				password: options.login.password,
				fetch: this.fetch,
				headers: this.headers,
			});
			this.secrets.push(cookie);
			this.headers = buildHeaders({cookie, headers: options.headers});
		}
	}

	private openTransport(): void {
		if (this.closed || this.target === undefined) return;
		const target = this.target;
		this.transport = openSseTransport(
			{
				url: target.streamUrl,
				headers: this.headers,
				fetch: this.fetch,
				timings: this.timings,
				maxEventBytes: this.options.maxEventBytes,
				sessionId: target.sessionId,
				random: this.options.random,
				now: this.options.now,
				pace: this.options.pace,
				retry: this.options.retry,
				// The session's own messages come unnamed; a server_event (the task_state snapshot every
				// connection opens with) does not show the connection works.
				healthy: event => event.event === undefined || event.event === 'message',
			},
			{
				onConnecting: ({attempt}) => {
					if (attempt > 0) this.status({state: 'reconnecting', attempt});
				},
				onOpen: ({lastEventId}) => this.opened(lastEventId),
				onEvent: event => this.received(event),
				onChunkEnd: () => this.flushLive(),
				onOversize: limit => {
					const mib = Math.round((limit / (1024 * 1024)) * 10) / 10;
					this.route({
						input: this.notice('warn', `dropped a stream event larger than ${mib} MiB; the stream carries on`),
					});
				},
				onRetry: ({attempt, retryAt, error}) => {
					this.connected = false;
					this.flushLive();
					this.status({state: 'reconnecting', attempt, retryAt, message: error.message});
				},
				onFatal: error => this.fail(error),
			},
		);
	}

	private opened(lastEventId: string | undefined): void {
		this.connected = true;
		// Without a resume point the server replays nothing: whatever happened meanwhile is only in history.
		if (this.joinedOnce && lastEventId === undefined && this.joinReason === undefined) this.requestJoin('gap');
		if (this.joinReason !== undefined && !this.joining) {
			clearTimeout(this.firstEventTimer);
			this.firstEventTimer = setTimeout(() => this.startJoin(), this.timings.firstEventWaitMs);
		}
		if (this.joinReason === undefined) this.status({state: 'live'});
		else this.status({state: this.joinedOnce ? 'resyncing' : 'connecting'});
	}

	private received(event: SseEvent): void {
		const id = parseEventId(event.id);
		// An id seen already in this epoch is a repeat (a proxy, an overlapping replay): it was
		// handled the first time it came.
		if (id !== undefined && id.epoch === this.streamEpoch && this.seenIds.has(event.id!)) return;
		const input = decodeSseEvent(event);
		const newEpoch = id !== undefined && this.streamEpoch !== undefined && id.epoch !== this.streamEpoch;
		if (id !== undefined) {
			if (id.epoch !== this.streamEpoch) this.seenIds.clear();
			this.streamEpoch = id.epoch;
			this.seenIds.add(event.id!);
			if (this.seenIds.size > 10_000) this.seenIds.delete(this.seenIds.values().next().value!);
		}
		const resync = isResyncRequest(input);
		if (resync || newEpoch) this.requestJoin(resync ? 'resync' : 'epoch');
		// The resync request itself is acted on here; the reset report stands for it.
		if (input.kind === 'server_event' && input.event.type === 'session_title') {
			// `{sessionId, title}`: a subagent's titles come on its parent's stream, each naming its session.
			const named = input.event['sessionId'];
			this.titles.set(typeof named === 'string' ? named : '', input);
		}
		if (!resync) this.route({input, id: event.id});
		if (input.kind === 'message' && input.message.payload.type === 'abort') this.goodbye.afterAbort();
		// An event proves the server has subscribed us: history fetched now misses nothing.
		if (this.phase === 'buffering' && this.joinReason !== undefined && !this.joining) this.startJoin();
	}

	/** Buffers while a join is pending, else queues for the end of the read. */
	private route(item: BufferedInput): void {
		if (this.phase === 'buffering') {
			this.buffer.push(item);
			return;
		}
		if (this.late !== undefined) {
			if (!this.late.admit(item)) return;
			if (!this.late.pending) this.late = undefined;
		}
		this.pendingLive.push(item.input);
	}

	private flushLive(): void {
		if (this.pendingLive.length === 0) return;
		const inputs = this.pendingLive;
		this.pendingLive = [];
		this.emit({type: 'inputs', inputs});
	}

	/** Starts over from history: drops the buffer and any join in flight. */
	private requestJoin(reason: JoinReason): void {
		this.flushLive();
		// The join sorts out what history already holds; the server may send seen ids again on purpose.
		this.seenIds.clear();
		this.generation++;
		this.historyAbort?.abort();
		this.joining = false;
		this.phase = 'buffering';
		this.buffer = [];
		this.late = undefined;
		this.joinReason = this.joinedOnce ? reason : 'initial';
		if (this.joinedOnce)
			this.status({state: 'resyncing', message: reasonText[reason === 'initial' ? 'resync' : reason]});
	}

	private startJoin(): void {
		if (this.closed || this.joining || this.joinReason === undefined) return;
		clearTimeout(this.firstEventTimer);
		const target = this.target;
		if (target?.historyUrl === undefined || this.options.history === false) {
			this.finishJoin(undefined, undefined);
			return;
		}
		this.joining = true;
		const generation = this.generation;
		const abort = new AbortController();
		this.historyAbort = abort;
		const request = {
			sessionId: target.sessionId,
			fetch: this.fetch,
			headers: this.headers,
			signal: abort.signal,
			answerTimeoutMs: this.timings.historyAnswerMs,
		};
		// The session's record fills the header when there is no history yet; without it, the
		// session is still shown (an older server, a proxy that passes only the stream). It never
		// holds the stream up: once history is in it gets recordWaitMs more, then comes when it comes.
		this.recordAbort?.abort();
		const recordAbort = new AbortController();
		this.recordAbort = recordAbort;
		let record: SessionInfo | undefined;
		const info =
			target.sessionUrl === undefined
				? undefined
				: fetchSessionInfo({...request, url: target.sessionUrl, signal: recordAbort.signal, answerTimeoutMs: undefined})
						.then(async value => this.withContextWindow(value, request, target.sessionUrl!))
						.then(
							value => (record = value),
							() => undefined,
						);
		const stale = (): boolean => this.closed || generation !== this.generation;
		void fetchHistory({...request, url: target.historyUrl})
			.then(
				history => ({history, error: undefined}),
				(error: unknown) => ({history: undefined, error}),
			)
			.then(async ({history, error}) => {
				if (stale()) return;
				if (info !== undefined && record === undefined) await Promise.race([info, delay(this.timings.recordWaitMs)]);
				if (stale()) return;
				this.finishJoin(history, error, record);
				if (record !== undefined || info === undefined) return;
				void info.then(late => {
					if (late !== undefined && !stale()) this.emit({type: 'inputs', inputs: [{kind: 'session_info', info: late}]});
				});
			});
	}

	/**
	 * The record with its model's context window, asked of the project's model table once: the
	 * context bar of a session followed from before its first task (no session_meta yet). The
	 * table is decoration: a short wait, and the record goes on without it. The same answer
	 * goes to onModels (the prices): the table is asked for once, for both.
	 */
	private async withContextWindow(
		record: SessionInfo,
		request: {fetch: FetchLike; headers: Record<string, string>},
		sessionUrl: URL,
	): Promise<SessionInfo> {
		const {projectId} = record;
		if (projectId === undefined) return record;
		if (this.models === undefined) {
			// No signal: neither a join that starts over nor --no-follow's close (print mode's totals
			// wait for the prices) cancels it; its answer time is bounded.
			this.models = fetchModels(
				{...request, signal: undefined, sessionUrl, answerTimeoutMs: this.timings.modelsAnswerMs},
				projectId,
			);
			this.options.onModels?.(this.models, projectId);
		}
		const contextWindow = await this.models.then(
			table => contextWindowOf(table, record),
			() => undefined,
		);
		return contextWindow === undefined ? record : {...record, contextWindow};
	}

	private finishJoin(history: History | undefined, error: unknown, info?: SessionInfo): void {
		const reason = this.joinReason ?? 'initial';
		this.joining = false;
		this.joinReason = undefined;
		this.historyAbort = undefined;
		const inputs: ModelInput[] = [];
		// The stream shows without its history (none to load, or it failed to): the owner is told.
		let noHistory = false;
		if (history !== undefined) {
			const joined = joinHistory(history, this.buffer, this.streamEpoch);
			this.late = joined.late?.pending === true ? joined.late : undefined;
			const notices: ModelInput[] = [];
			if (history.skipped > 0) {
				notices.push(this.notice('warn', `history: skipped ${history.skipped} entries that are not messages`));
			}
			if (joined.epochMismatch) {
				notices.push(
					this.notice(
						'info',
						'history and stream come from different server epochs: the streaming message starts from the next delta',
					),
				);
			}
			if (reason !== 'initial')
				notices.push(this.notice('info', `history reloaded: ${reasonText[reason]}`), ...this.titles.values());
			// Where history ends and the live part begins: that is where these apply.
			const at = history.messages.length;
			inputs.push(...joined.inputs.slice(0, at), ...notices, ...joined.inputs.slice(at));
		} else {
			inputs.push(...this.buffer.map(item => item.input));
			if (error !== undefined) {
				const why = error instanceof Error ? error.message : String(error);
				const text =
					reason === 'initial'
						? `could not load the history (${why}): showing the live stream only`
						: `could not reload the history after ${reasonText[reason]} (${why}): messages from the gap may be missing`;
				inputs.push(this.notice('warn', text));
				if (reason === 'initial') noHistory = true;
			} else if (reason === 'initial' && this.target?.historyUrl === undefined) {
				inputs.push(this.notice('info', 'not a session stream URL: streaming without history'));
				noHistory = true;
			}
		}
		// Who the session is comes first: the header is whole before anything is shown, and
		// titles and history know which session is this one (the stream's URL names it).
		const sessionId = this.target?.sessionId;
		if (sessionId !== undefined) inputs.unshift({kind: 'session_info', info: info ?? {sessionId}});
		this.buffer = [];
		this.phase = 'live';
		const reset = this.joinedOnce && history !== undefined;
		this.joinedOnce = true;
		// The reset and the rebuilt content go out back to back, so the owner never shows an empty view.
		if (reset) this.emit({type: 'reset'});
		if (noHistory) this.emit({type: 'no-history'});
		if (inputs.length > 0) this.emit({type: 'inputs', inputs});
		if (this.connected) this.status({state: 'live'});
	}

	private fail(error: unknown): void {
		if (this.closed) return;
		const message = this.clean(
			error instanceof SseClientError || error instanceof Error ? error.message : String(error),
		);
		this.flushLive();
		this.emit({type: 'status', status: {state: 'failed', message}});
		this.emit({type: 'inputs', inputs: [{kind: 'end'}]});
		this.closed = true;
		this.transport?.close();
		this.historyAbort?.abort();
		this.recordAbort?.abort();
		clearTimeout(this.firstEventTimer);
		this.settle({outcome: 'failed', message});
	}

	private notice(level: 'info' | 'warn' | 'error', text: string): ModelInput {
		// About the connection, not the session: print mode and --json write it to stderr.
		return {kind: 'notice', level, text: this.clean(text), aside: true};
	}

	private clean(text: string): string {
		return redact(text, this.secrets);
	}

	private status(status: ConnectionStatus): void {
		if (status.message !== undefined) status.message = this.clean(status.message);
		this.emit({type: 'status', status});
	}

	private emit(event: SseClientEvent): void {
		if (this.closed) return;
		this.listener(event);
	}
}

/** Starts following a stream URL; reports go to `listener`. Never throws: a bad option is a `failed` status. */
export function startSseClient(options: SseClientOptions, listener: SseClientListener): SseClient {
	const client = new SessionStreamClient(options, listener);
	client.start();
	return {
		done: client.done,
		close: () => client.close(),
		act: request => client.act(request),
	};
}
