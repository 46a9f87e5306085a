/**
 * Whether a server that just aborted the followed run is going away. A stopping PenguinHarness server sends nothing
 * that says so (docs/sse.md, "A server that stops"): its drain aborts every run as a person's Stop does, closes its
 * listener, and exits a second later, the stream left open until then. A closed listener is the one sign: a new
 * connection is refused. So after an abort the server is asked a few times; a refusal answers yes.
 */
import {networkError, SseClientError} from './errors.js';
import type {FetchLike} from './http-fetch.js';

/** What the probe asks, and when. */
export type GoodbyeProbeOptions = {
	/** A cheap GET on the same server (the session's record): any answer at all means it is still there. */
	url: URL;
	fetch: FetchLike;
	headers: Record<string, string>;
	/** The wait before each try, in ms from the previous one. */
	delaysMs: readonly number[];
	/** How long one try may take to answer before it counts for nothing (default 1 s). */
	tryMs?: number;
	signal: AbortSignal;
};

const pause = (ms: number, signal: AbortSignal): Promise<void> =>
	new Promise(resolve => {
		const timer = setTimeout(done, ms);
		timer.unref();
		signal.addEventListener('abort', done, {once: true});
		function done(): void {
			clearTimeout(timer);
			signal.removeEventListener('abort', done);
			resolve();
		}
	});

/** True when the server refused a new connection within the tries (its listener is closed: it is stopping). */
export async function serverGoingAway(options: GoodbyeProbeOptions): Promise<boolean> {
	for (const ms of options.delaysMs) {
		await pause(ms, options.signal);
		if (options.signal.aborted) return false;
		try {
			// Each try has its own limit besides the fetch's: a probe that hangs would hold back the next abort's.
			const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.tryMs ?? 1000)]);
			const response = await options.fetch(options.url, {headers: options.headers, signal});
			response.body?.cancel().catch(() => undefined);
		} catch (error) {
			if (options.signal.aborted) return false;
			// Only a refusal says the listener is gone; a slow or failed answer says nothing either way.
			if (networkError(error, options.url, true).kind === 'refused') return true;
		}
	}
	return false;
}

/** Where the probe asks (the session's record), with what, and what it does when the server is stopping. */
export type GoodbyeWatchOptions = Omit<GoodbyeProbeOptions, 'signal' | 'url'> & {
	/** Unset for a stream that is not a session's: nothing is asked. */
	url: URL | undefined;
	onGone: (error: SseClientError) => void;
};

/** One probe at a time after each abort; `close()` ends the one under way. */
export class GoodbyeWatch {
	private probe: AbortController | undefined;

	/** `options` is read at each abort (the login's cookie comes after the watch is made). */
	constructor(private readonly options: () => GoodbyeWatchOptions) {}

	/** A run was aborted: by a person, or by a server that is stopping. Asks, unless a probe is under way. */
	afterAbort(): void {
		const options = this.options();
		const url = options.url;
		if (url === undefined || this.probe !== undefined) return;
		const probe = new AbortController();
		this.probe = probe;
		void serverGoingAway({...options, url, signal: probe.signal}).then(gone => {
			if (this.probe === probe) this.probe = undefined;
			if (gone && !probe.signal.aborted) {
				options.onGone(new SseClientError('refused', `the server is stopping: ${url.host} refuses connections`, true));
			}
		});
	}

	/** Ends the probe under way; its answer is then ignored. */
	close(): void {
		this.probe?.abort();
		this.probe = undefined;
	}
}
