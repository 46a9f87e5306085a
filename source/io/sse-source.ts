/**
 * Connects an SSE stream to the store: the client's inputs into the model, a resync
 * rebuilding the model in place, connection state into the header, and each change in the
 * connection worth a line handed to the caller (print mode says it on stderr). The caller
 * resolves the auth (flags, environment, a login) and does the talking.
 */
import type {ModelInput, SessionInfo} from '../model/input.js';
import {pricesOfModelsAnswer, type PriceTable} from '../cost/prices.js';
import {resolveStreamTarget} from './sse/urls.js';
import type {SessionStore} from '../model/store.js';
import {formatDuration} from '../render/format.js';
import {startSseClient} from './sse/client.js';
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
	/** `--prices`: the table, in place of the session's project's models answer. */
	prices?: PriceTable;
	/** False: the caller reads the prices itself (server mode). */
	projectPrices?: boolean;
};

/** Reads the prices of the session's project (`GET …/api/projects/:p/models`); a failure is said once, on the print path. */
async function projectPrices(info: SessionInfo, get: (url: URL, what: string) => Promise<unknown>, options: SseSourceOptions, store: SessionStore): Promise<void> {
	const sessionUrl = URL.canParse(options.url) ? resolveStreamTarget(options.url).sessionUrl : undefined;
	if (info.projectId === undefined || sessionUrl === undefined) return;
	// The record is …/api/sessions/<id>: the models are …/api/projects/<p>/models, under the same prefix.
	const url = new URL(`../projects/${encodeURIComponent(info.projectId)}/models`, sessionUrl);
	try {
		const prices = pricesOfModelsAnswer(await get(url, `the models of project ${info.projectId}`));
		if (prices === undefined) throw new Error(`the models of project ${info.projectId} have no models list`);
		store.setStatus({prices});
	} catch (error) {
		options.onConnectionTrouble?.(`no prices: ${error instanceof Error ? error.message : String(error)}`);
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
			return `reconnecting${status.retryAt ? ` in ${formatDuration(Math.max(0, status.retryAt - now))}` : ''}${status.attempt ? ` (attempt ${status.attempt})` : ''}${status.message ? `: ${status.message}` : ''}`;
		case 'failed':
			return status.message ?? 'the stream failed';
		case 'resyncing':
			return 'resyncing: the server asked for the history again';
		default:
			return '';
	}
}

/** Starts following the stream into the store. */
export function startSse(store: SessionStore, options: SseSourceOptions): SseSource {
	store.setStatus({label: options.url, state: 'connecting'});

	let rebuilding: ModelInput[] | undefined;
	let joined = false;
	let lastState = '';
	const report = (status: ConnectionStatus): void => {
		store.setStatus({state: status.state, retryAt: status.retryAt, message: status.message});
		if (!options.onConnectionTrouble) return;
		const line = connectionLine(status, Date.now());
		const key = `${status.state}|${status.attempt ?? ''}`;
		if (line && key !== lastState) options.onConnectionTrouble(line);
		lastState = key;
	};

	let pricesLoading: Promise<void> = Promise.resolve();
	const client = startSseClient(
		{
			url: options.url,
			cookie: options.cookie,
			headers: options.headers,
			login: options.login,
			insecure: options.insecure,
			fetch: options.fetch,
			pace: options.pace,
			// The session's record names its project: its models answer prices the session, beside the stream.
			onSessionInfo:
				options.prices === undefined && options.projectPrices !== false
					? (info, get) => {
							pricesLoading = projectPrices(info, get, options, store);
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
	return {close: () => client.close(), actions: {send: request => client.act(request)}, pricesReady: async () => pricesLoading};
}
