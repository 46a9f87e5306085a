/**
 * When the session cookie a login sets stops being sent: its `Max-Age` (which wins, as in a
 * browser) or its `Expires`. A cookie with neither lasts as long as the server keeps the
 * session; the upstream sets `Max-Age=604800` (7 days).
 */
import {SESSION_COOKIE} from '../io/sse/auth.js';

/** The session cookie's value and when it expires (ms since the epoch; undefined: no expiry given). */
export type SessionCookie = {value: string; expiresAt?: number};

/** The `penguin_session` cookie among Set-Cookie lines, read at `now`; undefined when none is set. */
export function sessionCookieOf(setCookieLines: readonly string[], now: number): SessionCookie | undefined {
	for (const line of setCookieLines) {
		const [pair = '', ...attributes] = line.split(';');
		const equals = pair.indexOf('=');
		if (equals <= 0 || pair.slice(0, equals).trim() !== SESSION_COOKIE) continue;
		const value = pair.slice(equals + 1).trim();
		if (value === '') continue;
		let maxAge: number | undefined;
		let expires: number | undefined;
		for (const attribute of attributes) {
			const at = attribute.indexOf('=');
			const name = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
			const text = at === -1 ? '' : attribute.slice(at + 1).trim();
			if (name === 'max-age' && /^-?\d+$/.test(text)) maxAge = Number(text);
			if (name === 'expires' && Number.isFinite(Date.parse(text))) expires = Date.parse(text);
		}
		const expiresAt = maxAge !== undefined ? now + maxAge * 1000 : expires;
		return expiresAt === undefined ? {value} : {value, expiresAt};
	}
	return undefined;
}

/** The Set-Cookie lines of an answer. */
export function setCookieLines(headers: Headers): string[] {
	return typeof headers.getSetCookie === 'function' ? headers.getSetCookie() : [headers.get('set-cookie') ?? ''];
}
