// Server mode started in-process as the screen starts it (a store of its own, no data root), for the tests that
// watch its list, nudges and costs against the fake server.
import type {Flags} from '../../source/main.js';
import {SessionStore} from '../../source/model/session-store.js';
import {readServerAddress} from '../../source/io/sse/server-address.js';
import {startServerMode, type ServerModeOptions, type ServerStart} from '../../source/server/server-mode.js';

export const screenFlags = {
	insecure: false,
	print: false,
	json: false,
	follow: true,
	list: false,
	stats: false,
	redact: false,
	debug: false,
} as Flags;

/**
 * Server mode on the screen at `address` (a server's, or a session's page); `more`: options beyond the screen's own.
 */
export async function startOnScreen(
	address: string,
	more: Partial<ServerModeOptions> = {},
): Promise<{started: ServerStart; store: SessionStore}> {
	const store = new SessionStore({label: '', state: 'connecting'});
	const fileOptions = {store, dataRoot: '/nonexistent', follow: true, hold: false, children: false};
	const started = await startServerMode(readServerAddress(address)!, {
		flags: screenFlags,
		store,
		screen: true,
		follow: true,
		latest: false,
		fileOptions,
		...more,
	});
	return {started, store};
}
