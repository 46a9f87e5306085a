// The probe after an abort: a try that hangs counts for nothing once its own limit passes, so the next try (the one
// that finds the listener closed) still comes.
import {expect, it} from 'vitest';
import {serverGoingAway} from '../../source/io/sse/goodbye-probe.js';
import type {FetchLike} from '../../source/io/sse/http-fetch.js';

it('a try that never answers is given up after its limit, and the next try sees the refusal', async () => {
	let tries = 0;
	const fetch = ((_url: URL, init?: {signal?: AbortSignal}) => {
		tries++;
		if (tries === 2)
			return Promise.reject(Object.assign(new TypeError('fetch failed'), {cause: {code: 'ECONNREFUSED'}}));
		// The first try: a server that takes the connection and never answers, until the signal ends it.
		return new Promise((_resolve, reject) =>
			init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), {once: true}),
		);
	}) as unknown as FetchLike;
	const gone = await serverGoingAway({
		url: new URL('http://127.0.0.1:1/api/sessions/x'),
		fetch,
		headers: {},
		delaysMs: [0, 0],
		tryMs: 50,
		signal: new AbortController().signal,
	});
	expect(tries).toBe(2);
	expect(gone).toBe(true);
});
