/** How long the SSE client waits for each thing it asks for (io/sse/client.ts). */
import {defaultRequestTimeouts, type RequestTimeouts} from './timed-fetch.js';
import {defaultTransportTimings, type TransportTimings} from './transport.js';

/** Transport timings, plus how long an open stream may stay silent before history is fetched anyway. */
export type ClientTimings = TransportTimings & {
	/**
	 * The server's first event (a task_state snapshot) proves it has subscribed us, so
	 * history fetched after it cannot miss an event; a server that sends none is waited
	 * for this long.
	 */
	firstEventWaitMs: number;
	/** How long the history request may go unanswered before the live stream is shown without it. */
	historyAnswerMs: number;
	/**
	 * How long the history, once in, waits for the session's record (what the header names)
	 * before the stream is shown without it; the record fills the header in when it comes.
	 * Print mode cannot take back a header it wrote, so it waits a little; the screen need not.
	 */
	recordWaitMs: number;
	/** The limits on every request (timed-fetch.ts). */
	requests: RequestTimeouts;
	/** How long the project's model table (the context window) may go unanswered; the header does without it. */
	modelsAnswerMs: number;
	/** After an abort, when to ask whether the server is stopping (goodbye-probe.ts): the waits between the tries. */
	goodbyeProbeMs: readonly number[];
};

/** The production timings. */
export const defaultClientTimings: ClientTimings = {
	...defaultTransportTimings,
	firstEventWaitMs: 1_000,
	historyAnswerMs: 10_000,
	recordWaitMs: 500,
	requests: defaultRequestTimeouts,
	modelsAnswerMs: 2_000,
	// A stopping server closes its listener once its runs wind up, and its stream a second later.
	goodbyeProbeMs: [100, 300, 500],
};
