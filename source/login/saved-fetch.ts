/**
 * Which credentials a request to a server carries, and the fetch that goes with a saved login.
 * What is given on the command line (`--cookie`, PENGUIN_VIEW_COOKIE, `--user`) wins; else the
 * login saved for the URL's origin, if it has not expired or been refused. A saved login the
 * server answers 401 is refused in one line, and marked so it is not sent again.
 */
import {previewHostRefusal, SseClientError} from '../io/sse/errors.js';
import type {FetchLike} from '../io/sse/http-fetch.js';
import {sessionCookieOf, setCookieLines, type SessionCookie} from './cookie-expiry.js';
import type {SavedLogin, SavedLogins} from './login-file.js';

/** The origin a login is saved under: `http://localhost:7364` (no path, no trailing slash). */
export function originOf(url: URL | string): string {
	return new URL(url).origin;
}

/** The line for a saved login the server refused. */
export function refusedLine(origin: string): string {
	return `the saved login for ${origin} was refused (expired?): run penguin-view login ${origin}`;
}

/** The saved login to send to `url`, unless a credential was given. */
export function savedLoginFor(
	url: URL | string,
	given: {cookie?: string; user?: string},
	logins: SavedLogins | undefined,
	now: number,
): SavedLogin | undefined {
	if ((given.cookie !== undefined && given.cookie.trim() !== '') || (given.user !== undefined && given.user !== ''))
		return undefined;
	return logins?.usable(originOf(url), now);
}

/**
 * A fetch for requests that carry `saved` (its cookie set by the caller, as `--cookie` would
 * be): a 401 from its origin (other than the preview host's) becomes the refusal, thrown as
 * an SseClientError so every caller (the list, the stream, an action) ends with that one line.
 */
export function refusalAwareFetch(
	fetch: FetchLike,
	saved: SavedLogin,
	logins: SavedLogins,
	now: () => number,
): FetchLike {
	return async (url, init) => {
		const response = await fetch(url, init);
		if (response.status !== 401 || originOf(response.url || url) !== saved.origin) return response;
		const body = await response
			.clone()
			.text()
			.catch(() => '');
		if (previewHostRefusal(401, body, new URL(url)) !== undefined) return response;
		await response.body?.cancel().catch(() => undefined);
		try {
			logins.refuse(saved.origin, saved.cookie, now());
		} catch {
			// A config directory that cannot be written: the refusal is said all the same.
		}
		throw new SseClientError('auth', refusedLine(saved.origin), false, 401);
	};
}

/** A fetch that notes the session cookie a login sets (for saving it with its expiry). */
export function cookieWatchingFetch(
	fetch: FetchLike,
	now: () => number,
): {fetch: FetchLike; seen(): SessionCookie | undefined} {
	let seen: SessionCookie | undefined;
	return {
		fetch: async (url, init) => {
			const response = await fetch(url, init);
			seen = sessionCookieOf(setCookieLines(response.headers), now()) ?? seen;
			return response;
		},
		seen: () => seen,
	};
}
