/**
 * `penguin-view login URL --user NAME`: logs in and saves the session cookie for the server's
 * origin. `penguin-view login`: the saved logins and when each expires. `penguin-view logout
 * URL`: asks the server to end the session (`POST /api/auth/logout`, upstream routes/auth.ts)
 * and forgets it. Nothing here ever prints a cookie.
 */
import {buildHeaders, secretsOf} from '../io/sse/auth.js';
import {redact, SseClientError} from '../io/sse/errors.js';
import {postJson} from '../io/sse/get-json.js';
import {createFetch} from '../io/sse/http-fetch.js';
import {loginFromFlags} from '../io/login-flags.js';
import {localMinute} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {readServerAddress} from '../io/sse/server-address.js';
import {resolveStreamTarget} from '../io/sse/urls.js';
import {loginNow, loginTimeoutMs, saveLogin} from './credentials.js';
import {originOf} from './saved-fetch.js';
import type {SavedLogin, SavedLogins} from './login-file.js';
import {usageExitCode, usageLine} from '../bad-usage.js';

/** What a command writes and its exit code (2: bad usage). */
export type CommandResult = {code: number; stdout: string; stderr: string};

/** The flags the commands read. */
export type LoginFlags = {user?: string; header?: string[]; insecure: boolean};

const fail = (text: string, code = 1): CommandResult => ({
	code,
	stdout: '',
	stderr: `penguin-view: ${sanitize(text)}\n`,
});
const usage = (text: string): CommandResult => ({code: usageExitCode, stdout: '', stderr: usageLine(text)});

/** The server's root (with any path prefix) that `text` names: its address, a page of its web app, or a stream URL. */
export function serverBase(text: string): URL | undefined {
	const address = readServerAddress(text);
	if (address) return address.base;
	try {
		return new URL('../../', resolveStreamTarget(text).loginUrl);
	} catch {
		return undefined;
	}
}

/** `penguin-view login URL`. */
export async function loginCommand(
	text: string,
	flags: LoginFlags,
	logins: SavedLogins,
	now: () => number,
	password: string | undefined,
): Promise<CommandResult> {
	const base = serverBase(text);
	if (base === undefined) return usage(`login takes a server's address (http://HOST:PORT), not '${text}'`);
	if (flags.user === undefined || flags.user === '')
		return usage('login needs --user NAME (the password from PENGUIN_PASSWORD, or asked)');
	const login = await loginFromFlags(flags.user, password);
	if (login === undefined || 'message' in login) return fail(login?.message ?? 'no login');
	let made;
	try {
		made = await loginNow(
			flags,
			login,
			{loginUrl: () => new URL('api/auth/login', base), now},
			createFetch({insecure: flags.insecure}),
		);
	} catch (error) {
		return fail(error instanceof Error ? error.message : String(error));
	}
	if ('message' in made) return fail(made.message);
	if (made.expiresAt !== undefined && made.expiresAt <= now())
		return fail(`the server at ${base.host} set a login cookie that has already expired`);
	const origin = originOf(base);
	const unsaved = saveLogin(logins, {
		origin,
		user: login.userId,
		cookie: made.value,
		savedAt: now(),
		...(made.expiresAt === undefined ? {} : {expiresAt: made.expiresAt}),
	});
	if (unsaved !== undefined) return fail(unsaved);
	return {
		code: 0,
		stdout: `logged in to ${sanitize(origin)} as ${sanitize(login.userId)}; ${until(made.expiresAt)}\n`,
		stderr: '',
	};
}

const until = (expiresAt: number | undefined): string =>
	expiresAt === undefined ? 'saved until the server ends the session' : `saved until ${localMinute(expiresAt)}`;

/** One saved login as the list shows it. */
function stateOf(login: SavedLogin, now: number): string {
	if (login.refusedAt !== undefined)
		return `refused by the server on ${localMinute(login.refusedAt)}: run penguin-view login ${login.origin}`;
	if (login.expiresAt !== undefined && login.expiresAt <= now) return `expired ${localMinute(login.expiresAt)}`;
	return login.expiresAt === undefined
		? 'until the server ends the session'
		: `expires ${localMinute(login.expiresAt)}`;
}

/** `penguin-view login` with no URL: each saved login, its user and when it expires. */
export function listLogins(logins: SavedLogins, now: number): CommandResult {
	const all = logins.all().sort((a, b) => a.origin.localeCompare(b.origin));
	if (all.length === 0)
		return {code: 0, stdout: 'no saved logins (penguin-view login URL --user NAME saves one)\n', stderr: ''};
	const rows = all.map(login => [sanitize(login.origin), sanitize(login.user), sanitize(stateOf(login, now))]);
	const widths = [0, 1].map(column => Math.max(...rows.map(row => row[column]!.length)));
	return {
		code: 0,
		stdout: rows.map(row => `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]}\n`).join(''),
		stderr: '',
	};
}

/**
 * `penguin-view logout URL`: the server asked to end the session (when the login still holds), then the login
 * forgotten.
 */
export async function logoutCommand(
	text: string,
	flags: LoginFlags,
	logins: SavedLogins,
	now: () => number,
): Promise<CommandResult> {
	const base = serverBase(text);
	if (base === undefined) return usage(`logout takes a server's address (http://HOST:PORT), not '${text}'`);
	const origin = originOf(base);
	const saved = logins.get(origin);
	if (saved === undefined) return fail(`no saved login for ${origin}`);
	let told = '';
	if (logins.usable(origin, now()) !== undefined) {
		try {
			const answer = await postJson({
				url: new URL('api/auth/logout', base),
				what: 'the logout',
				fetch: createFetch({insecure: flags.insecure}),
				headers: buildHeaders({cookie: saved.cookie, headers: flags.header}),
				body: {},
				answerTimeoutMs: loginTimeoutMs,
			});
			if (!answer.ok)
				told = ` (the server answered ${answer.status} to the logout: its session lasts until it expires)`;
		} catch (error) {
			const why = error instanceof SseClientError ? error.message : String(error);
			told = ` (the server could not be told: ${why}; its session lasts until it expires)`;
		}
	}
	try {
		logins.remove(origin);
	} catch (error) {
		return fail(
			`cannot remove the login from ${logins.dir} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
		);
	}
	const secrets = secretsOf({cookie: saved.cookie, headers: flags.header});
	return {code: 0, stdout: `${sanitize(redact(`logged out of ${origin}${told}`, secrets))}\n`, stderr: ''};
}
