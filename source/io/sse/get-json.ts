/**
 * One GET of a JSON document from the server (the history, the session's record), with a
 * limit on how long the server may take to start answering. Throws an SseClientError with
 * a one-line message.
 */
import {httpStatusError, networkError, SseClientError} from './errors.js';
import type {FetchLike} from './http-fetch.js';

/** Options for getJson. */
export type JsonRequest = {
	url: URL;
	/** What is fetched, for messages: `the history`. */
	what: string;
	sessionId?: string;
	fetch: FetchLike;
	headers?: Record<string, string>;
	signal?: AbortSignal;
	/** How long the server may take to start answering (the body then takes what it takes); no limit when absent. */
	answerTimeoutMs?: number;
};

/** The parsed body of a 2xx answer. */
export async function getJson(request: JsonRequest): Promise<unknown> {
	const target = {url: request.url, sessionId: request.sessionId, what: `the ${request.what.replace(/^the /, '')} request`};
	// A server that accepts and never answers must not hold the stream back for good.
	const controller = new AbortController();
	const forward = (): void => controller.abort();
	request.signal?.addEventListener('abort', forward, {once: true});
	if (request.signal?.aborted) controller.abort();
	let timedOut = false;
	const timer =
		request.answerTimeoutMs === undefined
			? undefined
			: setTimeout(() => {
					timedOut = true;
					controller.abort();
				}, request.answerTimeoutMs);
	let response: Response;
	let body: string;
	try {
		try {
			response = await request.fetch(request.url, {
				headers: {...request.headers, Accept: 'application/json'},
				signal: controller.signal,
			});
		} catch (error) {
			if (timedOut) throw new SseClientError('network', `no answer within ${Math.round(request.answerTimeoutMs! / 1000)} s`, true);
			throw networkError(error, request.url, true);
		} finally {
			clearTimeout(timer);
		}
		try {
			body = await response.text();
		} catch (error) {
			throw networkError(error, request.url, true);
		}
	} finally {
		request.signal?.removeEventListener('abort', forward);
	}
	if (!response.ok) throw httpStatusError(response.status, body, target);
	try {
		return JSON.parse(body);
	} catch {
		throw new SseClientError('content_type', `${request.what} at ${request.url.href} is not JSON`, false);
	}
}
