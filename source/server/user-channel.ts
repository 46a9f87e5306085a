/**
 * The user channel, `GET /api/events`: the server's notices about every session the user
 * can see (`session_state`, `session_title`, `session_created`), over the same reconnecting
 * transport as a session's stream. A reconnect may have missed events, so it asks for the
 * list again.
 */
import {openSseTransport, type TransportTimings} from '../io/sse/transport.js';
import type {ServerApi} from './api.js';
import {apiUrl} from '../io/sse/server-address.js';
import {readUserChannelEvent, type UserChannelEvent} from './session-list.js';

/** What the channel reports. */
export type UserChannelHandlers = {
	onEvent: (event: UserChannelEvent) => void;
	/** Connected again after a drop: events may have been missed. */
	onReconnected: () => void;
	/** The channel gave up (a login that expired, a server that went away for good). */
	onFailed: (message: string) => void;
};

/** Opens the user channel; `close` stops it. */
export function openUserChannel(
	api: ServerApi,
	handlers: UserChannelHandlers,
	timings?: Partial<TransportTimings>,
): {close(): void} {
	let opened = false;
	return openSseTransport(
		{url: apiUrl(api.base, 'events'), headers: api.requestHeaders, fetch: api.fetcher, timings},
		{
			onOpen: () => {
				if (opened) handlers.onReconnected();
				opened = true;
			},
			onEvent: event => {
				if (event.event !== 'server_event') return;
				let data: unknown;
				try {
					data = JSON.parse(event.data);
				} catch {
					return;
				}
				const decoded = readUserChannelEvent(data);
				if (decoded) handlers.onEvent(decoded);
			},
			onFatal: error => handlers.onFailed(error.message),
		},
	);
}
