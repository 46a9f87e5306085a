/**
 * Connects --sse to the store: auth from flags and environment, the client's inputs into
 * the model, a resync rebuilding the model in place, connection state into the header,
 * and (in print mode) connection trouble as one line each on stderr.
 */
import type {Flags} from '../main.js';
import type {ModelInput} from '../model/input.js';
import type {SessionStore} from '../model/store.js';
import {formatDuration} from '../render/format.js';
import {sanitize} from '../render/sanitize.js';
import {loginFromFlags} from './login-flags.js';
import {startSseClient} from './sse/client.js';
import type {SessionActions} from './sse/actions.js';
import type {ConnectionStatus} from './sse/client-events.js';

/** The running stream, and how to act on its session (the screen's a, r, Ctrl+X and >). */
export type SseStart = {ok: true; source: {close(): void | Promise<void>}; actions: SessionActions} | {ok: false; message: string};

export async function startSse(
	url: string,
	flags: Flags,
	store: SessionStore,
	options: {follow: boolean; interactive: boolean},
): Promise<SseStart> {
	const login = await loginFromFlags(flags.user);
	if (login && 'message' in login) return {ok: false, message: login.message};
	store.setStatus({label: url, state: 'connecting'});

	let rebuilding: ModelInput[] | undefined;
	let joined = false;
	let lastState = '';
	const report = (status: ConnectionStatus): void => {
		store.setStatus({state: status.state, retryAt: status.retryAt, message: status.message});
		if (options.interactive) return;
		// Print mode: say what happens to the connection on stderr, once per change.
		const line =
			status.state === 'reconnecting'
				? `reconnecting${status.retryAt ? ` in ${formatDuration(Math.max(0, status.retryAt - Date.now()))}` : ''}${status.attempt ? ` (attempt ${status.attempt})` : ''}${status.message ? `: ${status.message}` : ''}`
				: status.state === 'failed'
					? `${status.message ?? 'the stream failed'}`
					: status.state === 'resyncing'
						? 'resyncing: the server asked for the history again'
						: '';
		const key = `${status.state}|${status.attempt ?? ''}`;
		// What the server said may carry C1 or bidi controls: sanitized like everything else.
		if (line && key !== lastState) process.stderr.write(`penguin-view: ${sanitize(line)}\n`);
		lastState = key;
	};

	const client = startSseClient(
		{url, cookie: flags.cookie ?? process.env['PENGUIN_VIEW_COOKIE'], headers: flags.header ?? [], login, insecure: flags.insecure},
		event => {
			if (event.type === 'status') {
				report(event.status);
				return;
			}
			if (event.type === 'reset') {
				// The inputs that follow in the same tick are the fresh history: rebuild from them at once.
				rebuilding = [];
				setImmediate(() => {
					const inputs = rebuilding ?? [];
					rebuilding = undefined;
					store.rebuild(inputs);
				});
				return;
			}
			if (rebuilding) {
				rebuilding.push(...event.inputs);
				return;
			}
			// The client says in a notice when it streams without history; the header says it too.
			if (event.inputs.some(input => input.kind === 'notice' && /^(could not load the history|not a session stream URL)/.test(input.text))) {
				store.setStatus({noHistory: true});
			}
			store.apply(event.inputs);
			if (!options.follow && !joined && event.inputs.some(input => input.kind === 'message')) {
				// --no-follow: the history and the live fragments are in; stop there.
				joined = true;
				setImmediate(() => {
					client.close();
					store.apply([{kind: 'end'}]);
				});
			}
		},
	);
	void client.done.then(result => {
		if (result.outcome === 'failed') store.setStatus({state: 'failed', message: result.message});
	});
	return {ok: true, source: {close: () => client.close()}, actions: {send: request => client.act(request)}};
}
