// The pieces around a request: stream URLs and their history URL, --cookie/--header, the password login, one-line error
// messages (HTTP, refused, DNS, TLS), redaction, the backoff schedule and event ids.
import {afterEach, describe, expect, it} from 'vitest';
import {
	buildHeaders,
	cookieHeaderValue,
	login,
	parseHeaderOption,
	secretsOf,
	sessionCookieFrom,
} from '../../source/io/sse/auth.js';
import {backoffDelay} from '../../source/io/sse/backoff.js';
import {
	contentTypeError,
	httpStatusError,
	networkError,
	oneLine,
	redact,
	serverSaid,
	SseClientError,
} from '../../source/io/sse/errors.js';
import {parseEventId} from '../../source/io/sse/event-id.js';
import {resolveStreamTarget} from '../../source/io/sse/urls.js';
import {startSseServer, type SseTestServer} from '../support/sse-server.js';

const url = new URL('http://localhost:7364/api/sessions/s-1/stream');

/** What Node's fetch throws: a TypeError whose cause carries the code. */
function fetchFailure(code: string, message = `${code} happened`): Error {
	const cause = Object.assign(new Error(message), {code});
	return new TypeError('fetch failed', {cause});
}

describe('resolveStreamTarget', () => {
	it('derives the history and login URLs of a session stream', () => {
		const target = resolveStreamTarget(
			'http://127.0.0.1:7364/api/sessions/session-2026-12-02-14-45-42-8e7b556c/stream',
		);
		expect(target.sessionId).toBe('session-2026-12-02-14-45-42-8e7b556c');
		expect(target.historyUrl?.href).toBe(
			'http://127.0.0.1:7364/api/sessions/session-2026-12-02-14-45-42-8e7b556c/messages',
		);
		expect(target.loginUrl.href).toBe('http://127.0.0.1:7364/api/auth/login');
	});

	it('keeps a path prefix (a reverse proxy mount) and decodes the id', () => {
		const target = resolveStreamTarget('https://example.test/penguin/api/sessions/a%20b/stream/');
		expect(target.sessionId).toBe('a b');
		expect(target.historyUrl?.href).toBe('https://example.test/penguin/api/sessions/a%20b/messages');
		expect(target.loginUrl.href).toBe('https://example.test/penguin/api/auth/login');
	});

	it('streams any other URL without history', () => {
		const target = resolveStreamTarget('http://localhost:7364/api/events');
		expect(target.historyUrl).toBeUndefined();
		expect(target.sessionId).toBeUndefined();
	});

	it('refuses what is not an http(s) URL, or carries credentials', () => {
		expect(() => resolveStreamTarget('ftp://x/api/sessions/s/stream')).toThrow(/not an http\(s\) URL/);
		expect(() => resolveStreamTarget('no url')).toThrow(/not a URL/);
		expect(() => resolveStreamTarget('http://me:hunter2@x/api/events')).toThrow(SseClientError);
		try {
			resolveStreamTarget('http://me:hunter2@x/api/events');
		} catch (error) {
			expect((error as Error).message).not.toContain('hunter2');
		}
	});
});

describe('headers', () => {
	it('sends a bare --cookie as the session cookie and a full one as is', () => {
		expect(cookieHeaderValue('abc123')).toBe('penguin_session=abc123');
		expect(cookieHeaderValue(' penguin_session=abc; other=1 ')).toBe('penguin_session=abc; other=1');
	});

	it('parses repeatable --header options', () => {
		expect(parseHeaderOption('X-Proxy-Token:  t0k3n ')).toEqual(['X-Proxy-Token', 't0k3n']);
		expect(buildHeaders({cookie: 'abc', headers: ['A: 1', 'B: two: parts']})).toEqual({
			A: '1',
			B: 'two: parts',
			Cookie: 'penguin_session=abc',
		});
	});

	it('names a bad header without showing its value', () => {
		expect(() => parseHeaderOption('no colon here')).toThrow(/Name: value/);
		expect(() => parseHeaderOption('Bad Name: v')).toThrow(/header name/);
		try {
			parseHeaderOption('X-Secret: s3cr3t\nInjected: 1');
			expect.unreachable();
		} catch (error) {
			expect((error as Error).message).toContain('X-Secret');
			expect((error as Error).message).not.toContain('s3cr3t');
		}
	});

	it('lists the secrets to keep out of messages', () => {
		expect(secretsOf({cookie: ' c00kie ', headers: ['Authorization: Bearer abc'], password: 'pw'})).toEqual([
			'pw',
			'c00kie',
			'Bearer abc',
		]);
	});

	it('finds the session cookie among Set-Cookie headers', () => {
		const headers = new Headers();
		headers.append('set-cookie', 'theme=dark; Path=/');
		headers.append('set-cookie', 'penguin_session=tok-123; Path=/; HttpOnly; SameSite=Lax');
		expect(sessionCookieFrom(headers)).toBe('tok-123');
		expect(sessionCookieFrom(new Headers())).toBeUndefined();
	});
});

describe('login', () => {
	let server: SseTestServer | undefined;
	afterEach(async () => {
		await server?.close();
		server = undefined;
	});

	it('posts the user and password as JSON and returns the cookie the server sets', async () => {
		server = await startSseServer({
			login: body => {
				const {userId, password} = body as {userId: string; password: string};
				if (userId === 'alice' && password === 'correct horse') {
					return {
						status: 200,
						json: {user: {id: 'alice'}},
						headers: {'set-cookie': 'penguin_session=sess-42; Path=/; HttpOnly'},
					};
				}
				return {status: 401, json: {error: {code: 'invalid_credentials', message: 'Wrong user or password.'}}};
			},
		});
		const loginUrl = new URL('/api/auth/login', server.origin);
		await expect(login({loginUrl, userId: 'alice', password: 'correct horse'})).resolves.toBe('sess-42');
		const [request] = server.requestsTo('/api/auth/login');
		expect(request.headers['content-type']).toBe('application/json');
		expect(JSON.parse(request.body)).toEqual({userId: 'alice', password: 'correct horse'});

		const failure = await login({loginUrl, userId: 'alice', password: 'wrong-pass'}).catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(SseClientError);
		expect((failure as Error).message).toBe('login as alice failed (401); the server said: Wrong user or password.');
	});

	it('keeps the password out of the message even when the server echoes it', async () => {
		server = await startSseServer({login: () => ({status: 401, body: 'bad password: p4ssw0rd!'})});
		const failure: unknown = await login({
			loginUrl: new URL('/api/auth/login', server.origin),
			userId: 'bob',
			password: 'p4ssw0rd!',
		}).catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(SseClientError);
		expect((failure as Error).message).toBe('login as bob failed (401); the server said: bad password: <redacted>');
	});

	it('says so when the login sets no session cookie', async () => {
		server = await startSseServer({login: () => ({status: 200, json: {user: {}}})});
		await expect(
			login({loginUrl: new URL('/api/auth/login', server.origin), userId: 'u', password: 'p'}),
		).rejects.toThrow(/set no penguin_session cookie/);
	});
});

describe('HTTP answers', () => {
	it('401 and 403 ask for a login and quote the server on one line', () => {
		const error = httpStatusError(401, '{"error":{"code":"unauthorized","message":"Not signed in\\nor expired."}}', {
			url,
			sessionId: 's-1',
		});
		expect(error.message).toBe(
			'the server at localhost:7364 needs a login: pass --cookie or --user; the server said: Not signed in or expired.',
		);
		expect(error.retryable).toBe(false);
		expect(httpStatusError(403, '<html>\n<body>Forbidden</body></html>', {url}).message).toMatch(
			/needs a login: pass --cookie or --user; the server said: <html> <body>Forbidden<\/body><\/html>$/,
		);
	});

	it('404 names the session', () => {
		const error = httpStatusError(404, '{"error":{"message":"Session not found."}}', {url, sessionId: 's-1'});
		expect(error.message).toBe('no such session: s-1 on localhost:7364 (the server said: Session not found.)');
		expect(error.retryable).toBe(false);
	});

	it('retries 5xx, 408 and 429 only', () => {
		expect(httpStatusError(502, 'bad gateway', {url}).retryable).toBe(true);
		expect(httpStatusError(429, '', {url}).retryable).toBe(true);
		expect(httpStatusError(400, '', {url}).retryable).toBe(false);
	});

	it('says what came instead of an event stream', () => {
		expect(contentTypeError('text/html; charset=utf-8', {url}).message).toBe(
			'the server at localhost:7364 answered with content type text/html; charset=utf-8, not ' +
				"text/event-stream: is http://localhost:7364/api/sessions/s-1/stream a session's /stream URL?",
		);
	});

	it('trims what the server said', () => {
		expect(serverSaid('')).toBe('(an empty body)');
		expect(oneLine('a'.repeat(300))).toHaveLength(200);
		expect(serverSaid('{"message":"plain"}')).toBe('plain');
	});
});

describe('network failures', () => {
	it('connection refused is retried', () => {
		const error = networkError(fetchFailure('ECONNREFUSED'), url, false);
		expect(error.kind).toBe('refused');
		expect(error.retryable).toBe(true);
		expect(error.message).toBe('connection refused by localhost:7364: is the server running?');
	});

	it('finds the code inside an AggregateError (several addresses tried)', () => {
		const aggregate = new AggregateError([Object.assign(new Error('x'), {code: 'ECONNREFUSED'})], 'all failed');
		expect(networkError(new TypeError('fetch failed', {cause: aggregate}), url, false).kind).toBe('refused');
	});

	it('a host that does not resolve ends the client unless it was connected before', () => {
		const first = networkError(
			fetchFailure('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'),
			new URL('http://nowhere.invalid/x'),
			false,
		);
		expect(first.message).toBe('cannot resolve the host nowhere.invalid (DNS lookup failed: ENOTFOUND)');
		expect(first.retryable).toBe(false);
		expect(networkError(fetchFailure('ENOTFOUND'), url, true).retryable).toBe(true);
		expect(networkError(fetchFailure('EAI_AGAIN'), url, false).retryable).toBe(true);
	});

	it('an untrusted certificate mentions --insecure and is not retried', () => {
		for (const code of [
			'DEPTH_ZERO_SELF_SIGNED_CERT',
			'SELF_SIGNED_CERT_IN_CHAIN',
			'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
			'CERT_HAS_EXPIRED',
			'ERR_TLS_CERT_ALTNAME_INVALID',
		]) {
			const error = networkError(fetchFailure(code), new URL('https://example.test/api/events'), true);
			expect(error.kind).toBe('tls');
			expect(error.retryable).toBe(false);
			expect(error.message).toBe(
				`the TLS certificate of example.test is not trusted (${code}); pass --insecure to skip the check for this viewer`,
			);
		}
	});

	it('anything else is a retried network error on one line', () => {
		const error = networkError(fetchFailure('ECONNRESET', 'socket hang\nup'), url, true);
		expect(error.message).toBe('cannot reach localhost:7364: ECONNRESET: socket hang up');
		expect(error.retryable).toBe(true);
	});

	it('redacts every secret', () => {
		expect(redact('cookie penguin_session=abc123 and abc123 again', ['abc123', 'x'])).toBe(
			'cookie penguin_session=<redacted> and <redacted> again',
		);
	});
});

describe('backoff', () => {
	it('doubles from the base up to the ceiling, jitter taking at most a quarter off', () => {
		const top = (attempt: number): number => backoffDelay(attempt, {baseMs: 1000, maxMs: 30_000, random: () => 0});
		expect([1, 2, 3, 4, 5, 6, 7, 20].map(top)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
		const low = backoffDelay(1, {baseMs: 1000, maxMs: 30_000, random: () => 0.999_999});
		expect(low).toBeGreaterThanOrEqual(750);
		expect(low).toBeLessThan(1000);
	});

	it('starts from the server’s retry: value when it sent one', () => {
		expect(backoffDelay(2, {baseMs: 3000, maxMs: 30_000, random: () => 0})).toBe(6000);
	});
});

describe('event ids', () => {
	it('splits `<epoch>-<seq>` at the last dash', () => {
		expect(parseEventId('aa9ab217-71')).toEqual({epoch: 'aa9ab217', seq: 71});
		expect(parseEventId('a-b-3')).toEqual({epoch: 'a-b', seq: 3});
		expect(parseEventId('nodash')).toBeUndefined();
		expect(parseEventId('e-x1')).toBeUndefined();
		expect(parseEventId(undefined)).toBeUndefined();
	});
});
