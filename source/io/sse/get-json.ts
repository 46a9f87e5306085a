/**
 * One request for a JSON document to the server (the history, the session's record) or one
 * JSON body sent to it (an action: approve, stop, steer), with a limit on how long the server
 * may take to start answering. Failures are SseClientErrors with a one-line message.
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
	/** Hears the answer's Date header (ms since the epoch) and this machine's clock as the answer came. */
	onDate?: (serverMs: number, localMs: number) => void;
};

/** An answer of any status: its status and its body as text. */
export type TextAnswer = {status: number; ok: boolean; body: string};

/** The request sent, its answer read whole; throws an SseClientError when no answer came. */
async function exchange(request: JsonRequest, send?: {method: 'POST' | 'DELETE'; json?: string}): Promise<TextAnswer> {
	// A server that accepts and never answers must not hold the caller back for good.
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
	try {
		let response: Response;
		try {
			const headers: Record<string, string> = {...request.headers, Accept: 'application/json'};
			if (send?.json !== undefined) headers['Content-Type'] = 'application/json';
			response = await request.fetch(request.url, {
				method: send?.method,
				body: send?.json,
				headers,
				signal: controller.signal,
			});
		} catch (error) {
			if (timedOut)
				throw new SseClientError('network', `no answer within ${Math.round(request.answerTimeoutMs! / 1000)} s`, true);
			throw networkError(error, request.url, true);
		} finally {
			clearTimeout(timer);
		}
		const date = Date.parse(response.headers.get('date') ?? '');
		// The header has whole seconds: the middle of the second is the nearer guess.
		if (request.onDate && Number.isFinite(date)) request.onDate(date + 500, Date.now());
		try {
			return {status: response.status, ok: response.ok, body: await response.text()};
		} catch (error) {
			throw networkError(error, request.url, true);
		}
	} finally {
		request.signal?.removeEventListener('abort', forward);
	}
}

/** The parsed body of a 2xx answer. */
export async function getJson(request: JsonRequest): Promise<unknown> {
	const target = {
		url: request.url,
		sessionId: request.sessionId,
		what: `the ${request.what.replace(/^the /, '')} request`,
	};
	const answer = await exchange(request);
	if (!answer.ok) throw httpStatusError(answer.status, answer.body, target);
	try {
		return JSON.parse(answer.body);
	} catch {
		throw new SseClientError('content_type', `${request.what} at ${request.url.href} is not JSON`, false);
	}
}

/**
 * POSTs `body` as JSON (the server takes writes as application/json only) and returns the
 * answer whatever its status: what a refusal means is the caller's to say.
 */
export async function postJson(request: JsonRequest & {body: unknown}): Promise<TextAnswer> {
	return exchange(request, {method: 'POST', json: JSON.stringify(request.body)});
}

/** Sends a DELETE (no body) and returns the answer whatever its status. */
export async function deleteRequest(request: JsonRequest): Promise<TextAnswer> {
	return exchange(request, {method: 'DELETE'});
}
