/**
 * How a session's last run ended, from its last messages: finished, aborted by a person, or
 * failed with the engine's reason. The engine ends every run it gives up on with an `abort`
 * whose reason is a sentence; a person's interrupt is one that starts with "aborted" (the
 * upstream server's own test for "not a failure"). Pure: messages in, the ending out.
 */
import {errorMessageOf, isOmniMessage} from '../protocol/guards.js';

/** The end of a run, with the reason the engine gave when it did not finish. */
export type RunEnding = {kind: 'finished'} | {kind: 'aborted' | 'failed'; reason: string};

/** A person's interrupt (core's `aborted by user`, `aborted during reconnect backoff`), not a failure. */
export function isInterruptReason(reason: string): boolean {
	return /^aborted\b/i.test(reason);
}

const retrying = (p: Record<string, unknown>): boolean => typeof p['retry_in_ms'] === 'number';

/** The ending the last run of these messages says (values that are not messages are passed over). */
export function runEnding(messages: readonly unknown[]): RunEnding {
	let ending: RunEnding = {kind: 'finished'};
	for (const message of messages) {
		if (!isOmniMessage(message)) continue;
		const p = message.payload;
		if (p.type === 'request_begin') ending = {kind: 'finished'};
		else if (p.type === 'abort') {
			const reason = typeof p['reason'] === 'string' && p['reason'] !== '' ? p['reason'] : 'aborted';
			ending = {kind: isInterruptReason(reason) ? 'aborted' : 'failed', reason};
		} else if (p.type === 'request_end' && !['completed', 'aborted'].includes(String(p['status'])) && !retrying(p)) {
			// A request that failed with no retry to come and no abort after it (a goal round's end).
			const status = typeof p['status'] === 'string' ? p['status'] : 'failed';
			ending = {kind: 'failed', reason: errorMessageOf(p) ?? `request ${status}`};
		}
	}
	return ending;
}
