/**
 * Connects an SSE stream to the store: the client's inputs into the model, a resync
 * rebuilding the model in place, connection state into the header, and each change in the
 * connection worth a line handed to the caller (print mode says it on stderr). The caller
 * resolves the auth (flags, environment, a login) and does the talking.
 */
import type {ModelInput} from '../model/input.js';
import {pricesOfModelsAnswer, type PriceTable} from '../cost/prices.js';
import type {SessionStore} from '../model/session-store.js';
import {formatDuration} from '../render/format.js';
import {startSseClient, type ClientTimings} from './sse/client.js';
import type {SessionActions} from './sse/actions.js';
import type {ConnectionStatus} from './sse/client-events.js';
import type {FetchLike} from './sse/http-fetch.js';

/** How startSse connects. */
export type SseSourceOptions = {
	url: string;
	/** `--cookie` (or PENGUIN_VIEW_COOKIE), or the cookie of a login already made. */
	cookie?: string;
	/** `--header 'Name: value'`, repeatable. */
	headers: readonly string[];
	/** `--user`: log in first with this password. */
	login?: {userId: string; password: string};
	insecure: boolean;
	/** The fetch to use (a saved login's, which refuses in one line); else one made for `insecure`. */
	fetch?: FetchLike;
	/** Keep following once the history and the live fragments are in (else stop there). */
	follow: boolean;
	/** Print mode into a slow pipe: the stream is read no faster than it is written. */
	pace?: () => Promise<void> | undefined;
	/**
	 * Told, once per change, what happens to the connection (reconnecting, failed, resyncing) as
	 * one line of text, which may hold what the server said (unsanitized). Print mode says it.
	 */
	onConnectionTrouble?: (text: string) => void;
	/** Reconnect delays and request timeouts (the client's defaults otherwise). */
	timings?: Partial<ClientTimings>;
	/**
	 * The store shows this session already (read from its trace): the first joined history
	 * replaces it as a resync does, its items keeping the ids of those they stand for.
	 */
	replaceOnJoin?: boolean;
	/** `--prices`: the table, in place of the session's project's model table (the caller shows it). */
	prices?: PriceTable;
};

/**
 * The prices of the session's project from its model table (the answer the client asked for
 * the context window); a failure is said once, on the print path. Nothing once `stale()`: the
 * store shows another session by then.
 */
async function projectPrices(
	answer: Promise<unknown>,
	projectId: string,
	options: SseSourceOptions,
	store: SessionStore,
	stale: () => boolean,
): Promise<void> {
	try {
		const prices = pricesOfModelsAnswer(await answer);
		if (prices === undefined) throw new Error(`the models of project ${projectId} have no models list`);
		if (!stale()) store.setStatus({prices});
	} catch (error) {
		if (!stale()) options.onConnectionTrouble?.(`no prices: ${error instanceof Error ? error.message : String(error)}`);
	}
}

/** The running stream, and how to act on its session (the screen's a, r, Ctrl+X and >). */
export type SseSource = {
	close(): void;
	actions: SessionActions;
	/** Settles once the session's prices, if being read, are in (or not to be had): print mode's totals wait for it. */
	pricesReady(): Promise<void>;
};

/** What a connection status says in one line; empty when it is not worth a line. */
export function connectionLine(status: ConnectionStatus, now: number): string {
	switch (status.state) {
		case 'reconnecting':
			return (
				`reconnecting${status.retryAt ? ` in ${formatDuration(Math.max(0, status.retryAt - now))}` : ''}` +
				`${status.attempt ? ` (attempt ${status.attempt})` : ''}` +
				`${status.message ? `: ${status.message}` : ''}`
			);
		case 'failed':
			return status.message ?? 'the stream failed';
		case 'resyncing':
			return 'resyncing: the server asked for the history again';
		default:
			return '';
	}
}

/**
 * A server that fails the same way on every try is said once, then again at the 2nd, 4th, 8th…
 * time as `(again ×N)`: a line a second for ever tells nothing new. A first failure after a
 * connection that worked (attempt 1) starts every count over.
 */
export class RepeatedLines {
	private readonly counts = new Map<string, number>();

	/** The line to write for `line` (the same when `key` is), or undefined to stay quiet. */
	line(line: string, key: string, restart: boolean): string | undefined {
		if (restart) this.counts.clear();
		const count = (this.counts.get(key) ?? 0) + 1;
		this.counts.set(key, count);
		if (count === 1) return line;
		return (count & (count - 1)) === 0 ? `${line} (again ×${count})` : undefined;
	}
}

/** Starts following the stream into the store. */
export function startSse(store: SessionStore, options: SseSourceOptions): SseSource {
	store.setStatus({label: options.url, state: 'connecting'});

	let rebuilding: ModelInput[] | undefined;
	let joined = false;
	let replacing = options.replaceOnJoin === true;
	let lastState = '';
	const repeats = new RepeatedLines();
	const report = (status: ConnectionStatus): void => {
		store.setStatus({state: status.state, retryAt: status.retryAt, message: status.message});
		if (!options.onConnectionTrouble) return;
		const line = connectionLine(status, Date.now());
		const key = `${status.state}|${status.attempt ?? ''}`;
		if (line && key !== lastState) {
			const said =
				status.state === 'reconnecting' && status.message !== undefined
					? repeats.line(line, `reconnecting|${status.message}`, (status.attempt ?? 1) <= 1)
					: status.state === 'resyncing'
						? repeats.line(line, line, false)
						: line;
			if (said !== undefined) options.onConnectionTrouble(said);
		}
		lastState = key;
	};

	let pricesLoading: Promise<void> = Promise.resolve();
	let closed = false;
	const client = startSseClient(
		{
			url: options.url,
			cookie: options.cookie,
			headers: options.headers,
			login: options.login,
			insecure: options.insecure,
			fetch: options.fetch,
			pace: options.pace,
			retry: options.follow,
			timings: options.timings,
			// The project's model table gives the context window and, without --prices, the prices.
			onModels:
				options.prices === undefined
					? (answer, projectId) => {
							pricesLoading = projectPrices(answer, projectId, options, store, () => closed);
						}
					: undefined,
		},
		event => {
			if (event.type === 'status') {
				report(event.status);
				return;
			}
			if (event.type === 'reset') {
				// The inputs that follow in the same tick are the fresh history: rebuild from them at once.
				rebuilding = [];
				setImmediate(() => {
					const inputs = rebuilding ?? [];
					rebuilding = undefined;
					store.rebuild(inputs);
				});
				return;
			}
			if (event.type === 'no-history') {
				// The header says it too.
				if (!rebuilding) store.setStatus({noHistory: true});
				return;
			}
			if (rebuilding) {
				rebuilding.push(...event.inputs);
				return;
			}
			if (replacing) {
				// The first joined batch (the whole history) stands for what the store shows.
				replacing = false;
				store.rebuild(event.inputs);
				return;
			}
			store.apply(event.inputs);
			if (!options.follow && !joined && event.inputs.some(input => input.kind === 'message')) {
				// --no-follow: the history and the live fragments are in; stop there.
				joined = true;
				setImmediate(() => {
					client.close();
					store.apply([{kind: 'end'}]);
				});
			}
		},
	);
	void client.done.then(result => {
		if (result.outcome === 'failed') store.setStatus({state: 'failed', message: result.message});
	});
	return {
		close: () => {
			closed = true;
			client.close();
		},
		actions: {send: request => client.act(request)},
		pricesReady: async () => pricesLoading,
	};
}
