/**
 * Acting on a session the viewer follows, through the server's own endpoints (upstream
 * packages/server/src/http/routes/sessions.ts):
 * - `POST …/sessions/:id/approvals/:toolCallId` `{decision: "allow" | "deny"}` (ApprovalDecisionRequest):
 *   204, or 404 `approval_not_found` when the call no longer waits (decided already, or unknown);
 * - `POST …/sessions/:id/abort`: 202 when a run was interrupted, 204 when none was running;
 * - `POST …/sessions/:id/steer` `{text}` (SteerRequest): 202, or 409 `not_running`;
 * - `POST …/sessions/:id/tasks` `{input: [{type: "text", text}]}` (TaskCreateRequest): 202 when the
 *   task started, 409 when one is in progress already;
 * - `DELETE …/sessions/:id/steer/:steerId`: withdraws a queued steering message (200 with what it
 *   said, RecalledMessageResponse), 409 `not_pending` once it was delivered.
 * Every request goes to the session the stream belongs to: a subagent's call is answered
 * there too, as the web app does. Messages carry no cookie, password or header value.
 */
import {networkError, redact, serverSaid, SseClientError} from './errors.js';
import type {FetchLike} from './http-fetch.js';
import {deleteRequest, postJson} from './get-json.js';

/** What the reader asked for. */
export type ActionRequest =
	| {kind: 'decide'; callId: string; decision: 'allow' | 'deny'}
	| {kind: 'abort'}
	| {kind: 'steer'; text: string}
	/** A new task for an idle session. */
	| {kind: 'task'; text: string}
	/** Withdraws the queued steering message `steerId` (PendingSteeringInfo.id). */
	| {kind: 'withdraw'; steerId: string};

/** How the server took it: accepted (with its status), or refused with one line saying why. */
export type ActionOutcome = {ok: true; status: number} | {ok: false; status?: number; reason: string};

/** Sends actions for one session. */
export type SessionActions = {send(request: ActionRequest): Promise<ActionOutcome>};

/** Where and how the requests go: the session's record URL (`…/api/sessions/<id>`) and the stream's auth. */
export type ActionContext = {
	sessionUrl: URL;
	fetch: FetchLike;
	headers: Record<string, string>;
	/** Values no message may show (cookie, password, header values). */
	secrets: readonly string[];
	/** How long the server may take to answer (default 15 s). */
	answerTimeoutMs?: number;
};

/** The endpoint and JSON body of a request. */
export function actionEndpoint(sessionUrl: URL, request: ActionRequest): {url: URL; body?: unknown} {
	const base = sessionUrl.href.replace(/\/+$/, '');
	switch (request.kind) {
		case 'decide':
			return {
				url: new URL(`${base}/approvals/${encodeURIComponent(request.callId)}`),
				body: {decision: request.decision},
			};
		case 'abort':
			// The web app sends an empty object: the server reads no body here.
			return {url: new URL(`${base}/abort`), body: {}};
		case 'steer':
			return {url: new URL(`${base}/steer`), body: {text: request.text}};
		case 'task':
			return {url: new URL(`${base}/tasks`), body: {input: [{type: 'text', text: request.text}]}};
		case 'withdraw':
			return {url: new URL(`${base}/steer/${encodeURIComponent(request.steerId)}`)};
	}
}

/** Sends one request; never throws. */
export async function sendAction(context: ActionContext, request: ActionRequest): Promise<ActionOutcome> {
	const {url, body} = actionEndpoint(context.sessionUrl, request);
	try {
		const sending = {
			url,
			what: 'the action',
			fetch: context.fetch,
			headers: context.headers,
			answerTimeoutMs: context.answerTimeoutMs ?? 15_000,
		};
		const answer = request.kind === 'withdraw' ? await deleteRequest(sending) : await postJson({...sending, body});
		if (answer.ok) return {ok: true, status: answer.status};
		return {
			ok: false,
			status: answer.status,
			reason: redact(`the server answered ${answer.status}: ${serverSaid(answer.body)}`, context.secrets),
		};
	} catch (error) {
		const failure = error instanceof SseClientError ? error : networkError(error, url, true);
		return {ok: false, reason: redact(failure.message, context.secrets)};
	}
}
