/** What a, r, Ctrl+X and > send, once confirmed: the request, its pending marks, and the footer's word on it. */
import type {SessionActions} from '../../io/sse/actions.js';
import type {SessionStore} from '../../model/session-store.js';
import {sanitize} from '../../render/sanitize.js';
import {addPending, type ActSend, type PendingSteer} from './acting.js';

/** The footer's word once a stop is sent, until the run has ended (own-stop.ts says how). */
export const stopSentText = 'stop sent: the run is stopping';

/**
 * Sends one confirmed action; the message for the footer when there is one to give. A call
 * shows `allowing…`/`denying…` until the server's decision arrives; a refusal puts it back
 * to waiting. A steering message is pending until the stream echoes it.
 */
export async function act(
	sent: ActSend,
	actions: SessionActions,
	store: SessionStore,
	setSteering: (update: (previous: readonly PendingSteer[]) => readonly PendingSteer[]) => void,
	withdrawn: Set<string>,
): Promise<string | undefined> {
	const request = sent.request;
	if (request.kind === 'decide')
		store.apply([{kind: 'deciding', callId: request.callId, origin: sent.origin, decision: request.decision}]);
	if (request.kind === 'steer') setSteering(previous => addPending(previous, request.text, sent.seq, store.view));
	const outcome = await actions
		.send(request)
		.catch((error: unknown) => ({ok: false as const, reason: error instanceof Error ? error.message : String(error)}));
	if (outcome.ok) {
		if (request.kind === 'abort')
			return outcome.status === 204 ? 'nothing to stop: no run is in progress' : stopSentText;
		// The stream that follows the session carries the task from here on.
		if (request.kind === 'task') return 'task sent';
		if (request.kind === 'withdraw') {
			withdrawn.add(request.steerId);
			return 'steering withdrawn';
		}
		return undefined;
	}
	if (request.kind === 'decide')
		store.apply([{kind: 'deciding', callId: request.callId, origin: sent.origin, decision: undefined}]);
	if (request.kind === 'steer') setSteering(previous => previous.filter(entry => entry.seq !== sent.seq));
	return sanitize(`could not ${sent.label}: ${outcome.reason}`);
}
