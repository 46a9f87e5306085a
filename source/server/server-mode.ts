/**
 * `--sse` given a server rather than one session's stream (server/address.ts): the server's
 * sessions listed, picked and followed. Opening a session picks the best source for it: its
 * live stream while it runs, its trace on this machine's disk when the server's `tracePath`
 * is here, else its trace over HTTP (the whole of it, which the stream's history is not). On
 * the screen the list is kept live from the user channel, and a session that starts running
 * is offered in the footer (L opens it), as is another that waits for approval or finishes
 * (server/server-nudges.ts).
 */
import {access} from 'node:fs/promises';
import path from 'node:path';
import {startFileSession} from '../io/file-session.js';
import {locateSession} from '../io/session-locator.js';
import type {PickerEntry, SessionSwitcher} from './session-switcher.js';
import type {ServerModeOptions, ServerStart, Stoppable} from './server-mode-types.js';
import type {SessionActions} from '../io/sse/actions.js';
import {SseClientError} from '../io/sse/errors.js';
import {ServerApi, type ServerSession} from './api.js';
import {serverApiFor} from './server-api-for.js';
import {apiUrl, type ServerAddress} from '../io/sse/server-address.js';
import {startHttpTrace} from './http-trace.js';

export {serverApiFor} from './server-api-for.js';
import {ServerSessionList, sameFigure, serverFigure} from './session-list.js';
import type {ServerPickerEntry, UserChannelEvent} from './session-list.js';
import {waitingSubagents} from './subagent-waits.js';
import {openUserChannel} from './user-channel.js';
import {ServerNudges} from './server-nudges.js';
import {requestCosts} from './usage-costs.js';

export type {ServerModeOptions, ServerStart} from './server-mode-types.js';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
// Whether a file can be read here (a server's trace path may name another machine's).
const readable = async (file: string): Promise<boolean> => {
	try {
		await access(file);
		return true;
	} catch {
		return false;
	}
};

/** Starts server mode: connects, lists, opens the session asked for (or none: the picker). */
export async function startServerMode(address: ServerAddress, options: ServerModeOptions): Promise<ServerStart> {
	const api = await serverApiFor(address, options.flags, options.settings);
	if (!(api instanceof ServerApi)) return {ok: false, message: api.message};
	// --notify on the screen: each nudge as a desktop notification, through tmux when inside it.
	const notify =
		options.screen && options.flags.notify && options.onNudge === undefined
			? (await import('../render/notify.js')).notificationSequence
			: undefined;
	const onNudge =
		notify &&
		((text: string) =>
			void process.stdout.write(notify('penguin-view', text, {tmux: options.settings?.insideTmux === true})));
	const server = new ServerSessions(api, onNudge ? {...options, onNudge} : options);
	// Until a session is opened, the header names the server.
	options.store.setStatus({label: api.base.href.replace(/\/$/, ''), state: 'live'});
	try {
		await api.connect();
	} catch (error) {
		if (!options.screen) return {ok: false, message: messageOf(error)};
		server.failed(messageOf(error));
		options.store.setStatus({state: 'failed', message: messageOf(error)});
		return {
			ok: true,
			source: server,
			switcher: server.switcher(true),
			actions: server.actions,
			pricesReady: async () => server.pricesReady(),
		};
	}
	let target = address.sessionId;
	if (target === undefined && (options.latest || options.screen)) {
		await server.refresh();
		if (server.listError !== undefined && !options.screen) return {ok: false, message: server.listError};
		if (options.latest) {
			target = server.list.latest()?.sessionId;
			if (target === undefined && !options.screen)
				return {ok: false, message: server.listError ?? `no sessions on ${api.base.host}`};
		}
	}
	// On the screen the picker says why; the header too, and the exit code is 1.
	if (server.listError !== undefined && target === undefined)
		options.store.setStatus({state: 'failed', message: server.listError});
	if (target === undefined && !options.screen) {
		return {
			ok: false,
			usage: true,
			message:
				`${address.base.href} is a server: add --list, --latest, or a session ` +
				`(${address.base.href}chat/<session id>)`,
		};
	}
	if (target !== undefined) {
		try {
			await server.open(target);
		} catch (error) {
			if (!options.screen) return {ok: false, message: messageOf(error)};
			options.store.setStatus({state: 'failed', message: messageOf(error)});
		}
	}
	if (options.flags.stats) server.askOwnCost();
	if (options.screen) {
		if (address.sessionId !== undefined) void server.refresh();
		server.listen();
	}
	return {
		ok: true,
		source: server,
		switcher: server.switcher(target === undefined),
		actions: server.actions,
		pricesReady: async () => server.pricesReady(),
		...(server.folder === undefined ? {} : {folder: server.folder}),
	};
}

/** One server's sessions, the one on screen, and the user channel that keeps the list live. */
class ServerSessions implements Stoppable {
	readonly list = new ServerSessionList();
	listError: string | undefined;
	private refused: string[] = [];
	private channelError: string | undefined;
	private loaded: Promise<void> | undefined;
	private readonly listeners = new Set<() => void>();
	// `folder`: the trace's on this machine (its subagents' traces beside it, for --stats and --export).
	private current:
		| {sessionId: string; source: Stoppable; overHttp: boolean; folder?: string; actions?: SessionActions}
		| undefined;
	private offered: ServerPickerEntry | undefined;
	/** The footer's text when the offer is a nudge. */
	private offerNote: string | undefined;
	/** Nudges follow the list once it has been listed (the first listing is their baseline). */
	private listed = false;
	private readonly nudges: ServerNudges;
	/** The open session's prices coming, from its stream or asked of the server (print mode's totals wait for them). */
	private pricesOf: () => Promise<void> = async () => undefined;
	/** The session opened last (its prices are the ones to show). */
	private opened: string | undefined;
	private channel: {close(): void} | undefined;
	private closed = false;
	// Ends the cost requests when the program does.
	private readonly stopCosts = new AbortController();
	// Opening is one at a time: a second Enter or L waits for the first to settle.
	private opening: Promise<void> = Promise.resolve();
	private readonly unsubscribeStore: () => void;

	constructor(
		private readonly api: ServerApi,
		private readonly options: ServerModeOptions,
	) {
		this.nudges = new ServerNudges({
			entries: () => this.list.entries(),
			// The session being opened is the one on screen already.
			current: () => this.current?.sessionId ?? this.opened,
			record: sessionId => this.api.session(sessionId),
			onRecord: session => {
				this.list.upsert(session);
				this.notify();
			},
			lastMessages: (sessionId, limit) => this.api.lastMessages(sessionId, limit),
			onDoing: (sessionId, doing) => {
				if (this.list.get(sessionId)?.doing === doing) return;
				this.list.setDoing(sessionId, doing);
				this.notify();
			},
			onNudge: (entry, text) => {
				this.options.onNudge?.(text);
				this.offered = entry;
				this.offerNote = `${text} · L to switch`;
				// An ending is said once its last messages come, after the change that made it: the footer is redrawn now.
				for (const listener of this.listeners) listener();
			},
			pollMs: this.options.nudgePollMs,
		});
		this.unsubscribeStore = options.store.subscribe(() => this.syncOwnWaiting());
	}

	/**
	 * The session on screen, followed on its stream, waits as its stream says: a decision, an abort or the task's
	 * end reaches it there before any record would (the stream's first event, task_state, says it has joined).
	 */
	private syncOwnWaiting(): void {
		const current = this.current;
		const view = this.options.store.view;
		if (current === undefined || current.overHttp || current.actions === undefined || view.task === undefined) return;
		const own = this.list.setWaiting(current.sessionId, view.awaitingApproval);
		if (this.list.setChildrenWaiting(waitingSubagents(view)) || own) this.notify();
	}

	/** The connection failed before anything could be listed: the picker says why. */
	failed(message: string): void {
		this.listError = message;
		this.loaded = Promise.resolve();
	}

	/** Lists the server's sessions again. */
	refresh(): Promise<void> {
		this.loaded = this.api
			.allSessions(projects => this.loadCosts(projects))
			.then(
				({sessions, refused}) => {
					this.list.replace(sessions);
					this.refused = refused;
					this.listError = undefined;
					this.listed = true;
					this.notify();
				},
				(error: unknown) => {
					this.listError = messageOf(error);
					this.notify();
				},
			);
		return this.loaded;
	}

	/**
	 * The sessions' costs from the server's usage, beside the list: the rows get them when they
	 * come. `again`: only these projects' asked again (a session of theirs finished a run).
	 */
	private loadCosts(projects: readonly string[], again = false): void {
		void requestCosts(this.api, projects, this.stopCosts.signal, 'stopped').then(costs => {
			if (this.stopCosts.signal.aborted) return;
			this.list.setCosts(costs, again ? projects : undefined);
			this.notify();
		});
	}

	/** Follows the user channel (the screen only). */
	listen(): void {
		this.nudges.start();
		this.channel = openUserChannel(this.api, {
			onEvent: event => this.onChannel(event),
			onReconnected: () => void this.refresh(),
			onFailed: message => {
				this.channelError = `the list is no longer live: ${message}`;
				this.notify();
			},
		});
	}

	private onChannel(event: UserChannelEvent): void {
		const before = event.type === 'session_state' ? this.list.get(event.sessionId) : undefined;
		const change = this.list.apply(event);
		// A run ended: what it spent is in the server's usage now.
		if (before?.live && event.type === 'session_state' && event.state === 'idle')
			this.loadCosts([before.project], true);
		if (change.relist) {
			void this.refresh();
			return;
		}
		if (change.unknown !== undefined) {
			// A session the list has not seen (just created, or a first run): its record says all.
			const running = event.type === 'session_state' && event.state === 'running';
			this.api.session(change.unknown).then(
				session => {
					this.list.upsert(session);
					if (running && session.source !== 'subagent') this.started(this.list.get(session.sessionId)!);
					this.notify();
				},
				() => undefined,
			);
			return;
		}
		if (change.started) this.started(change.started);
		if (change.changed) this.notify();
	}

	private started(entry: ServerPickerEntry): void {
		if (entry.sessionId === this.current?.sessionId) {
			// The session on screen, read from its finished trace (over HTTP or on this disk), runs again: follow it on its
			// stream, which carries its actions (Ctrl+X, a, r, >) and its task's state.
			if (this.current.actions === undefined) void this.open(entry.sessionId).catch(() => undefined);
			return;
		}
		this.offered = entry;
		this.offerNote = undefined;
	}

	/** Stops what is shown and opens `sessionId` in the same store. */
	open(sessionId: string): Promise<void> {
		const run = this.opening.then(async () => {
			if (this.closed) return;
			const {store} = this.options;
			// The same session again (read over HTTP, now running): what is shown stays until the
			// stream's history replaces it, keeping ids, focus and open panes as a resync does.
			const same = this.current?.sessionId === sessionId;
			await this.current?.source.close();
			this.current = undefined;
			if (this.offered?.sessionId === sessionId) [this.offered, this.offerNote] = [undefined, undefined];
			if (!same) store.rebuild([]);
			this.opened = sessionId;
			this.pricesOf = async () => undefined;
			// The same session again keeps its prices; another starts with --prices' (or none) until its own come.
			store.setStatus({
				label: `${this.api.base.host} · ${sessionId}`,
				state: 'connecting',
				message: undefined,
				retryAt: undefined,
				noHistory: undefined,
				title: undefined,
				serverCost: undefined,
				...(same ? {} : {prices: this.options.prices}),
			});
			this.showServerCost();
			this.current = await this.openSource(sessionId, same);
			this.notify();
		});
		this.opening = run.catch(() => undefined);
		return run;
	}

	private async openSource(sessionId: string, same = false): Promise<NonNullable<ServerSessions['current']>> {
		const {store, screen} = this.options;
		const named = sessionId === this.options.streamSession;
		if (named) return {sessionId, overHttp: false, ...(await this.stream(sessionId, same))};
		let session: ServerSession;
		try {
			session = await this.api.session(sessionId);
		} catch (error) {
			// A record that does not come (it timed out, the connection failed) holds nothing up: its stream says what there is.
			if (!(error instanceof SseClientError) || error.kind !== 'network') throw error;
			return {sessionId, overHttp: false, ...(await this.stream(sessionId, same))};
		}
		this.list.upsert(session);
		if (session.status !== 'idle' || !session.hasTrace)
			return {sessionId, overHttp: false, ...(await this.stream(sessionId, same))};
		// Its trace holds no title (the stream carries it as an event): the record's stands in.
		if (session.title !== undefined) store.setStatus({title: session.title});
		// A stream reads the prices with the context window (one model table); a trace asks for them.
		if (this.options.prices === undefined) {
			const loading = this.loadPrices(session);
			this.pricesOf = async () => loading;
		}
		const local = session.tracePath !== undefined && (await readable(session.tracePath));
		if (local) {
			const located = await locateSession(session.tracePath!, {dataRoot: this.options.fileOptions.dataRoot});
			if (located.ok && located.kind === 'session') {
				// A trace on disk follows as one named on the command line would (fileOptions.follow).
				const followFile = this.options.fileOptions.follow;
				store.setStatus({
					label: path.basename(located.shards.at(-1) ?? sessionId),
					state: followFile ? 'following' : 'reading',
				});
				const source = startFileSession(located, {...this.options.fileOptions});
				return {sessionId, overHttp: false, folder: located.folder, source};
			}
		}
		// The trace is on the server only: read it over HTTP, the whole of it.
		store.setStatus({label: `${this.api.base.host} · trace over HTTP`, state: 'reading'});
		const trace = startHttpTrace(
			this.api,
			sessionId,
			inputs => store.apply(inputs),
			message => store.setStatus({state: 'failed', message}),
			{hold: !screen},
		);
		return {sessionId, overHttp: true, source: trace};
	}

	/**
	 * The prices of the session's project, from its models answer: beside the session's
	 * source, never in front of it (what is shown before they come has no cost yet).
	 */
	private async loadPrices(session: ServerSession): Promise<void> {
		try {
			const prices = await this.api.prices(session.projectId);
			if (this.opened === session.sessionId) this.options.store.setStatus({prices});
		} catch (error) {
			this.options.onConnectionTrouble?.(`no prices: ${messageOf(error)}`);
		}
	}

	/** The open session's folder when its trace is read on this machine. */
	get folder(): string | undefined {
		return this.current?.folder;
	}

	/** Settles once the open session's prices are in, or not to be had. */
	async pricesReady(): Promise<void> {
		return this.pricesOf();
	}

	/** The screen's a, r, Ctrl+X and >: they act on the session followed on its stream, if any. */
	readonly actions: SessionActions = {
		send: async request => {
			const actions = this.current?.actions;
			if (actions) return actions.send(request);
			return {
				ok: false,
				reason: this.current
					? 'this session is read from its trace, not followed live: nothing to act on'
					: 'no session open: pick one first',
			};
		},
	};

	private async stream(sessionId: string, replace: boolean): Promise<{source: Stoppable; actions: SessionActions}> {
		const {startSse} = await import('../io/sse-source.js');
		const {store, flags, follow, fileOptions, onConnectionTrouble} = this.options;
		const url = apiUrl(this.api.base, 'sessions', sessionId, 'stream').href;
		// Logged in once already: the stream sends the same cookie rather than logging in again.
		// The model table a stream reads for the context window prices it too, unless --prices.
		// The history's answer limit from the environment, as a stream URL opened on its own has it.
		const historyAnswerMs = this.options.settings?.historyAnswerMs;
		const timings = {
			...(this.options.screen ? {recordWaitMs: 0} : {}),
			...(historyAnswerMs === undefined ? {} : {historyAnswerMs}),
		};
		const started = startSse(store, {
			url,
			cookie: this.api.cookie,
			fetch: this.api.fetcher,
			headers: flags.header ?? [],
			insecure: flags.insecure,
			follow,
			pace: fileOptions.pace,
			onConnectionTrouble,
			replaceOnJoin: replace,
			timings,
			prices: this.options.prices,
		});
		this.pricesOf = started.pricesReady;
		return {source: started, actions: started.actions};
	}

	private notify(): void {
		if (this.listed) this.nudges.check();
		this.showServerCost();
		for (const listener of this.listeners) listener();
	}

	/** The open session's cost as the server figures it (the list's, from its usage route), for the footer. */
	private showServerCost(): void {
		const cost = serverFigure(this.opened === undefined ? undefined : this.list.get(this.opened));
		if (!sameFigure(this.options.store.status.serverCost, cost)) this.options.store.setStatus({serverCost: cost});
	}

	/** --stats: the open session's project's usage asked once, beside its prices (what --stats waits for). */
	askOwnCost(): void {
		const [project, prices] = [this.list.get(this.opened ?? '')?.project, this.pricesOf];
		if (project === undefined) return;
		const asked = requestCosts(this.api, [project], this.stopCosts.signal, 'stopped').then(costs => {
			this.list.setCosts(costs);
			this.showServerCost();
		});
		this.pricesOf = async () => void (await Promise.all([prices(), asked]));
	}

	/** The picker's view of this server. */
	switcher(openAtStart: boolean): SessionSwitcher {
		return {
			root: this.api.base.href.replace(/\/$/, ''),
			where: `on ${this.api.base.host}`,
			openAtStart,
			current: () => this.current?.sessionId ?? this.options.store.view.header.sessionId,
			list: async () => {
				await (this.loaded ?? this.refresh());
				if (this.listError !== undefined) throw new Error(this.listError);
				return this.list.entries();
			},
			// A channel that failed for the reason the list did is said once, by the list.
			notices: () => [
				...this.refused,
				...(this.channelError !== undefined && this.listError === undefined ? [this.channelError] : []),
			],
			subscribe: listener => {
				this.listeners.add(listener);
				return () => this.listeners.delete(listener);
			},
			offered: () => this.offered,
			offerNote: () => this.offerNote,
			open: async (entry: PickerEntry) => this.open(entry.sessionId),
		};
	}

	async close(): Promise<void> {
		this.closed = true;
		this.unsubscribeStore();
		this.stopCosts.abort();
		this.nudges.close();
		this.channel?.close();
		await this.current?.source.close();
	}
}
