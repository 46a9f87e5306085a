// A scriptable stand-in for the PenguinHarness server's SSE and history endpoints, on 127.0.0.1 with a free port.
import http from 'node:http';
import https from 'node:https';
import type {AddressInfo} from 'node:net';
import {setImmediate as nextTurn, setTimeout as sleep} from 'node:timers/promises';
import {afterEach} from 'vitest';
import {
	recordedAnswer,
	recordedBlocks,
	recordedSessionId,
	serverStreamBlocks,
	type RecordedBlock,
} from './sse-fixtures.js';

/** A request the server saw. */
export type SeenRequest = {method: string; path: string; headers: http.IncomingHttpHeaders; body: string};

/** A plain (non-stream) answer. */
export type Answer = {
	status: number;
	json?: unknown;
	body?: string;
	contentType?: string;
	headers?: Record<string, string | string[]>;
};

/** One stream connection, driven by a test's script. */
export class SseConnection {
	/** Resolves when the client goes away or the connection is dropped. */
	readonly gone: Promise<void>;
	private isGone = false;
	private opened = false;

	constructor(
		readonly index: number,
		readonly request: SeenRequest,
		private readonly res: http.ServerResponse,
	) {
		this.gone = new Promise(resolve => {
			res.on('close', () => {
				this.isGone = true;
				resolve();
			});
		});
		res.socket?.setNoDelay(true);
	}

	/** The `Last-Event-ID` the client sent, if any. */
	get lastEventId(): string | undefined {
		const value = this.request.headers['last-event-id'];
		return typeof value === 'string' ? value : undefined;
	}

	get closed(): boolean {
		return this.isGone;
	}

	/** Answers with something other than a stream (an error, a web page). */
	answer(answer: Answer): void {
		writeAnswer(this.res, answer);
	}

	/** Sends the stream's status and headers. */
	open(contentType = 'text/event-stream'): void {
		if (this.opened) return;
		this.opened = true;
		this.res.writeHead(200, {'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive'});
		this.res.flushHeaders();
	}

	/** Writes raw text or bytes; resolves once they are handed to the socket. */
	async write(data: string | Uint8Array): Promise<void> {
		this.open();
		if (this.isGone) return;
		await new Promise<void>(resolve => {
			this.res.write(data, () => resolve());
		});
	}

	/** Writes one event block (`id` last, as the server does). */
	event(event: {data: string; id?: string; event?: string}): Promise<void> {
		let text = '';
		if (event.event !== undefined) text += `event: ${event.event}\n`;
		for (const line of event.data.split('\n')) text += `data: ${line}\n`;
		if (event.id !== undefined) text += `id: ${event.id}\n`;
		return this.write(text + '\n');
	}

	/** A heartbeat comment. */
	ping(): Promise<void> {
		return this.write(': ping\n\n');
	}

	/** Writes bytes a few at a time with a pause between writes (0: just a turn of the event loop). */
	async drip(data: string | Uint8Array, bytesPerWrite = 1, pauseMs = 0): Promise<void> {
		const bytes = typeof data === 'string' ? Buffer.from(data) : data;
		for (let i = 0; i < bytes.length && !this.isGone; i += bytesPerWrite) {
			await this.write(bytes.subarray(i, i + bytesPerWrite));
			await (pauseMs > 0 ? sleep(pauseMs) : nextTurn());
		}
	}

	/** Cuts the TCP connection without ending the response. */
	drop(): void {
		this.res.socket?.destroy();
	}

	/** Ends the response cleanly. */
	end(): void {
		this.res.end();
	}
}

/** What a stream connection does; the default replays the recorded capture and stays open. */
export type StreamScript = (connection: SseConnection) => Promise<void> | void;

/** Options for startSseServer. */
export type SseServerOptions = {
	sessionId?: string;
	stream?: StreamScript;
	/** The `/messages` answer for the n-th request (0-based); default: the recorded empty history. */
	messages?: (n: number, request: SeenRequest) => Answer | Promise<Answer>;
	/** `POST /api/auth/login`. */
	login?: (body: unknown) => Answer;
	/** `GET /api/sessions/:id`, the session's record (else `other` answers it, 404 by default). */
	info?: (request: SeenRequest) => Answer;
	/** Any other path. */
	other?: (request: SeenRequest) => Answer | StreamScript | undefined;
	tls?: {key: string; cert: string};
	/** A fixed port (default: any free one). */
	port?: number;
};

/** A running test server. */
export type SseTestServer = {
	port: number;
	origin: string;
	streamUrl: string;
	requests: SeenRequest[];
	connections: SseConnection[];
	/** The requests to `path` (a suffix match). */
	requestsTo(pathSuffix: string): SeenRequest[];
	/** Settles once the response to `request` is sent in full, or its connection closed (the client gave up on it). */
	responded(request: SeenRequest): Promise<void>;
	/** Closes the listener only: new connections are refused, open streams stay (a server in its last second). */
	stopListening(): void;
	close(): Promise<void>;
};

function writeAnswer(res: http.ServerResponse, answer: Answer): void {
	const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.body ?? '');
	const contentType = answer.contentType ?? (answer.json !== undefined ? 'application/json' : 'text/plain');
	res.writeHead(answer.status, {'content-type': contentType, ...answer.headers});
	res.end(body);
}

/** Replays the recorded session capture at once and leaves the stream open. */
export async function replayRecorded(
	connection: SseConnection,
	blocks: readonly RecordedBlock[] = recordedBlocks(),
): Promise<void> {
	connection.open();
	await connection.write(blocks.map(block => block.text).join(''));
}

/**
 * A recorded stream of `fixtures/server/` (raw SSE), written up to and including the event
 * `until` (all of it without), then held open: the session as it stands at that moment.
 */
export function recordedServerStream(name: string, until?: string): StreamScript {
	const blocks = serverStreamBlocks(name);
	const end = until === undefined ? blocks.length : blocks.findIndex(block => block.id === until) + 1;
	if (end === 0) throw new Error(`no event ${until} in ${name}`);
	return connection => replayRecorded(connection, blocks.slice(0, end));
}

/** The server's replay buffer: what follows a Last-Event-ID, or undefined for an id it does not know. */
export class ReplayBuffer {
	constructor(private readonly blocks: readonly RecordedBlock[]) {}

	after(lastEventId: string | undefined): RecordedBlock[] | undefined {
		if (lastEventId === undefined) return [...this.blocks];
		const index = this.blocks.findIndex(block => block.id === lastEventId);
		return index === -1 ? undefined : this.blocks.slice(index + 1);
	}
}

/** Starts a server; close it in afterEach. */
export async function startSseServer(options: SseServerOptions = {}): Promise<SseTestServer> {
	const sessionId = options.sessionId ?? recordedSessionId;
	const requests: SeenRequest[] = [];
	const connections: SseConnection[] = [];
	const responses = new WeakMap<SeenRequest, Promise<void>>();
	let historyCount = 0;
	const streamPath = `/api/sessions/${encodeURIComponent(sessionId)}/stream`;
	const messagesPath = `/api/sessions/${encodeURIComponent(sessionId)}/messages`;
	const infoPath = `/api/sessions/${encodeURIComponent(sessionId)}`;

	const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const request: SeenRequest = {
				method: req.method ?? 'GET',
				path: req.url ?? '/',
				headers: req.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			requests.push(request);
			responses.set(request, new Promise(resolve => res.on('close', () => resolve())));
			const pathname = new URL(request.path, 'http://x').pathname;
			const run = async (): Promise<void> => {
				if (pathname === streamPath) {
					const connection = new SseConnection(connections.length, request, res);
					connections.push(connection);
					await (options.stream ?? replayRecorded)(connection);
					return;
				}
				if (pathname === messagesPath) {
					const n = historyCount++;
					writeAnswer(
						res,
						options.messages ? await options.messages(n, request) : recordedAnswer('A-messages-before.json'),
					);
					return;
				}
				if (pathname === infoPath && options.info) {
					writeAnswer(res, options.info(request));
					return;
				}
				if (pathname === '/api/auth/login' && request.method === 'POST' && options.login) {
					let body: unknown;
					try {
						body = JSON.parse(request.body);
					} catch {
						body = undefined;
					}
					writeAnswer(res, options.login(body));
					return;
				}
				const other = options.other?.(request);
				if (typeof other === 'function') {
					const connection = new SseConnection(connections.length, request, res);
					connections.push(connection);
					await other(connection);
					return;
				}
				writeAnswer(res, other ?? {status: 404, json: {error: {code: 'not_found', message: 'Session not found.'}}});
			};
			run().catch(() => {
				if (!res.headersSent) writeAnswer(res, {status: 500, body: 'test server script failed'});
				else res.destroy();
			});
		});
	};

	const server = options.tls
		? https.createServer({key: options.tls.key, cert: options.tls.cert}, handle)
		: http.createServer(handle);
	await new Promise<void>(resolve => server.listen(options.port ?? 0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
	return {
		port,
		origin,
		streamUrl: origin + streamPath,
		requests,
		connections,
		requestsTo: suffix => requests.filter(request => new URL(request.path, 'http://x').pathname.endsWith(suffix)),
		responded: async request => responses.get(request),
		stopListening: () => void server.close(),
		close: () =>
			new Promise<void>(resolve => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** A port on 127.0.0.1 that nothing listens on (it was just closed). */
export async function closedPort(): Promise<number> {
	const server = http.createServer();
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	await new Promise<void>(resolve => server.close(() => resolve()));
	return port;
}

/**
 * Closes what each test opened, after it: `opened()` gives the test's client and server
 * (either may be missing), `forget()` clears the test file's variables for the next test.
 */
export function closeAfterEach(
	opened: () => {client?: {close(): void}; server?: {close(): Promise<void>}},
	forget: () => void,
): void {
	afterEach(async () => {
		const {client, server} = opened();
		forget();
		client?.close();
		await server?.close();
	});
}
