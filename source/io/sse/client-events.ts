/**
 * What the SSE client hands its owner: batches of model input, the signal that the view
 * must be rebuilt from the batch that follows, and the state of the connection.
 */
import type {ModelInput} from '../../model/input.js';

/** Where the connection stands. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting' | 'resyncing' | 'failed';

/** A connection status update. */
export type ConnectionStatus = {
	state: ConnectionState;
	/** When the next attempt starts (ms since the epoch): a countdown for the screen. */
	retryAt?: number;
	/** Failed attempts in a row (1 for the first retry). */
	attempt?: number;
	/** Why: the last error, or what failed. One line, with no secrets in it. */
	message?: string;
};

/** One report of the SSE client. */
export type SseClientEvent =
	/** Inputs in stream order (never empty). */
	| {type: 'inputs'; inputs: ModelInput[]}
	/**
	 * History was refetched (the server asked for a resync, or restarted): drop what was
	 * built so far and rebuild from the `inputs` that follow in the same tick, in place,
	 * without clearing the screen in between.
	 */
	| {type: 'reset'}
	/** The stream is shown without its history (none to load, or loading it failed): the inputs that follow say why. */
	| {type: 'no-history'}
	| {type: 'status'; status: ConnectionStatus};

/** Receives the client's reports, synchronously and in order. */
export type SseClientListener = (event: SseClientEvent) => void;

/** How a client ended. */
export type SseClientResult = {outcome: 'closed'} | {outcome: 'failed'; message: string};
