/**
 * What can go wrong talking to a PenguinHarness server, each as one readable line, and
 * whether trying again can help. Messages never carry a cookie, password or header value:
 * callers pass their secrets to `redact` before showing anything.
 */

/** The kinds of failure the client tells apart. */
export type SseErrorKind =
	| 'url'
	| 'auth'
	| 'preview_host'
	| 'not_found'
	| 'content_type'
	| 'http'
	| 'refused'
	| 'dns'
	| 'tls'
	| 'network'
	| 'dropped'
	| 'idle'
	| 'internal';

/** A failure with a one-line message that is safe to show. */
export class SseClientError extends Error {
	constructor(
		readonly kind: SseErrorKind,
		message: string,
		readonly retryable: boolean,
		readonly status?: number,
		/** What the server said in its error body, on one line (for an HTTP status). */
		readonly said?: string,
	) {
		super(message);
		this.name = 'SseClientError';
	}
}

const maxSaidLength = 200;

/** Text squeezed onto one line and shortened, for quoting what a server said. */
export function oneLine(text: string, max = maxSaidLength): string {
	// eslint-disable-next-line no-control-regex
	const flat = text
		.replace(/[\u0000-\u001f\u007f]+/g, ' ')
		.replace(/\s+/g, ' ')
		.trim();
	return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

/** The human part of an error body: upstream's `{error: {message}}`, else the text itself. */
export function serverSaid(body: string): string {
	try {
		const value: unknown = JSON.parse(body);
		if (typeof value === 'object' && value !== null) {
			const error = (value as Record<string, unknown>)['error'];
			if (typeof error === 'string') return oneLine(error);
			if (typeof error === 'object' && error !== null) {
				const message = (error as Record<string, unknown>)['message'];
				if (typeof message === 'string') return oneLine(message);
			}
			const message = (value as Record<string, unknown>)['message'];
			if (typeof message === 'string') return oneLine(message);
		}
	} catch {
		// Not JSON: quote the text.
	}
	const said = oneLine(body);
	return said === '' ? '(an empty body)' : said;
}

/**
 * The server's words when a `/api` call reaches it by its preview host name. Bound to
 * loopback, PenguinHarness serves its app and API on `localhost` only and keeps the other
 * loopback name (`127.0.0.1`) for previews of the agent's pages, where every `/api` call is
 * answered 401 with this error (upstream app.ts, the canonical-host guard).
 */
const previewHostError = {code: 'unauthorized', message: 'The API is not served on the preview host.'};

/** For a 401 whose body is the preview host's refusal: what to say instead of asking for a login. */
export function previewHostRefusal(status: number, body: string, url: URL): SseClientError | undefined {
	if (status !== 401) return undefined;
	let error: unknown;
	try {
		const value: unknown = JSON.parse(body);
		error = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['error'] : undefined;
	} catch {
		return undefined;
	}
	if (typeof error !== 'object' || error === null) return undefined;
	const {code, message} = error as Record<string, unknown>;
	if (code !== previewHostError.code || message !== previewHostError.message) return undefined;
	const instead = new URL(url.href);
	instead.hostname = 'localhost';
	instead.search = '';
	// The stream's own URL is worth giving whole; for another request (the login, the history, a
	// server's lists) the server's address, as it can be pasted back.
	const suggestion = /\/stream\/?$/.test(instead.pathname) ? instead.href : instead.origin;
	return new SseClientError(
		'preview_host',
		`${url.host} is the server's preview host, which does not serve the API (the server said: ` +
			`${previewHostError.message}); use ${suggestion}`,
		false,
		status,
	);
}

/** Replaces every secret in a text (shorter than 3 characters: too common to hunt). */
export function redact(text: string, secrets: readonly string[]): string {
	let out = text;
	for (const secret of secrets) {
		if (secret.length >= 3) out = out.split(secret).join('<redacted>');
	}
	return out;
}

/** Where a request went, for messages. */
export type RequestTarget = {url: URL; sessionId?: string; what?: string};

/** The error for a non-2xx answer; only 408, 429 and 5xx are worth retrying. */
export function httpStatusError(status: number, body: string, target: RequestTarget): SseClientError {
	const said = serverSaid(body);
	const where = `the server at ${target.url.host}`;
	const previewHost = previewHostRefusal(status, body, target.url);
	if (previewHost) return previewHost;
	if (status === 401 || status === 403) {
		return new SseClientError(
			'auth',
			`${where} needs a login: pass --cookie or --user; the server said: ${said}`,
			false,
			status,
			said,
		);
	}
	if (status === 404) {
		const message =
			target.sessionId === undefined
				? `not found: ${target.url.href} (the server said: ${said})`
				: `no such session: ${target.sessionId} on ${target.url.host} (the server said: ${said})`;
		return new SseClientError('not_found', message, false, status, said);
	}
	const retryable = status === 408 || status === 429 || status >= 500;
	return new SseClientError(
		'http',
		`${where} answered ${status} to ${target.what ?? 'the request'}: ${said}`,
		retryable,
		status,
		said,
	);
}

/** The error for a response that is not an event stream (a login page, a proxy's error page). */
export function contentTypeError(contentType: string | null, target: RequestTarget): SseClientError {
	const got =
		contentType === null || contentType === '' ? 'no content type' : `content type ${oneLine(contentType, 80)}`;
	return new SseClientError(
		'content_type',
		`the server at ${target.url.host} answered with ${got}, not text/event-stream: is ${target.url.href} ` +
			`a session's /stream URL?`,
		false,
	);
}

const tlsCodes = new Set([
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_HAS_EXPIRED',
	'CERT_NOT_YET_VALID',
	'CERT_UNTRUSTED',
	'CERT_REJECTED',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'HOSTNAME_MISMATCH',
]);

/** The first error `code` found on an error, its causes, or an AggregateError's members. */
export function errorCode(error: unknown, depth = 0): string | undefined {
	if (typeof error !== 'object' || error === null || depth > 5) return undefined;
	const record = error as {code?: unknown; cause?: unknown; errors?: unknown};
	if (typeof record.code === 'string' && record.code !== '') return record.code;
	const fromCause = errorCode(record.cause, depth + 1);
	if (fromCause !== undefined) return fromCause;
	if (Array.isArray(record.errors)) {
		for (const member of record.errors) {
			const code = errorCode(member, depth + 1);
			if (code !== undefined) return code;
		}
	}
	return undefined;
}

function innermostMessage(error: unknown): string {
	let current: unknown = error;
	let message = 'unknown error';
	for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
		const text = (current as {message?: unknown}).message;
		if (typeof text === 'string' && text !== '') message = text;
		current = (current as {cause?: unknown}).cause;
	}
	return oneLine(message);
}

/**
 * The error for a request that failed before any answer. A host that does not resolve
 * or a certificate that is not trusted will not fix itself, so those end the client
 * unless it was connected before (then the network itself is suspect and retrying helps).
 */
export function networkError(error: unknown, url: URL, wasConnected: boolean): SseClientError {
	if (error instanceof SseClientError) return error;
	const code = errorCode(error);
	const host = url.host;
	if (code === 'ECONNREFUSED') {
		return new SseClientError('refused', `connection refused by ${host}: is the server running?`, true);
	}
	if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
		return new SseClientError(
			'dns',
			`cannot resolve the host ${url.hostname} (DNS lookup failed: ${code})`,
			wasConnected || code === 'EAI_AGAIN',
		);
	}
	if (code !== undefined && (tlsCodes.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))) {
		return new SseClientError(
			'tls',
			`the TLS certificate of ${host} is not trusted (${code}); pass --insecure to skip the check for this viewer`,
			false,
		);
	}
	const detail = code === undefined ? innermostMessage(error) : `${code}: ${innermostMessage(error)}`;
	return new SseClientError('network', `cannot reach ${host}: ${detail}`, true);
}
