/**
 * The credentials one run sends to a server: `--cookie`/PENGUIN_VIEW_COOKIE, a `--user` login
 * (with a password typed on a terminal: done at once, then offered for saving), else the login saved for the server's
 * origin. The fetch returned goes with them (a saved login's turns a 401 into its refusal).
 */
import {buildHeaders, login as logIn} from '../io/sse/auth.js';
import {SseClientError} from '../io/sse/errors.js';
import {createFetch, type FetchLike} from '../io/sse/http-fetch.js';
import {loginFromFlags} from '../io/login-flags.js';
import {askYesNo} from './ask.js';
import {cookieWatchingFetch, originOf, refusalAwareFetch, savedLoginFor} from './saved-fetch.js';
import {SavedLogins, type SavedLogin} from './login-file.js';
import {resolveStreamTarget} from '../io/sse/urls.js';
import type {Settings} from '../settings.js';

/** What a connection sends: a cookie, or a login still to make, and the fetch to make requests with. */
export type Credentials = {cookie?: string; login?: {userId: string; password: string}; fetch: FetchLike};

/** What credentialsFor needs beyond the flags. */
export type CredentialContext = {
	/** PENGUIN_VIEW_COOKIE. */
	envCookie?: string;
	/** PENGUIN_PASSWORD. */
	password?: string;
	logins?: SavedLogins;
	/** Standard input is a terminal: a `--user` login may be offered for saving. */
	terminal: boolean;
	/** The server's `…/api/auth/login` (under its path prefix); may throw for a URL that is not one. */
	loginUrl: () => URL;
	now: () => number;
};

/** How long a login may take to be answered. */
export const loginTimeoutMs = 20_000;

/** The credentials for requests to `url` (a server's address or a stream's URL). */
export async function credentialsFor(
	url: URL | string,
	flags: {cookie?: string; user?: string; header?: readonly string[]; insecure: boolean},
	context: CredentialContext,
): Promise<Credentials | {message: string}> {
	const fetch = createFetch({insecure: flags.insecure});
	const given = flags.cookie ?? context.envCookie;
	const login = await loginFromFlags(flags.user, context.password);
	if (login && 'message' in login) return login;
	if (login) {
		// Offered for saving only after a password typed at the prompt (PENGUIN_PASSWORD is a script's: it asks nothing).
		const typed = context.password === undefined;
		if (!context.terminal || context.logins === undefined || !typed) return {cookie: given, login, fetch};
		// On a terminal: log in now, so the cookie can be offered for saving before anything is drawn.
		const made = await loginNow(flags, login, context, fetch);
		if ('message' in made) return made;
		const origin = originOf(url);
		if (await askYesNo(`save this login for ${origin}? y/n `)) {
			const saved = saveLogin(context.logins, {
				origin,
				user: login.userId,
				cookie: made.value,
				savedAt: context.now(),
				...(made.expiresAt === undefined ? {} : {expiresAt: made.expiresAt}),
			});
			process.stderr.write(
				saved === undefined
					? `saved: penguin-view login lists it, penguin-view logout ${origin} removes it\n`
					: `penguin-view: ${saved}\n`,
			);
		}
		return {cookie: made.value, fetch};
	}
	const saved = savedLoginFor(url, {cookie: given}, context.logins, context.now());
	if (saved && context.logins)
		return {cookie: saved.cookie, fetch: refusalAwareFetch(fetch, saved, context.logins, context.now)};
	return {cookie: given, fetch};
}

/** Logs in with `POST …/api/auth/login` within loginTimeoutMs: the cookie and its expiry, or one line. */
export async function loginNow(
	flags: {header?: readonly string[]},
	login: {userId: string; password: string},
	context: {loginUrl: () => URL; now: () => number},
	fetch: FetchLike,
): Promise<{value: string; expiresAt?: number} | {message: string}> {
	const watch = cookieWatchingFetch(fetch, context.now);
	const signal = AbortSignal.timeout(loginTimeoutMs);
	let loginUrl: URL | undefined;
	try {
		loginUrl = context.loginUrl();
		const value = await logIn({
			loginUrl,
			userId: login.userId,
			password: login.password,
			fetch: watch.fetch,
			headers: buildHeaders({headers: flags.header}),
			signal,
		});
		const seen = watch.seen();
		return seen?.value === value ? seen : {value};
	} catch (error) {
		if (signal.aborted && loginUrl)
			return {message: `no answer to the login from ${loginUrl.host} within ${loginTimeoutMs / 1000} s`};
		if (error instanceof SseClientError) return {message: error.message};
		throw error;
	}
}

type CredentialFlags = {cookie?: string; user?: string; header?: readonly string[]; insecure: boolean};

function contextOf(settings: Settings | undefined, loginUrl: () => URL): CredentialContext {
	return {
		envCookie: settings?.envCookie,
		password: settings?.password,
		logins: settings && new SavedLogins(settings.configDir),
		terminal: process.stdin.isTTY === true,
		loginUrl,
		now: settings?.now ?? Date.now,
	};
}

/** The credentials for `--sse URL` when it is one stream's URL. */
export async function streamCredentials(
	url: string,
	flags: CredentialFlags,
	settings: Settings | undefined,
): Promise<Credentials | {message: string}> {
	// Not a URL: the stream says so, with no credentials to send.
	if (!URL.canParse(url)) return {fetch: createFetch({insecure: flags.insecure})};
	return credentialsFor(
		url,
		flags,
		contextOf(settings, () => resolveStreamTarget(url).loginUrl),
	);
}

/** The credentials for a server's address (its root, with any path prefix). */
export async function serverCredentials(
	base: URL,
	flags: CredentialFlags,
	settings: Settings | undefined,
): Promise<Credentials | {message: string}> {
	return credentialsFor(
		base,
		flags,
		contextOf(settings, () => new URL('api/auth/login', base)),
	);
}

/** Saves a login; the reason in one line when the config directory cannot be written. */
export function saveLogin(logins: SavedLogins, login: SavedLogin): string | undefined {
	try {
		logins.save(login);
		return undefined;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return `cannot save the login in ${logins.dir}${code === undefined ? '' : ` (${code})`}`;
	}
}
