/** Requests to the model: their begin and end (retries included) and the tokens each used. */
import {errorMessageOf, isFiniteNumber, isOptional, isString, isTokenUsagePayload} from '../../../protocol/guards.js';
import type {AnyPayload, RequestEndPayload} from '../../../protocol/types.js';
import {addTokens} from '../../../cost/arithmetic.js';
import {spendRequest} from '../spend.js';
import {on, type PayloadHandlers} from './handler.js';

export function isRequestEndPayload(p: AnyPayload): p is RequestEndPayload {
	return (
		p.type === 'request_end' &&
		isString(p['status']) &&
		isOptional(p['attempt'], isFiniteNumber) &&
		isOptional(p['retry_in_ms'], isFiniteNumber)
	);
}

export const requestPayloads = {
	// Of any shape: it only says a request began.
	request_begin: (_p, s, at) => {
		s.requests.begin(at);
		return true;
	},
	request_end: on(isRequestEndPayload, (p, s, at) => {
		s.requests.end(p.status, errorMessageOf(p), p.attempt, p.retry_in_ms, at);
	}),
	token_usage: on(isTokenUsagePayload, (p, s) => {
		const {view, core} = s;
		s.fragments.settleAwaiting();
		Object.assign(view.tokens, {session: p.session, lastRequest: p.request});
		spendRequest(view, core.compaction ? 'compaction' : 'conversation', p.request, p.session, s.spentBelow);
		if (!core.compaction) {
			view.tokens.context = p.request.total;
			s.requests.usage(p.request);
		} else {
			const item = core.touch(core.compaction);
			item.usage = item.usage ? addTokens(item.usage, p.request) : {...p.request};
		}
	}),
} satisfies PayloadHandlers;
