/** A server's API client with the run's credentials: a saved login, --cookie, --user or --header. */
import type {Flags} from '../flags.js';
import {serverCredentials} from '../login/credentials.js';
import type {Settings} from '../settings.js';
import type {ServerAddress} from '../io/sse/server-address.js';
import {ServerApi} from './api.js';

/**
 * The server's connection from the flags (`--cookie`/PENGUIN_VIEW_COOKIE, `--header`, `--user`, `--insecure`), else its
 * saved login.
 */
export async function serverApiFor(
	address: ServerAddress,
	flags: Flags,
	settings?: Settings,
): Promise<ServerApi | {message: string}> {
	const credentials = await serverCredentials(address.base, flags, settings);
	if ('message' in credentials) return credentials;
	return new ServerApi(
		address.base,
		{cookie: credentials.cookie, headers: flags.header ?? [], login: credentials.login, insecure: flags.insecure},
		credentials.fetch,
	);
}
