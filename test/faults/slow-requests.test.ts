// Nothing auxiliary holds up the stream: a session record that never answers, answers its headers and never its body,
// or answers late; `--list` when the project list hangs; every request ends within its limits (short ones passed down
// here), over node:http too (--insecure).
import {afterEach, describe, expect, it} from 'vitest';
import {startSseClient, type SseClient} from '../../source/io/sse/client.js';
import {createFetch} from '../../source/io/sse/http-fetch.js';
import {getJson} from '../../source/io/sse/get-json.js';
import {ServerApi} from '../../source/server/api.js';
import {serverListCommand} from '../../source/commands/server-list.js';
import {runCli} from '../helpers/run-cli.js';
import {Collector} from '../support/sse-collect.js';
import {serverAnswer} from '../support/sse-fixtures.js';
import {startSseServer, type SeenRequest, type SseConnection, type SseTestServer} from '../support/sse-server.js';
import {recordedSessionId} from '../support/sse-fixtures.js';
import {waitFor} from '../support/wait-for.js';
import {testTlsCert, testTlsKey} from '../support/sse-tls.js';

const short = {answerMs: 300, wholeMs: 600};
// The history's own limit is long: only the record's limits may decide when the stream shows.
const timings = {
	initialRetryMs: 5,
	maxRetryMs: 40,
	idleTimeoutMs: 5_000,
	firstEventWaitMs: 50,
	historyAnswerMs: 30_000,
	recordWaitMs: 0,
	requests: short,
};
const recordPath = `/api/sessions/${recordedSessionId}`;

const servers: SseTestServer[] = [];
let client: SseClient | undefined;
/** Connections a test holds open (a record that never ends): ended after it. */
const held: SseConnection[] = [];

afterEach(async () => {
	client?.close();
	client = undefined;
	for (const connection of held.splice(0)) connection.drop();
	await Promise.all(servers.splice(0).map(async server => server.close()));
});

/** A server of the recorded session whose record (`GET /api/sessions/:id`) is answered by `record`. */
async function serve(
	record: (connection: SseConnection, request: SeenRequest) => Promise<void> | void,
): Promise<SseTestServer> {
	const server = await startSseServer({
		other: request =>
			new URL(request.path, 'http://x').pathname === recordPath
				? async (connection: SseConnection) => {
						held.push(connection);
						await record(connection, request);
					}
				: undefined,
	});
	servers.push(server);
	return server;
}

const neverAnswers = (): void => undefined;
const headersOnly = async (connection: SseConnection): Promise<void> => {
	connection.open('application/json');
	await connection.write('{"session": {"sessionId": "');
};

describe('the session record does not hold up the stream', () => {
	for (const [name, record] of [
		['never answers', neverAnswers],
		['answers its headers and never its body', headersOnly],
	] as const) {
		it(
			`a record that ${name}: the history and the live stream show before the record's limit, the record ` +
				`ends at it, and nothing else is said`,
			async () => {
				const server = await serve(record);
				const collector = new Collector();
				const limits = {answerMs: 3_000, wholeMs: 3_000};
				client = startSseClient(
					{url: server.streamUrl, timings: {...timings, requests: limits}, random: () => 0},
					collector.listener,
				);
				await collector.until(
					() => collector.statuses().at(-1)?.state === 'live' && collector.messages().length > 0,
					'the stream live, with the session’s messages',
				);
				// Live while the record is still asked for: it held nothing up.
				let recordEnded = false;
				void server.responded(server.requestsTo(recordPath)[0]!).then(() => (recordEnded = true));
				await Promise.resolve();
				expect(recordEnded).toBe(false);
				// The header still names the session, from the stream's URL.
				expect(collector.inputs().find(input => input.kind === 'session_info')).toEqual({
					kind: 'session_info',
					info: {sessionId: recordedSessionId},
				});
				// The record's request is given up at its limit: the server sees the client go.
				await server.responded(server.requestsTo(recordPath)[0]!);
				expect(collector.notices()).toEqual([]);
			},
		);
	}

	it('a record that answers late: the stream shows first, and the header fills in when the record comes', async () => {
		let release!: () => void;
		const released = new Promise<void>(resolve => (release = resolve));
		const server = await serve(async connection => {
			await released;
			connection.answer(serverAnswer('session-running.json'));
		});
		const collector = new Collector();
		client = startSseClient(
			{url: server.streamUrl, timings: {...timings, requests: {answerMs: 10_000, wholeMs: 10_000}}, random: () => 0},
			collector.listener,
		);
		await collector.until(
			() => collector.statuses().at(-1)?.state === 'live' && collector.messages().length > 0,
			'the stream live without the record',
		);
		release();
		await collector.until(
			() => collector.inputs().some(input => input.kind === 'session_info' && input.info.modelId !== undefined),
			'the record',
		);
		const late = collector
			.inputs()
			.filter(input => input.kind === 'session_info')
			.at(-1);
		expect(late).toMatchObject({info: {modelId: 'fake-model', provider: 'custom'}});
	});

	it(
		'the built program in print mode: a record that ' + 'never ends does not keep it from printing and exiting',
		async () => {
			const server = await serve(headersOnly);
			const result = await runCli(['--sse', server.streamUrl, '--print', '--no-follow']);
			expect(result.code).toBe(0);
			expect(result.stdout).toContain('── session totals');
		},
	);
});

describe('--list when the server hangs', () => {
	for (const [name, hang, said] of [
		['never answers', neverAnswers, 'no answer within 0.3 s'],
		['sends its headers and never the body', headersOnly, 'the answer did not finish within 0.6 s'],
	] as const) {
		it(`/api/projects ${name}: one line after the limit, exit 1`, async () => {
			const server = await startSseServer({
				other: request =>
					request.path === '/api/projects'
						? async (connection: SseConnection) => {
								held.push(connection);
								await hang(connection);
							}
						: undefined,
			});
			servers.push(server);
			const api = new ServerApi(new URL(`${server.origin}/`), {}, undefined, short);
			const listed = await serverListCommand(api, {json: false, now: 0});
			expect(listed.exitCode).toBe(1);
			expect(listed.stdout).toBe('');
			expect(listed.stderr).toBe(`penguin-view: 127.0.0.1:${server.port}/api/projects: ${said}\n`);
		});
	}
});

describe('every request has an end', () => {
	it('over node:http(s) (--insecure) too: headers and never a body ends at the limit', async () => {
		const server = await startSseServer({
			tls: {key: testTlsKey, cert: testTlsCert},
			other: () => async (connection: SseConnection) => {
				held.push(connection);
				await headersOnly(connection);
			},
		});
		servers.push(server);
		const fetch = createFetch({insecure: true, timeouts: short});
		await expect(
			getJson({url: new URL(`${server.origin}/api/projects`), what: 'the project list', fetch}),
		).rejects.toThrow(`127.0.0.1:${server.port}/api/projects: the answer did not finish within 0.6 s`);
	});

	it('a slow answer inside the limits is used', async () => {
		let release!: () => void;
		const released = new Promise<void>(resolve => (release = resolve));
		const server = await startSseServer({
			other: () => async (connection: SseConnection) => {
				held.push(connection);
				connection.open('application/json');
				await connection.write('{"projects": [');
				await released;
				await connection.write('{"projectId": "p"}]}');
				connection.end();
			},
		});
		servers.push(server);
		const fetch = createFetch({timeouts: {answerMs: 10_000, wholeMs: 10_000}});
		const answer = getJson({url: new URL(`${server.origin}/api/projects`), what: 'the project list', fetch});
		await waitFor(() => server.requests.length > 0, 'the request');
		release();
		await expect(answer).resolves.toEqual({projects: [{projectId: 'p'}]});
	});
});
