// The fake server for acting (issue 18), built from the real recording fixtures/server/session-stream-approval.txt:
// its stream holds after the approval_request until the approval POST arrives, then sends the
// rest of the recording (allow) or the decision alone (deny); the action POSTs are recorded and
// answered as the real server answers them (routes/sessions.ts), or with the refusals a test asks for.
import type {RecordedBlock} from './sse-fixtures.js';
import {serverStreamBlocks} from './sse-fixtures.js';
import {
	replayRecorded,
	startSseServer,
	type Answer,
	type SeenRequest,
	type SseConnection,
	type SseTestServer,
} from './sse-server.js';

export const approvalSession = 'session-2026-12-03-13-34-16-4be26254';
export const approvalCallId = 'call_fake_49';
const blocks = serverStreamBlocks('session-stream-approval.txt');
const approvalIndex = blocks.findIndex(block => block.data?.includes('"approval_request"'));
const decisionBlock = blocks.find(block => block.data?.includes('"approval_decision"'))!;

/** An action POST the server saw, its body parsed. */
export type SeenAction = {path: string; body: unknown; request: SeenRequest};

export type ActingServer = SseTestServer & {
	/** The POSTs to …/approvals/…, …/abort and …/steer, in order. */
	actions: SeenAction[];
	/** Sends what the server sends once a steering message is delivered: the user text wrapped in [user_steering]. */
	echoSteering(text: string): Promise<void>;
	/** With `holdDecision`: lets the decision taken reach the run (the stream goes on). */
	release(): void;
};

export type ActingServerOptions = {
	/** The answers to the action POSTs, one each in order; past the list, what the real server answers. */
	answers?: Answer[];
	/** The Cookie header every request must carry to be let in (a login); others get the server's 401. */
	requireCookie?: string;
	/** Keep the stream held after a decision is taken, until `release()`: the call's "allowing…" stays in sight. */
	holdDecision?: boolean;
};

const unauthorized: Answer = {
	status: 401,
	json: {error: {code: 'unauthorized', message: 'Not signed in or the sign-in has expired.'}},
};

/**
 * What the real server answers when all goes well: 204 for a decision, 202 for an abort of a running task and for
 * steering.
 */
function acceptedAnswer(path: string): Answer {
	return {status: /\/approvals\//.test(path) ? 204 : 202, body: ''};
}

export async function startActingServer(options: ActingServerOptions = {}): Promise<ActingServer> {
	const answers = [...(options.answers ?? [])];
	const actions: SeenAction[] = [];
	let decide!: (decision: string) => void;
	const decided = new Promise<string>(resolve => (decide = resolve));
	let taken: string | undefined;
	let released = options.holdDecision !== true;
	const settle = (): void => {
		if (taken !== undefined && released) decide(taken);
	};
	const connections: SseConnection[] = [];
	const prefix = `/api/sessions/${approvalSession}/`;

	const server = await startSseServer({
		sessionId: approvalSession,
		messages: () => ({status: 200, json: {messages: []}}),
		stream: async connection => {
			if (options.requireCookie !== undefined && connection.request.headers.cookie !== options.requireCookie) {
				connection.answer(unauthorized);
				return;
			}
			connections.push(connection);
			await replayRecorded(connection, blocks.slice(0, approvalIndex + 1));
			const decision = await decided;
			if (decision === 'allow') {
				await replayRecorded(connection, blocks.slice(approvalIndex + 1));
			} else {
				const denied: RecordedBlock = {
					...decisionBlock,
					text: decisionBlock.text.replace('"decision":"allow"', `"decision":${JSON.stringify(decision)}`),
				};
				await replayRecorded(connection, [denied]);
			}
		},
		other: request => {
			const path = new URL(request.path, 'http://x').pathname;
			if (request.method !== 'POST' || !path.startsWith(prefix)) return undefined;
			let body: unknown;
			try {
				body = JSON.parse(request.body);
			} catch {
				body = undefined;
			}
			actions.push({path: path.slice(prefix.length - 1), body, request});
			if (options.requireCookie !== undefined && request.headers.cookie !== options.requireCookie) return unauthorized;
			const answer = answers.shift() ?? acceptedAnswer(path);
			const decision = (body as {decision?: unknown} | undefined)?.decision;
			// The decision reaches the run only when the server took it.
			if (answer.status === 204 && path.includes('/approvals/') && typeof decision === 'string') {
				taken ??= decision;
				setImmediate(settle);
			}
			return answer;
		},
	});
	return {
		...server,
		actions,
		release() {
			released = true;
			settle();
		},
		async echoSteering(text) {
			const message = {
				timestamp: '2026-12-03T13:34:30.000Z',
				type: 'model_msg',
				payload: {type: 'text', role: 'user', text: `[user_steering]\n${text}\n[/user_steering]`},
			};
			for (const connection of connections)
				await connection.event({data: JSON.stringify(message), id: `1f407cf9-9${connections.indexOf(connection)}0`});
		},
	};
}
