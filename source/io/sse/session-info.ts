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
		// Whose model table gives the context window and prices the session (cost/prices.ts).
		projectId: text(session['projectId']),
		provider: text(session['provider']),
		modelId: text(session['modelId']),
		workspace: text(session['workspace']),
		// Unset until the model has written one.
		title: text(session['title']),
	};
}

/** Fetches a session's record; throws an SseClientError with a one-line message. */
export async function fetchSessionInfo(request: Omit<JsonRequest, 'what'>): Promise<SessionInfo> {
	let clock: SessionInfo['clock'];
	const onDate = (serverMs: number, localMs: number): void => void (clock = {serverMs, localMs});
	const info = readSessionInfo(await getJson({...request, what: 'the session record', onDate}));
	if (info === undefined)
		throw new SseClientError('content_type', `the session record at ${request.url.href} has no session`, false);
	return clock === undefined ? info : {...info, clock};
}

/**
 * A project's model table, `GET …/api/projects/<p>/models` (`{models: [{provider, modelId,
 * contextWindow?, pricing?}]}`), as it came: the context window and the prices are read from it.
 */
export async function fetchModels(
	request: Omit<JsonRequest, 'what' | 'url'> & {sessionUrl: URL},
	projectId: string,
): Promise<unknown> {
	// `…/api/sessions/<id>` → `…/api/projects/<p>/models`, under whatever prefix the server has.
	const url = new URL(`../projects/${encodeURIComponent(projectId)}/models`, request.sessionUrl);
	return getJson({...request, url, what: `the models of project ${projectId}`});
}

/**
 * The context window of the session's model in its project's model table: a session followed
 * from before its first task has no session_meta to say it. Undefined when the table does not
 * name the model, or gives it no window.
 */
export function contextWindowOf(table: unknown, info: SessionInfo): number | undefined {
	if (info.provider === undefined || info.modelId === undefined) return undefined;
	const models = isRecord(table) ? table['models'] : undefined;
	if (!Array.isArray(models)) return undefined;
	const model = models.find(
		entry => isRecord(entry) && entry['provider'] === info.provider && entry['modelId'] === info.modelId,
	) as Record<string, unknown> | undefined;
	const window = model?.['contextWindow'];
	return typeof window === 'number' && Number.isFinite(window) && window > 0 ? window : undefined;
}
