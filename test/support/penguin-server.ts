// A stand-in PenguinHarness server for server mode (`--sse http://HOST:PORT`), built from the recordings of
// test/fixtures/server/:
// the project and agent lists (shaped from the upstream's ProjectsResponse and AgentsResponse: the recordings lack
// their bodies),
// the recorded session list, session records, trace list and shard, the user channel, and a running session's stream.
import {serverAnswer, serverStreamBlocks} from './sse-fixtures.js';
import {usageAnswer} from './harness-usage.js';
import {
	replayRecorded,
	startSseServer,
	type Answer,
	type SeenRequest,
	type SseConnection,
	type SseTestServer,
} from './sse-server.js';

/** The recorded list's rows (`sessions-list.json`), newest first. */
export type SessionRow = {
	sessionId: string;
	projectId: string;
	agentId: string;
	status: string;
	title?: string;
	source?: string;
	[key: string]: unknown;
};

export const recordedRows = (): SessionRow[] =>
	(serverAnswer('sessions-list.json').json as {sessions: SessionRow[]}).sessions;
/** The running session of the recorded list. */
export const runningId = 'session-2026-12-03-13-35-40-a1f7cf26';
/**
 * The idle session whose record, trace list and shard were recorded (`session-idle.json`, `traces-list.json`,
 * `trace-1.json`).
 */
export const idleId = 'session-2026-12-03-13-31-49-7d2810f6';

/** What the fake server answers differently from the recordings. */
export type PenguinServerOptions = {
	/** The session rows of `default_project/default_agent` (default: the recorded list). */
	rows?: () => SessionRow[];
	/** More projects the list names; each answers its agents with `refuse` (404 when set). */
	extraProjects?: Array<{projectId: string; refuse?: Answer}>;
	/** Every /api call is answered with this (a login that is needed, the preview host). */
	refuseAll?: Answer;
	/**
	 * The server wants a login, as upstream's auth routes and middleware do: `POST /api/auth/login` with `password` sets
	 * `penguin_session=<cookie>` (Max-Age `maxAge`, default 7 days), every other /api call without that cookie is the
	 * recorded 401, and `POST /api/auth/logout` ends the session (204). A path `expiresOn` names is
	 * refused all the same: the session expired on the way.
	 */
	auth?: {cookie: string; password: string; maxAge?: number; expiresOn?: (pathname: string) => boolean};
	/** A path answered with a 302 to this URL (another server, say) rather than by the routes. */
	redirect?: (path: string) => string | undefined;
	/** `GET /api/projects/:p/models` (ModelsResponse); by default the recordings' model, with no price. */
	models?: Answer;
	/**
	 * `GET /api/projects/:p/usage` (UsageResponse), by project and the query: an answer, or a script (one that never
	 * answers); by default a server that has recorded no usage.
	 */
	usage?: (projectId: string, query: URLSearchParams) => Answer | ((connection: SseConnection) => Promise<void>);
	/** `GET /api/sessions/:id/messages` (MessagesResponse), by session and the query; by default no messages. */
	messages?: (sessionId: string, query: URLSearchParams) => Answer | undefined;
	/** Trace lines of more sessions of the list (a subagent's), by session id: one shard each. */
	traces?: Record<string, unknown[]>;
	/** A session's stream, by session id; by default the recorded approval stream (`session-stream-approval.txt`). */
	stream?: (sessionId: string) => ((connection: SseConnection) => Promise<void>) | undefined;
	/** `POST /api/sessions/:id/approvals/:callId` (204), with the decision sent; by default not routed (404). */
	onApproval?: (sessionId: string, callId: string, body: string) => void;
	/** The user channel after its recorded events: the test writes more through the connection. */
	onUserChannel?: (connection: SseConnection) => void;
};

/** A running fake server. */
export type PenguinServer = SseTestServer & {
	/** The open user channel connections. */
	userChannels: SseConnection[];
};

const project = (projectId: string) => ({
	projectId,
	name: projectId,
	role: 'owner',
	ownerUserId: 'admin',
	createdAt: '2026-12-03T13:00:00.000Z',
});
const agent = (agentId: string, rows: SessionRow[]) => ({
	agentId,
	activeSessionCount: rows.filter(row => row.status !== 'idle').length,
	sessionCount: rows.length,
	sessionActivity: [],
	toolCount: 10,
	version: 1,
	kernelOutdated: false,
	vaultKeyCount: 0,
	scheduleCount: 0,
	skillCount: 0,
	memoryCount: 0,
});

/** Starts the fake server; close it after the test. */
export async function startPenguinServer(options: PenguinServerOptions = {}): Promise<PenguinServer> {
	const rows = options.rows ?? recordedRows;
	const userChannels: SseConnection[] = [];
	const idleRecord = serverAnswer('session-idle.json');
	let sessionEnded = false;
	const route = (request: SeenRequest): Answer | ((connection: SseConnection) => Promise<void>) => {
		if (options.refuseAll) return options.refuseAll;
		const url = new URL(request.path, 'http://x');
		const redirect = options.redirect?.(url.pathname);
		if (redirect !== undefined) return {status: 302, headers: {location: redirect}};
		const auth = options.auth;
		if (auth && url.pathname === '/api/auth/login' && request.method === 'POST') {
			const body = JSON.parse(request.body) as {userId?: string; password?: string};
			if (body.password !== auth.password) return serverAnswer('login-401-wrong-password.json') as Answer;
			sessionEnded = false;
			return {
				status: 200,
				json: serverAnswer('login-200.json').json,
				headers: {
					'set-cookie': `penguin_session=${auth.cookie}; Max-Age=${auth.maxAge ?? 604800}; Path=/; HttpOnly; SameSite=Lax`,
				},
			};
		}
		const cookie = request.headers.cookie ?? '';
		const signedIn =
			auth === undefined ||
			(!sessionEnded &&
				auth.expiresOn?.(url.pathname) !== true &&
				cookie.split(/;\s*/).includes(`penguin_session=${auth.cookie}`));
		if (auth && url.pathname === '/api/auth/logout' && request.method === 'POST') {
			if (signedIn) sessionEnded = true;
			return {status: 204, headers: {'set-cookie': 'penguin_session=; Max-Age=0; Path=/'}};
		}
		if (!signedIn && url.pathname.startsWith('/api/')) return serverAnswer('unauthorized-401.json') as Answer;
		const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
		if (url.pathname === '/api/events') {
			return async connection => {
				userChannels.push(connection);
				await replayRecorded(connection, serverStreamBlocks('events-stream.txt'));
				options.onUserChannel?.(connection);
			};
		}
		if (url.pathname === '/api/projects') {
			return {
				status: 200,
				json: {
					projects: [
						project('default_project'),
						...(options.extraProjects ?? []).map(extra => project(extra.projectId)),
					],
				},
			};
		}
		if (parts[0] === 'api' && parts[1] === 'projects' && parts[3] === 'models' && parts.length === 4)
			return (
				options.models ?? {status: 200, json: {models: [{provider: 'custom', modelId: 'fake-model', isDefault: true}]}}
			);
		if (parts[0] === 'api' && parts[1] === 'projects' && parts[3] === 'usage' && parts.length === 4)
			return options.usage?.(parts[2]!, url.searchParams) ?? usageAnswer([]);
		if (parts[0] === 'api' && parts[1] === 'projects' && parts[3] === 'agents') {
			const extra = options.extraProjects?.find(candidate => candidate.projectId === parts[2]);
			if (extra?.refuse) return extra.refuse;
			if (parts.length === 4) return {status: 200, json: {agents: [agent('default_agent', extra ? [] : rows())]}};
			if (parts[5] === 'sessions') return {status: 200, json: {sessions: extra ? [] : rows()}};
		}
		if (parts[0] === 'api' && parts[1] === 'sessions' && parts[2] !== undefined) {
			const id = parts[2];
			const row = rows().find(candidate => candidate.sessionId === id);
			if (!row)
				return {
					status: 404,
					json: {error: {code: 'session_not_found', message: 'Session does not exist or you do not have access.'}},
				};
			if (parts.length === 3) {
				// The recorded record of the finished session, with the status the rows give it now.
				if (id === idleId)
					return {
						status: 200,
						json: {session: {...(idleRecord.json as {session: object}).session, status: row.status}},
					};
				// Other rows: the row itself, with the record's own fields (as the single-session GET gives them).
				return {status: 200, json: {session: {...row}}};
			}
			if (parts[3] === 'stream') {
				const own = options.stream?.(id);
				if (own) return own;
				return async connection => {
					await replayRecorded(connection, serverStreamBlocks('session-stream-approval.txt'));
				};
			}
			if (parts[3] === 'messages')
				return options.messages?.(id, url.searchParams) ?? {status: 200, json: {messages: []}};
			if (parts[3] === 'approvals' && parts[4] !== undefined && request.method === 'POST' && options.onApproval) {
				options.onApproval(id, parts[4], request.body);
				return {status: 204};
			}
			// Stopping a run: 202 when one was interrupted (upstream sessions.ts).
			if (parts[3] === 'abort' && request.method === 'POST') return {status: 202, json: {}};
			if (parts[3] === 'traces' && id === idleId) {
				if (parts.length === 4) return serverAnswer('traces-list.json');
				if (parts[4] === '1') return serverAnswer('trace-1.json');
			}
			const events = options.traces?.[id];
			if (parts[3] === 'traces' && events) {
				if (parts.length === 4)
					return {
						status: 200,
						json: {files: [{index: 1, date: '2026-12-03', sizeBytes: 1, mtime: '2026-12-03T13:32:01.150Z'}]},
					};
				if (parts[4] === '1') return {status: 200, json: {events, offset: 0, limit: 1000, total: events.length}};
			}
			if (parts[3] === 'traces') return {status: 200, json: {files: []}};
		}
		return {status: 404, json: {error: {code: 'not_found', message: 'Not found.'}}};
	};
	const server = await startSseServer({
		sessionId: 'no-such-session-path',
		other: request => route(request),
	});
	return Object.assign(server, {userChannels});
}
