/**
 * Request headers from the command line (`--cookie`, `--header`) and the password login
 * that yields the server's `penguin_session` cookie. Nothing here ever echoes a value:
 * errors name the header, never what it holds.
 */
import {httpStatusError, networkError, previewHostRefusal, redact, serverSaid, SseClientError} from './errors.js';
import type {FetchLike} from './http-fetch.js';
import {defaultRequestTimeouts, timedFetch} from './timed-fetch.js';

/** The server's session cookie. */
export const SESSION_COOKIE = 'penguin_session';

/** The Cookie header for `--cookie VALUE`: a bare value is the session cookie; `a=b; c=d` is sent as is. */
export function cookieHeaderValue(value: string): string {
	const trimmed = value.trim();
	return trimmed.includes('=') ? trimmed : `${SESSION_COOKIE}=${trimmed}`;
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Reads a `--header 'Name: value'` option; throws naming the header, not its value. */
export function parseHeaderOption(text: string): [name: string, value: string] {
	const colon = text.indexOf(':');
	if (colon <= 0) throw new SseClientError('url', 'a --header must look like "Name: value"', false);
	const name = text.slice(0, colon).trim();
	const value = text.slice(colon + 1).trim();
	if (!headerName.test(name))
		throw new SseClientError('url', `not a valid header name: ${JSON.stringify(name.slice(0, 40))}`, false);
	// eslint-disable-next-line no-control-regex
	if (/[\r\n\u0000]/.test(value))
		throw new SseClientError('url', `the value of header ${name} has a line break`, false);
	return [name, value];
}

/** Options for buildHeaders. */
export type HeaderOptions = {
	cookie?: string;
	/** `Name: value` strings, or already split pairs. */
	headers?: readonly string[] | Record<string, string>;
};

/** The extra headers every request of the client carries. */
export function buildHeaders(options: HeaderOptions): Record<string, string> {
	const out: Record<string, string> = {};
	const given = options.headers ?? [];
	const pairs = Array.isArray(given)
		? (given as readonly string[]).map(parseHeaderOption)
		: Object.entries(given as Record<string, string>).map(([name, value]) => parseHeaderOption(`${name}: ${value}`));
	for (const [name, value] of pairs) out[name] = value;
	if (options.cookie !== undefined && options.cookie.trim() !== '') {
		const cookie = cookieHeaderValue(options.cookie);
		// eslint-disable-next-line no-control-regex
		if (/[\r\n\u0000]/.test(cookie)) throw new SseClientError('url', 'the --cookie value has a line break', false);
		out['Cookie'] = cookie;
	}
	return out;
}

/** The values a message must never show: cookie, password, every header value. */
export function secretsOf(options: HeaderOptions & {password?: string}): string[] {
	const secrets: string[] = [];
	if (options.password !== undefined) secrets.push(options.password);
	if (options.cookie !== undefined) secrets.push(options.cookie.trim());
	const given = options.headers ?? [];
	const values = Array.isArray(given)
		? (given as readonly string[]).map(text => text.slice(text.indexOf(':') + 1).trim())
		: Object.values(given as Record<string, string>);
	secrets.push(...values);
	return secrets.filter(secret => secret !== '');
}

/** Options for login. */
export type LoginOptions = {
	loginUrl: URL;
	userId: string;
	password: string;
	fetch?: FetchLike;
	/** Extra headers (a proxy's, say); a Cookie header is left out. */
	headers?: Record<string, string>;
	signal?: AbortSignal;
};

/** The `penguin_session` value among Set-Cookie headers, if any. */
export function sessionCookieFrom(headers: Headers): string | undefined {
	const lines = typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [headers.get('set-cookie') ?? ''];
	for (const line of lines) {
		const match = new RegExp(`(?:^|[;,]\\s*)${SESSION_COOKIE}=([^;]*)`).exec(line);
		if (match !== null && match[1] !== '') return match[1];
	}
	return undefined;
}

/** Logs in with `POST /api/auth/login` and returns the session cookie's value. */
export async function login(options: LoginOptions): Promise<string> {
	// Every caller passes its own (timed) fetch; without one, the global fetch with the same limits, never one that may
	// hang.
	const doFetch = options.fetch ?? timedFetch((url, init) => fetch(url, init), defaultRequestTimeouts);
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(options.headers ?? {})) {
		if (name.toLowerCase() !== 'cookie') headers[name] = value;
	}
	headers['Content-Type'] = 'application/json';
	headers['Accept'] = 'application/json';
	let response: Response;
	try {
		response = await doFetch(options.loginUrl, {
			method: 'POST',
			headers,
			body: JSON.stringify({userId: options.userId, password: options.password}),
			signal: options.signal,
		});
	} catch (error) {
		throw networkError(error, options.loginUrl, false);
	}
	const body = await response.text().catch(() => '');
	if (!response.ok) {
		const previewHost = previewHostRefusal(response.status, body, options.loginUrl);
		if (previewHost) throw previewHost;
		if (response.status === 400 || response.status === 401 || response.status === 403) {
			const message = `login as ${options.userId} failed (${response.status}); the server said: ${serverSaid(body)}`;
			throw new SseClientError('auth', redact(message, [options.password]), false, response.status);
		}
		throw httpStatusError(response.status, body, {url: options.loginUrl, what: 'the login'});
	}
	const cookie = sessionCookieFrom(response.headers);
	if (cookie === undefined) {
		throw new SseClientError(
			'auth',
			`the server at ${options.loginUrl.host} accepted the login but set no ${SESSION_COOKIE} cookie`,
			false,
		);
	}
	return cookie;
}
