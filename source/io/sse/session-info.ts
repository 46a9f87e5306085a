/**
 * The server's record of one session, `GET …/api/sessions/<id>` answered with
 * `{session: SessionInfo}` (upstream packages/server/src/api/types.ts, SessionResponse):
 * what the header needs when the stream is joined before the session has any history.
 */
import {isRecord} from '../../protocol/guards.js';
import type {SessionInfo} from '../../model/input.js';
import {SseClientError} from './errors.js';
import {getJson, type JsonRequest} from './get-json.js';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The fields of `{session: {sessionId, provider, modelId, workspace, title?, …}}` the header shows. */
export function readSessionInfo(value: unknown): SessionInfo | undefined {
	const session = isRecord(value) ? value['session'] : undefined;
	if (!isRecord(session)) return undefined;
	const sessionId = text(session['sessionId']);
	if (sessionId === undefined) return undefined;
	return {
		sessionId,
		provider: text(session['provider']),
		modelId: text(session['modelId']),
		workspace: text(session['workspace']),
		// Unset until the model has written one.
		title: text(session['title']),
		// Whose models price the session (cost/prices.ts).
		projectId: text(session['projectId']),
	};
}

/** Fetches a session's record; throws an SseClientError with a one-line message. */
export async function fetchSessionInfo(request: Omit<JsonRequest, 'what'>): Promise<SessionInfo> {
	const info = readSessionInfo(await getJson({...request, what: 'the session record'}));
	if (info === undefined) throw new SseClientError('content_type', `the session record at ${request.url.href} has no session`, false);
	return info;
}
