/**
 * The fetch the SSE client uses. Normally Node's global fetch. With `insecure`, a small
 * fetch over node:http/https that skips certificate checks for this client's requests
 * only: Node 20 bundles undici but does not let a program import its Agent, and the
 * process-wide NODE_TLS_REJECT_UNAUTHORIZED would weaken every other connection too.
 */
import http from 'node:http';
import https from 'node:https';
import {Readable} from 'node:stream';
import {defaultRequestTimeouts, timedFetch, type FetchLike, type RequestTimeouts} from './timed-fetch.js';

export type {FetchLike} from './timed-fetch.js';

/** Options for createFetch. */
export type FetchOptions = {
	insecure?: boolean;
	/** The limits on every request (timed-fetch.ts); the production ones unless given. */
	timeouts?: RequestTimeouts;
};

/** Global fetch, or with `insecure` a fetch that does not verify TLS certificates; every request timed. */
export function createFetch(options: FetchOptions = {}): FetchLike {
	const plain: FetchLike = options.insecure === true ? insecureFetch : (url, init) => fetch(url, init);
	return timedFetch(plain, options.timeouts ?? defaultRequestTimeouts);
}

function headerRecord(init: RequestInit['headers']): Record<string, string> {
	const out: Record<string, string> = {};
	new Headers(init).forEach((value, name) => {
		out[name] = value;
	});
	return out;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const maxRedirects = 5;

/**
 * A fetch over node:http(s) with certificate checks off; enough for GET/POST with a string
 * body. Redirects are followed as fetch does (at most 5; 303, and 301/302 after a POST, become
 * a GET), and cookies and credentials are not sent on to another origin.
 */
async function insecureFetch(url: URL | string, init: RequestInit = {}): Promise<Response> {
	let target = new URL(url);
	let request = init;
	for (let hop = 0; ; hop++) {
		const response = await insecureRequest(target, request);
		const location = response.headers.get('location');
		if (!redirectStatuses.has(response.status) || location === null || request.redirect === 'manual') return response;
		await response.body?.cancel().catch(() => undefined);
		if (hop >= maxRedirects) throw new Error(`too many redirects (more than ${maxRedirects})`);
		const next = new URL(location, target);
		const headers = new Headers(request.headers);
		if (next.origin !== target.origin)
			for (const name of ['cookie', 'authorization', 'proxy-authorization']) headers.delete(name);
		const toGet =
			response.status === 303 ||
			((response.status === 301 || response.status === 302) && (request.method ?? 'GET') === 'POST');
		request = toGet ? {...request, headers, method: 'GET', body: undefined} : {...request, headers};
		target = next;
	}
}

function insecureRequest(url: URL, init: RequestInit): Promise<Response> {
	return new Promise<Response>((resolve, reject) => {
		const target = new URL(url);
		const transport = target.protocol === 'https:' ? https : http;
		const method = init.method ?? 'GET';
		const request = transport.request(
			target,
			{
				method,
				headers: headerRecord(init.headers),
				signal: init.signal ?? undefined,
				rejectUnauthorized: false,
			},
			incoming => {
				const status = incoming.statusCode ?? 0;
				if (status < 200 || status > 599) {
					incoming.destroy();
					reject(new Error(`unexpected HTTP status ${status}`));
					return;
				}
				const headers = new Headers();
				const raw = incoming.rawHeaders;
				for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
				const empty = method === 'HEAD' || status === 204 || status === 304;
				if (empty) incoming.resume();
				const body = empty ? null : (Readable.toWeb(incoming) as unknown as ReadableStream<Uint8Array>);
				resolve(new Response(body, {status, statusText: incoming.statusMessage ?? '', headers}));
			},
		);
		request.on('error', reject);
		const body = init.body;
		if (typeof body === 'string') request.end(body);
		else request.end();
	});
}
