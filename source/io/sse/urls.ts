/**
 * Which URL the client streams, and where that session's history and the login live.
 * Only `…/api/sessions/<id>/stream` has a history (`…/messages`); any other event-stream
 * URL (the per-user `/api/events`, a proxy's path) is streamed without one.
 */
import {SseClientError} from './errors.js';

/** A stream URL and what it implies. */
export type StreamTarget = {
	streamUrl: URL;
	/** `…/api/sessions/<id>/messages`, for a session stream only. */
	historyUrl?: URL;
	/** `…/api/sessions/<id>`: the session's record (model, workspace, title), for a session stream only. */
	sessionUrl?: URL;
	sessionId?: string;
	/** `…/api/auth/login` on the same server (under the same path prefix). */
	loginUrl: URL;
};

const sessionStreamPath = /^(.*)\/api\/sessions\/([^/]+)\/stream\/?$/;

/** Reads a stream URL; throws an SseClientError (kind `url`) when it is not http(s). */
export function resolveStreamTarget(input: string | URL): StreamTarget {
	let url: URL;
	try {
		url = new URL(input);
	} catch {
		throw new SseClientError('url', `not a URL: ${String(input)}`, false);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		throw new SseClientError('url', `not an http(s) URL: ${url.href}`, false);
	}
	if (url.username !== '' || url.password !== '') {
		// Credentials in a URL would end up in messages; the cookie options carry them instead.
		throw new SseClientError(
			'url',
			'a user name or password in the URL is not supported: use --user or --cookie',
			false,
		);
	}
	const match = sessionStreamPath.exec(url.pathname);
	if (match === null) return {streamUrl: url, loginUrl: new URL('/api/auth/login', url)};
	const [, prefix, encodedId] = match;
	let sessionId = encodedId;
	try {
		sessionId = decodeURIComponent(encodedId);
	} catch {
		// A malformed escape: keep the id as written.
	}
	return {
		streamUrl: url,
		historyUrl: new URL(`${prefix}/api/sessions/${encodedId}/messages`, url),
		sessionUrl: new URL(`${prefix}/api/sessions/${encodedId}`, url),
		sessionId,
		loginUrl: new URL(`${prefix}/api/auth/login`, url),
	};
}
