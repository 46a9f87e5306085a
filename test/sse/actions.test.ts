// The HTTP side of acting (source/io/sse/actions.ts) against the fake server: the endpoints and
// bodies of upstream's routes, the stream's login sent along, and every refusal as one line
// without a secret in it.
import {afterEach, describe, expect, it} from 'vitest';
import {sendAction, type ActionContext} from '../../source/io/sse/actions.js';
import {startSseClient, type SseClient} from '../../source/io/sse/client.js';
import {createFetch} from '../../source/io/sse/http-fetch.js';
import {approvalCallId, approvalSession, startActingServer, type ActingServer} from '../support/acting-server.js';
import {closedPort} from '../support/sse-server.js';

let server: ActingServer | undefined;
let client: SseClient | undefined;
afterEach(async () => {
	client?.close();
	client = undefined;
	await server?.close();
	server = undefined;
});

const cookie = 'penguin_session=s3cret-cookie-value';
const context = (origin: string): ActionContext => ({
	sessionUrl: new URL(`${origin}/api/sessions/${approvalSession}`),
	fetch: createFetch(),
	headers: {Cookie: cookie},
	secrets: ['s3cret-cookie-value'],
});

describe('the requests', () => {
	it('allow, deny, abort and steer go where upstream routes them, as JSON, with the login', async () => {
		server = await startActingServer();
		const results = [
			await sendAction(context(server.origin), {kind: 'decide', callId: approvalCallId, decision: 'allow'}),
			await sendAction(context(server.origin), {kind: 'decide', callId: 'call/with space', decision: 'deny'}),
			await sendAction(context(server.origin), {kind: 'abort'}),
			await sendAction(context(server.origin), {kind: 'steer', text: 'look at the tests first'}),
		];
		expect(results).toEqual([
			{ok: true, status: 204},
			{ok: true, status: 204},
			{ok: true, status: 202},
			{ok: true, status: 202},
		]);
		expect(server.actions.map(action => [action.path, action.body])).toEqual([
			[`/approvals/${approvalCallId}`, {decision: 'allow'}],
			['/approvals/call%2Fwith%20space', {decision: 'deny'}],
			['/abort', {}],
			['/steer', {text: 'look at the tests first'}],
		]);
		for (const action of server.actions) {
			expect(action.request.method).toBe('POST');
			expect(action.request.headers['content-type']).toBe('application/json');
			expect(action.request.headers.cookie).toBe(cookie);
		}
	});

	it('through the SSE client: the cookie from --user login goes with the action', async () => {
		server = await startActingServer({requireCookie: 'penguin_session=from-login'});
		const {startSseServer} = await import('../support/sse-server.js');
		// A login server on its own: the acting server's requests must carry the cookie it sets.
		const login = await startSseServer({
			login: () => ({
				status: 200,
				json: {user: {}},
				headers: {'set-cookie': 'penguin_session=from-login; Path=/; HttpOnly'},
			}),
		});
		try {
			client = startSseClient(
				{
					url: `${server.origin}/api/sessions/${approvalSession}/stream`,
					login: {userId: 'alice', password: 'pw-secret'},
					fetch: (url, init) => {
						const target = new URL(url);
						// The login goes to the login server; everything else to the acting server.
						if (target.pathname === '/api/auth/login') target.port = String(login.port);
						return fetch(target, init);
					},
				},
				() => undefined,
			);
			const outcome = await client.act({kind: 'decide', callId: approvalCallId, decision: 'allow'});
			expect(outcome).toEqual({ok: true, status: 204});
			expect(server.actions.at(-1)!.request.headers.cookie).toBe('penguin_session=from-login');
		} finally {
			await login.close();
		}
	});
});

describe('refusals: one line each, no secret in it', () => {
	it.each([
		[
			404,
			{error: {code: 'approval_not_found', message: 'Approval does not exist or has already been decided.'}},
			'the server answered 404: Approval does not exist or has already been decided.',
		],
		[
			400,
			{error: {code: 'bad_request', message: 'decision must be one of allow / deny.'}},
			'the server answered 400: decision must be one of allow / deny.',
		],
		[403, {error: {code: 'forbidden', message: 'No access.'}}, 'the server answered 403: No access.'],
		[
			409,
			{
				error: {
					code: 'not_running',
					message: 'This Session has no Task in progress; send the message as a new task instead.',
				},
			},
			'the server answered 409: This Session has no Task in progress; send the message as a new task instead.',
		],
	])('%i', async (status, json, reason) => {
		server = await startActingServer({answers: [{status, json}]});
		const outcome = await sendAction(context(server.origin), {
			kind: 'decide',
			callId: approvalCallId,
			decision: 'allow',
		});
		expect(outcome).toEqual({ok: false, status, reason});
	});

	it('a server that quotes the cookie back has it redacted', async () => {
		server = await startActingServer({
			answers: [{status: 401, json: {error: {code: 'unauthorized', message: `bad cookie ${cookie}`}}}],
		});
		const outcome = await sendAction(context(server.origin), {kind: 'abort'});
		expect(outcome.ok).toBe(false);
		expect(JSON.stringify(outcome)).not.toContain('s3cret-cookie-value');
		expect(JSON.stringify(outcome)).toContain('<redacted>');
	});

	it('nobody listening: connection refused, in one line', async () => {
		const port = await closedPort();
		const outcome = await sendAction(context(`http://127.0.0.1:${port}`), {kind: 'steer', text: 'hello'});
		expect(outcome).toEqual({ok: false, reason: `connection refused by 127.0.0.1:${port}: is the server running?`});
	});

	it('a URL that is not a session stream has no session to act on', async () => {
		server = await startActingServer();
		client = startSseClient({url: `${server.origin}/api/events`}, () => undefined);
		const outcome = await client.act({kind: 'abort'});
		expect(outcome).toEqual({ok: false, reason: 'not a session stream URL: there is no session to act on'});
		expect(server.actions).toEqual([]);
	});
});
