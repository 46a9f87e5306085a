/**
 * Whether `--sse URL` names a server rather than one session's stream. A server is given by
 * its address (`http://localhost:7364`, with or without a trailing `/`), by the web app's own
 * page of a session as pasted from the browser (`…/chat/<id>`, the app's route
 * `/chat/:sessionId?`; `…/sessions/<id>` is taken the same way, the form people write from
 * memory), or by a session's API record (`…/api/sessions/<id>`). Every other
 * URL (a session's `/stream`, `/api/events`, a proxy's path) is streamed as it is.
 */

/** A server's address, and the session a URL named, if any. */
export type ServerAddress = {
	/** The server's root (origin plus any path prefix), ending in `/`. */
	base: URL;
	sessionId?: string;
};

const webAppPage = /^(.*?)\/chat(?:\/([^/]+))?\/?$|^(.*?)\/sessions\/([^/]+)\/?$/;
const sessionRecord = /^(.*?)\/api\/sessions\/([^/]+)\/?$/;

/** The server a URL names, or undefined for a URL to stream as it is (or not a URL at all: the stream says why). */
export function readServerAddress(input: string): ServerAddress | undefined {
	let url: URL;
	try {
		url = new URL(input);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	const at = (prefix: string, encodedId?: string): ServerAddress => {
		const base = new URL(`${prefix}/`, url);
		base.search = '';
		base.hash = '';
		return encodedId === undefined ? {base} : {base, sessionId: decoded(encodedId)};
	};
	if (url.pathname === '' || url.pathname === '/') return at('');
	const record = sessionRecord.exec(url.pathname);
	if (record) return at(record[1]!, record[2]);
	// Any other API path (a session's stream above all) is not the web app's page.
	if (url.pathname.includes('/api/')) return undefined;
	const page = webAppPage.exec(url.pathname);
	if (page) return page[3] === undefined ? at(page[1]!, page[2]) : at(page[3], page[4]);
	return undefined;
}

const sessionStream = /^(.*?)\/api\/sessions\/([^/]+)\/stream\/?$/;

/**
 * The server of a session's stream URL (`…/api/sessions/<id>/stream`) and that session: the
 * screen lists that server's sessions, while the session itself is still followed on the stream.
 */
export function streamServerAddress(input: string): ServerAddress | undefined {
	let url: URL;
	try {
		url = new URL(input);
	} catch {
		return undefined;
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
	const stream = sessionStream.exec(url.pathname);
	if (!stream) return undefined;
	return {base: new URL(`${stream[1]!}/`, url.origin), sessionId: decoded(stream[2]!)};
}

function decoded(text: string): string {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
}

/** `<base>api/…` with each path part escaped. */
export function apiUrl(base: URL, ...parts: string[]): URL {
	return new URL(`api/${parts.map(encodeURIComponent).join('/')}`, base);
}
