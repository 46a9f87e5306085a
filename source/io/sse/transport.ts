/**
 * One logical SSE connection that outlives its TCP connections: it reconnects after a drop,
 * an error or a silent stretch, sending `Last-Event-ID` so the server replays the gap, and
 * waits with doubling backoff in between. Answers that will not improve by asking again
 * (401/403/404, not an event stream, an untrusted certificate) end it instead.
 */
import {backoffDelay} from './backoff.js';
import {contentTypeError, httpStatusError, networkError, SseClientError} from './errors.js';
import {SseFramer, type SseEvent} from './framer.js';
import type {FetchLike} from './http-fetch.js';
import {defaultRequestTimeouts, timedFetch} from './timed-fetch.js';

/** The timings of reconnects and of dead-connection detection, in ms. */
export type TransportTimings = {
	/** First reconnect delay; a `retry:` field from the server replaces it. */
	initialRetryMs: number;
	maxRetryMs: number;
	/** No bytes for this long (heartbeats come every 20 s) means the connection is dead. */
	idleTimeoutMs: number;
};

/** The production timings. */
export const defaultTransportTimings: TransportTimings = {
	initialRetryMs: 1_000,
	maxRetryMs: 30_000,
	idleTimeoutMs: 45_000,
};

/** Options for openSseTransport. */
export type TransportOptions = {
	url: URL;
	/** Sent on every request (cookie, extra headers). */
	headers?: Record<string, string>;
	fetch?: FetchLike;
	/** Resume after this id on the first connection. */
	lastEventId?: string;
	timings?: Partial<TransportTimings>;
	maxEventBytes?: number;
	/** For messages: a 404 then names the session. */
	sessionId?: string;
	random?: () => number;
	now?: () => number;
	/** Print mode into a slow pipe: awaited after each chunk, so TCP holds the rest back. */
	pace?: () => Promise<void> | undefined;
	/** False (`--no-follow`): one try; a failed connection ends the transport instead of waiting for another. */
	retry?: boolean;
	/**
	 * Whether an event shows the connection did its job, so the next failure starts the backoff
	 * over (default: any event). A server that greets every connection with a snapshot and then
	 * closes it must not count as healthy, or the retries never slow down.
	 */
	healthy?: (event: SseEvent) => boolean;
};

/** What the transport reports. Handlers run synchronously inside the read loop. */
export type TransportHandlers = {
	/** A request is about to go out; `attempt` is 0 for the first, n for the n-th retry in a row. */
	onConnecting?: (info: {attempt: number}) => void;
	/** The server answered with an event stream. */
	onOpen?: (info: {attempt: number; lastEventId?: string}) => void;
	onEvent: (event: SseEvent) => void;
	/** One read's events have all been reported. */
	onChunkEnd?: () => void;
	onComment?: (text: string) => void;
	/** An event was too big and was dropped. */
	onOversize?: (limitBytes: number) => void;
	/** The connection failed or dropped; another attempt starts at `retryAt` (ms since the epoch). */
	onRetry?: (info: {attempt: number; delayMs: number; retryAt: number; error: SseClientError}) => void;
	/** The transport gave up. */
	onFatal: (error: SseClientError) => void;
};

/** A running transport. */
export type SseTransport = {
	/** The id of the last event that carried one. */
	readonly lastEventId: string | undefined;
	/** Stops for good; no handler runs afterwards. */
	close(): void;
	/** Ends the open connection now as failed with `error` (the server is known to be gone): the retries follow. */
	drop(error: SseClientError): void;
};

const errorBodyLimit = 4096;

/** Wraps what a handler threw, so the read loop does not mistake it for a network error. */
class HandlerFailure {
	constructor(readonly error: unknown) {}
}

function guarded(run: () => void): void {
	try {
		run();
	} catch (error) {
		throw new HandlerFailure(error);
	}
}

/** Reads at most a few KB of an error body (a proxy may send a whole page). */
async function readErrorBody(response: Response): Promise<string> {
	if (response.body === null) return '';
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let text = '';
	try {
		while (text.length < errorBodyLimit) {
			const {done, value} = await reader.read();
			if (done) break;
			text += decoder.decode(value, {stream: true});
		}
	} catch {
		// Whatever arrived is enough to quote.
	} finally {
		reader.cancel().catch(() => undefined);
	}
	return text.slice(0, errorBodyLimit);
}

/** Opens a reconnecting SSE connection. */
export function openSseTransport(options: TransportOptions, handlers: TransportHandlers): SseTransport {
	const timings = {...defaultTransportTimings, ...options.timings};
	// Every caller passes its own (timed) fetch; without one, the global fetch with the same limits, never one that may
	// hang.
	const doFetch = options.fetch ?? timedFetch((url, init) => fetch(url, init), defaultRequestTimeouts);
	const now = options.now ?? Date.now;
	const target = {url: options.url, sessionId: options.sessionId, what: 'the stream request'};

	let closed = false;
	let lastEventId = options.lastEventId;
	let retryBaseMs = timings.initialRetryMs;
	let everConnected = false;
	let current: AbortController | undefined;
	let dropped: SseClientError | undefined;
	let wake: (() => void) | undefined;

	const framer = new SseFramer(
		{
			onEvent: event => {
				// An empty id field clears the last id, as EventSource does.
				if (event.id !== undefined) lastEventId = event.id === '' ? undefined : event.id;
				if (!delivered && healthy(event)) delivered = true;
				handlers.onEvent(event);
			},
			onComment: text => handlers.onComment?.(text),
			onRetry: ms => {
				retryBaseMs = ms;
			},
			onOversize: limit => handlers.onOversize?.(limit),
		},
		{maxEventBytes: options.maxEventBytes},
	);

	/** Whether the connection now open has delivered what `options.healthy` asks for. */
	let delivered = false;
	const healthy = options.healthy ?? (() => true);

	/**
	 * One connection, from request to end of body; resolves with whether it did its job: it
	 * delivered a healthy event, or it stayed open longer than the longest wait between tries.
	 */
	const connectOnce = async (attempt: number): Promise<{received: boolean; error: SseClientError}> => {
		delivered = false;
		let openedAt: number | undefined;
		const wasHealthy = (): boolean => delivered || (openedAt !== undefined && now() - openedAt >= timings.maxRetryMs);
		const controller = new AbortController();
		current = controller;
		let idle = false;
		let timer: NodeJS.Timeout | undefined;
		const arm = (): void => {
			clearTimeout(timer);
			timer = setTimeout(() => {
				idle = true;
				controller.abort();
			}, timings.idleTimeoutMs);
		};
		try {
			arm();
			const headers: Record<string, string> = {
				...options.headers,
				Accept: 'text/event-stream',
				'Cache-Control': 'no-cache',
			};
			if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
			let response: Response;
			try {
				response = await doFetch(options.url, {headers, signal: controller.signal});
			} catch (error) {
				throw networkError(error, options.url, everConnected);
			}
			if (!response.ok) throw httpStatusError(response.status, await readErrorBody(response), target);
			const contentType = response.headers.get('content-type');
			if (contentType === null || !/^\s*text\/event-stream\b/i.test(contentType)) {
				response.body?.cancel().catch(() => undefined);
				throw contentTypeError(contentType, target);
			}
			if (response.body === null) throw new SseClientError('dropped', 'the stream had no body', true);
			everConnected = true;
			openedAt = now();
			framer.reset();
			guarded(() => handlers.onOpen?.({attempt, lastEventId}));
			const reader = response.body.getReader();
			for (;;) {
				let chunk: Awaited<ReturnType<typeof reader.read>>;
				try {
					chunk = await reader.read();
				} catch (error) {
					throw networkError(error, options.url, true);
				}
				if (chunk.done || closed) break;
				arm();
				const bytes = chunk.value;
				guarded(() => {
					framer.push(bytes);
					handlers.onChunkEnd?.();
				});
				// Print mode into a slow pipe: TCP holds the rest back, not memory.
				await options.pace?.();
			}
			return {received: wasHealthy(), error: new SseClientError('dropped', 'the server closed the stream', true)};
		} catch (error) {
			if (error instanceof HandlerFailure) throw error;
			if (dropped !== undefined) return {received: wasHealthy(), error: dropped};
			if (idle) {
				const seconds = Math.round(timings.idleTimeoutMs / 100) / 10;
				return {
					received: wasHealthy(),
					error: new SseClientError('idle', `no data for ${seconds} s: the connection looks dead`, true),
				};
			}
			if (error instanceof SseClientError) return {received: wasHealthy(), error};
			return {received: wasHealthy(), error: networkError(error, options.url, everConnected)};
		} finally {
			clearTimeout(timer);
			controller.abort();
			current = undefined;
			dropped = undefined;
		}
	};

	const sleep = (ms: number): Promise<void> =>
		new Promise(resolve => {
			const timer = setTimeout(() => {
				wake = undefined;
				resolve();
			}, ms);
			wake = () => {
				clearTimeout(timer);
				wake = undefined;
				resolve();
			};
		});

	const run = async (): Promise<void> => {
		let failures = 0;
		while (!closed) {
			guarded(() => handlers.onConnecting?.({attempt: failures}));
			const {received, error} = await connectOnce(failures);
			if (closed) return;
			if (!error.retryable || options.retry === false) {
				closed = true;
				handlers.onFatal(error);
				return;
			}
			// A connection that did its job: start the schedule over. Failures counted across
			// connections that did not, however many bytes (a snapshot, a heartbeat) they carried.
			failures = received ? 1 : failures + 1;
			const delayMs = backoffDelay(failures, {baseMs: retryBaseMs, maxMs: timings.maxRetryMs, random: options.random});
			handlers.onRetry?.({attempt: failures, delayMs, retryAt: now() + delayMs, error});
			if (closed) return;
			await sleep(delayMs);
		}
	};

	run().catch((error: unknown) => {
		// A handler threw: a bug, reported once rather than retried forever.
		if (closed) return;
		closed = true;
		current?.abort();
		const cause = error instanceof HandlerFailure ? error.error : error;
		const message = cause instanceof Error ? cause.message : String(cause);
		handlers.onFatal(new SseClientError('internal', `the stream reader failed: ${message}`, false));
	});

	return {
		get lastEventId() {
			return lastEventId;
		},
		close() {
			if (closed) return;
			closed = true;
			current?.abort();
			wake?.();
		},
		drop(error) {
			if (closed || current === undefined) return;
			dropped = error;
			current.abort();
		},
	};
}
