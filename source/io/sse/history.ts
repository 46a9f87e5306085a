/**
 * A session's history: `GET …/api/sessions/<id>/messages`, answered with
 * `{messages, live?: {cursor, fragments}}`. Entries that are not messages are skipped
 * and counted rather than failing the whole read.
 */
import {isOmniMessage, isRecord} from '../../protocol/guards.js';
import type {OmniMessage} from '../../protocol/types.js';
import {SseClientError} from './errors.js';
import {getJson} from './get-json.js';
import type {FetchLike} from './http-fetch.js';

/** The streamed tail of a running task: what the server had folded up to `cursor`. */
export type LiveTail = {cursor: string; fragments: OmniMessage[]};

/** A session's history as the server answered it. */
export type History = {
	messages: OmniMessage[];
	live?: LiveTail;
	/** Entries of `messages` or `fragments` that were not messages. */
	skipped: number;
};

/** Options for fetchHistory. */
export type HistoryRequest = {
	url: URL;
	sessionId?: string;
	fetch: FetchLike;
	headers?: Record<string, string>;
	signal?: AbortSignal;
	/** How long the server may take to start answering (the body then takes what it takes); no limit when absent. */
	answerTimeoutMs?: number;
};

/** Checks the shape of a `/messages` answer. */
export function readHistory(value: unknown): History | undefined {
	if (!isRecord(value) || !Array.isArray(value['messages'])) return undefined;
	let skipped = 0;
	const keep = (items: unknown[]): OmniMessage[] =>
		items.filter((item): item is OmniMessage => {
			const ok = isOmniMessage(item);
			if (!ok) skipped++;
			return ok;
		});
	const history: History = {messages: keep(value['messages']), skipped: 0};
	const live = value['live'];
	if (isRecord(live) && typeof live['cursor'] === 'string') {
		const fragments = Array.isArray(live['fragments']) ? keep(live['fragments']) : [];
		history.live = {cursor: live['cursor'], fragments};
	}
	history.skipped = skipped;
	return history;
}

/** Fetches a session's history; throws an SseClientError with a one-line message. */
export async function fetchHistory(request: HistoryRequest): Promise<History> {
	const value = await getJson({...request, what: 'the history'});
	const history = readHistory(value);
	if (history === undefined) {
		throw new SseClientError('content_type', `the history at ${request.url.href} has no messages list`, false);
	}
	return history;
}
