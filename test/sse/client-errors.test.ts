// The SSE client's failures and requests: 401/403/404, wrong content type, refused connections with a retry countdown,
// 5xx and retry:, TLS with and without --insecure, history failures, non-session URLs, headers, login, secrets kept out
// of messages, close().
import {afterEach, describe, expect, it} from 'vitest';
import {startSseClient, type SseClient, type SseClientOptions} from '../../source/io/sse/client.js';
import {Collector, fastTimings} from '../support/sse-collect.js';
import {recordedAnswer, recordedBlocks, recordedChunks, recordedSessionId} from '../support/sse-fixtures.js';
import {closedPort, replayRecorded, startSseServer, type SseTestServer} from '../support/sse-server.js';
import {testTlsCert, testTlsKey} from '../support/sse-tls.js';

const blocks = recordedBlocks();
let servers: SseTestServer[] = [];
let client: SseClient | undefined;

afterEach(async () => {
	client?.close();
	client = undefined;
	await Promise.all(servers.map(server => server.close()));
	servers = [];
});

async function serve(options: Parameters<typeof startSseServer>[0] = {}): Promise<SseTestServer> {
	const server = await startSseServer(options);
	servers.push(server);
	return server;
}

function follow(url: string, options: Partial<SseClientOptions> = {}): {collector: Collector; client: SseClient} {
	const collector = new Collector();
	client = startSseClient({url, timings: fastTimings, random: () => 0, ...options}, collector.listener);
	return {collector, client};
}

const unauthorized = {
	status: 401,
	json: {error: {code: 'unauthorized', message: 'Not signed in or the sign-in has expired.'}},
};

describe('answers that end the client', () => {
	it('401: asks for a login, quotes the server, does not retry, and ends the inputs', async () => {
		const server = await serve({stream: connection => connection.answer(unauthorized)});
		const {collector, client: running} = follow(server.streamUrl, {cookie: 'super-secret-cookie'});
		const result = await running.done;
		const message =
			`the server at 127.0.0.1:${server.port} needs a login: pass --cookie or --user; the server said: Not ` +
			`signed in or the sign-in has expired.`;
		expect(result).toEqual({outcome: 'failed', message});
		expect(collector.statuses().at(-1)).toEqual({state: 'failed', message});
		expect(collector.inputs().at(-1)).toEqual({kind: 'end'});
		expect(server.requestsTo('/stream')).toHaveLength(1);
		expect(server.requestsTo('/stream')[0].headers['cookie']).toBe('penguin_session=super-secret-cookie');
	});

	it('403: the same, and a cookie the server echoes back is redacted', async () => {
		const server = await serve({
			stream: connection =>
				connection.answer({status: 403, body: 'forbidden for cookie penguin_session=super-secret-cookie'}),
		});
		const {client: running} = follow(server.streamUrl, {cookie: 'super-secret-cookie'});
		const result = await running.done;
		expect(result.outcome).toBe('failed');
		expect(result.outcome === 'failed' && result.message).toBe(
			`the server at 127.0.0.1:${server.port} needs a login: pass --cookie or --user; the server said: ` +
				`forbidden for cookie penguin_session=<redacted>`,
		);
	});

	it('404: names the session', async () => {
		const server = await serve({sessionId: 'session-other'});
		const url = server.streamUrl.replace('session-other', recordedSessionId);
		const {client: running} = follow(url);
		expect(await running.done).toEqual({
			outcome: 'failed',
			message: `no such session: ${recordedSessionId} on 127.0.0.1:${server.port} (the server said: Session not found.)`,
		});
	});

	it('a web page instead of an event stream', async () => {
		const server = await serve({
			stream: connection => connection.answer({status: 200, body: '<html>login</html>', contentType: 'text/html'}),
		});
		const {client: running} = follow(server.streamUrl);
		const result = await running.done;
		expect(result.outcome === 'failed' && result.message).toBe(
			`the server at 127.0.0.1:${server.port} answered with content type text/html, not text/event-stream: ` +
				`is ${server.streamUrl} a session's /stream URL?`,
		);
	});

	it('a malformed URL or header fails at once with a clear line', async () => {
		expect(await follow('not a url').client.done).toEqual({outcome: 'failed', message: 'not a URL: not a url'});
		expect(await follow('http://x/api/events', {headers: ['oops']}).client.done).toEqual({
			outcome: 'failed',
			message: 'a --header must look like "Name: value"',
		});
	});
});

describe('failures that are retried', () => {
	it(
		'connection refused: counts attempts and says when the ' + 'next one starts, then connects once the server is up',
		async () => {
			const port = await closedPort();
			const url = `http://127.0.0.1:${port}/api/sessions/${recordedSessionId}/stream`;
			const {collector} = follow(url, {now: () => 1_000_000});
			await collector.until(
				() => collector.statuses().filter(status => status.retryAt !== undefined).length >= 4,
				'four retries',
			);
			const waits = collector.statuses().filter(status => status.retryAt !== undefined);
			expect(waits.slice(0, 4)).toEqual(
				[5, 10, 20, 40].map((delay, i) => ({
					state: 'reconnecting',
					attempt: i + 1,
					retryAt: 1_000_000 + delay,
					message: `connection refused by 127.0.0.1:${port}: is the server running?`,
				})),
			);
			const server = await serve({port});
			await collector.until(
				() =>
					collector.messages().length ===
					blocks.filter(block => block.event === undefined && block.data !== undefined).length,
				'the stream',
			);
			expect(collector.statuses().at(-1)).toEqual({state: 'live'});
			expect(server.requestsTo('/messages')).toHaveLength(1);
		},
	);

	it('a 503 is retried; a retry: field sets the next delay', async () => {
		const server = await serve({
			stream: async connection => {
				if (connection.index === 0) {
					connection.answer({status: 503, body: 'warming up'});
					return;
				}
				if (connection.index === 1) {
					await connection.write('retry: 30\n\n');
					await connection.write(blocks[0].text);
					connection.drop();
					return;
				}
				await replayRecorded(connection, blocks.slice(1, 3));
			},
		});
		const {collector} = follow(server.streamUrl, {now: () => 0});
		await collector.until(() => collector.serverEvents().length >= 2, 'the events after two retries');
		const waits = collector.statuses().filter(status => status.retryAt !== undefined);
		expect(waits[0]).toEqual({
			state: 'reconnecting',
			attempt: 1,
			retryAt: 5,
			message: `the server at 127.0.0.1:${server.port} answered 503 to the stream request: warming up`,
		});
		// The second connection carried only the task_state snapshot every connection opens with:
		// still a failure in a row (attempt 2), waited for from the base the retry: field set
		// (twice 30 ms, held to the 40 ms ceiling; without the field it would be 10).
		expect(waits[1]).toMatchObject({attempt: 2, retryAt: 40});
		expect(server.connections[2].lastEventId).toBe('aa9ab217-1');
	});
});

describe('TLS', () => {
	it('an untrusted certificate fails with a hint about --insecure', async () => {
		const server = await serve({tls: {key: testTlsKey, cert: testTlsCert}});
		const result = await follow(server.streamUrl).client.done;
		expect(result.outcome).toBe('failed');
		expect(result.outcome === 'failed' && result.message).toMatch(
			new RegExp(
				`^the TLS certificate of 127\\.0\\.0\\.1:${server.port} is not trusted \\([A-Z_]+\\); pass ` +
					`--insecure to skip the check for this viewer$`,
			),
		);
	});

	it('--insecure skips the check for this client, history included', async () => {
		const server = await serve({
			tls: {key: testTlsKey, cert: testTlsCert},
			messages: () => recordedAnswer('A-messages-midrun-task1.json'),
		});
		const {collector} = follow(server.streamUrl, {insecure: true});
		await collector.until(
			() => collector.statuses().at(-1)?.state === 'live' && collector.messages().length > 100,
			'the stream over TLS',
		);
		expect(server.requestsTo('/messages')).toHaveLength(1);
		expect(collector.messages()[0].type).toBe('session_meta');
	});
});

describe('history', () => {
	it('streams without history when it cannot be fetched, and says so', async () => {
		const server = await serve({messages: () => ({status: 500, body: 'database on fire'})});
		const {collector} = follow(server.streamUrl);
		await collector.until(() => collector.messages().length > 10, 'the live stream');
		expect(collector.notices()).toEqual([
			`could not load the history (the server at 127.0.0.1:${server.port} answered 500 to the history ` +
				`request: database on fire): showing the live stream only`,
		]);
		expect(collector.statuses().at(-1)).toEqual({state: 'live'});
	});

	it('streams any other URL without history', async () => {
		const server = await serve({
			other: request =>
				request.path === '/api/events'
					? connection => replayRecorded(connection, recordedBlocks('A-user-events-stream.jsonl'))
					: undefined,
		});
		const {collector} = follow(`${server.origin}/api/events`);
		const expected = recordedBlocks('A-user-events-stream.jsonl').filter(block => block.data !== undefined);
		await collector.until(() => collector.serverEvents().length === expected.length, 'the user events');
		expect(collector.serverEvents().map(item => item.event.type)).toEqual(
			expected.map(block => (JSON.parse(block.data!) as {type: string}).type),
		);
		expect(collector.notices()).toEqual(['not a session stream URL: streaming without history']);
		expect(server.requestsTo('/messages')).toHaveLength(0);
		expect(recordedChunks('A-user-events-stream.jsonl').length).toBeGreaterThan(0);
	});
});

describe('requests', () => {
	it('sends extra headers on the stream and history requests', async () => {
		const server = await serve();
		const {collector} = follow(server.streamUrl, {
			headers: ['X-Proxy-Token: tok-1', 'X-Team: penguins'],
			cookie: 'penguin_session=abc; lang=en',
		});
		await collector.until(() => collector.statuses().at(-1)?.state === 'live', 'live');
		for (const request of [server.requestsTo('/stream')[0], server.requestsTo('/messages')[0]]) {
			expect(request.headers['x-proxy-token']).toBe('tok-1');
			expect(request.headers['x-team']).toBe('penguins');
			expect(request.headers['cookie']).toBe('penguin_session=abc; lang=en');
		}
	});

	it('logs in first with --user and never shows the password', async () => {
		const server = await serve({
			login: () => ({
				status: 200,
				json: {user: {id: 'alice'}},
				headers: {'set-cookie': 'penguin_session=from-login; Path=/; HttpOnly'},
			}),
			stream: async connection => {
				if (connection.request.headers['cookie'] !== 'penguin_session=from-login') {
					connection.answer(unauthorized);
					return;
				}
				await replayRecorded(connection, blocks.slice(0, 3));
			},
			messages: () => ({status: 500, body: 'password was pa55word-xyz'}),
		});
		const {collector} = follow(server.streamUrl, {login: {userId: 'alice', password: 'pa55word-xyz'}});
		await collector.until(() => collector.serverEvents().length === 2, 'the stream after login');
		const shown = JSON.stringify(collector.events);
		expect(shown).not.toContain('pa55word-xyz');
		expect(shown).not.toContain('from-login');
		expect(collector.notices()[0]).toContain('password was <redacted>');
	});

	it('close() stops everything and settles done', async () => {
		const server = await serve({stream: async connection => connection.write(blocks[0].text)});
		const {collector, client: running} = follow(server.streamUrl);
		await collector.until(() => collector.statuses().at(-1)?.state === 'live', 'live');
		const seen = collector.events.length;
		running.close();
		expect(await running.done).toEqual({outcome: 'closed'});
		// The server sees the connection end: the client has hung up, and nothing came after close().
		await server.connections[0].gone;
		expect(collector.events).toHaveLength(seen);
		expect(server.connections).toHaveLength(1);
	});
});
