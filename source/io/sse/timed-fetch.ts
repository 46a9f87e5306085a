/**
 * Every request the viewer makes has an end: the answer (connection, status and headers) must
 * start within `answerMs`, and the whole body must be in within `wholeMs`. An event stream has
 * no end of its own, so only its answer is timed here; the transport's idle timer watches the
 * rest. A request that runs out of time fails with one line saying which limit it hit.
 */
import {SseClientError} from './errors.js';

/** The part of fetch the viewer calls. */
export type FetchLike = (url: URL | string, init?: RequestInit) => Promise<Response>;

/** How long a request may take, in ms. */
export type RequestTimeouts = {
	/** From sending the request to the answer's status and headers. */
	answerMs: number;
	/** From sending the request to the last byte of its body (an event stream's body excepted). */
	wholeMs: number;
};

/** The production limits: a history of many MB on a slow link fits in the second. */
export const defaultRequestTimeouts: RequestTimeouts = {answerMs: 15_000, wholeMs: 60_000};

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

function wantsEventStream(init: RequestInit | undefined): boolean {
	return /text\/event-stream/i.test(new Headers(init?.headers).get('accept') ?? '');
}

/** `fetch` with `timeouts` on every request it makes. */
export function timedFetch(fetch: FetchLike, timeouts: RequestTimeouts): FetchLike {
	return async (url, init = {}) => {
		const target = new URL(url);
		const controller = new AbortController();
		const outer = init.signal ?? undefined;
		const forward = (): void => controller.abort(outer?.reason);
		if (outer?.aborted) forward();
		outer?.addEventListener('abort', forward, {once: true});
		let expired: SseClientError | undefined;
		const expire = (text: string) => (): void => {
			expired = new SseClientError('network', `${target.host}${target.pathname}: ${text}`, true);
			controller.abort(expired);
		};
		const stream = wantsEventStream(init);
		// Unref'd: a limit matters only while the request's socket keeps the program running.
		const answerTimer = setTimeout(expire(`no answer within ${seconds(timeouts.answerMs)}`), timeouts.answerMs).unref();
		const wholeTimer = stream
			? undefined
			: setTimeout(expire(`the answer did not finish within ${seconds(timeouts.wholeMs)}`), timeouts.wholeMs).unref();
		const done = (): void => {
			clearTimeout(answerTimer);
			clearTimeout(wholeTimer);
			outer?.removeEventListener('abort', forward);
		};
		let response: Response;
		try {
			response = await fetch(url, {...init, signal: controller.signal});
		} catch (error) {
			done();
			throw expired ?? error;
		}
		clearTimeout(answerTimer);
		if (stream || response.body === null) {
			if (!stream) done();
			return response;
		}
		// The body passed through, failing with the limit's own words when it runs out.
		const reader = response.body.getReader();
		const body = new ReadableStream<Uint8Array>({
			async pull(sink) {
				try {
					const chunk = await reader.read();
					if (chunk.done) {
						done();
						sink.close();
					} else sink.enqueue(chunk.value);
				} catch (error) {
					done();
					sink.error(expired ?? error);
				}
			},
			cancel(reason) {
				done();
				return reader.cancel(reason);
			},
		});
		return new Response(body, {status: response.status, statusText: response.statusText, headers: response.headers});
	};
}
