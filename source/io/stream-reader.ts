/** A stream (standard input, a FIFO, a gzip trace) read line by line into model inputs. */
import {createReadStream} from 'node:fs';
import path from 'node:path';
import {yieldToLoop} from './yield-to-loop.js';
import type {ModelInput} from '../model/input.js';
import {CompressedDataError, gunzipIfCompressed} from './gunzip.js';
import {finishLines, toInputs, type InputsHandler} from './line-inputs.js';
import {LineSplitter, type LineCutter} from './line-splitter.js';
import {describeFsError} from './session-locator.js';

/** A running stream reader. */
export type StreamReader = {
	/** Stops reading (destroys the stream); nothing more is emitted. */
	close(): void;
	/** Resolves when reading has finished (after 'end', an error notice, or close). */
	done: Promise<void>;
};

/** Options for readStream. */
export type StreamOptions = {
	maxLineBytes?: number;
	/** Names the source in notices (default the path's file name, or `standard input`). */
	label?: string;
	cut?: LineCutter;
	/**
	 * Read as shard `shard` of a trace (a compressed trace file): a `shard` input first, and
	 * every line placed in it, as the follower does for a file. Without it, lines carry no shard.
	 */
	shard?: number;
	/** Called once, with the notice's text, when reading fails (a read error, cut-short gzip data). */
	onError?: (text: string) => void;
	/** Held between reads while the output drains (see FollowOptions.pace). */
	pace?: () => Promise<void> | undefined;
};

/**
 * Reads a stream (standard input, or a FIFO or any file given as a path) line by line,
 * emitting messages as they arrive and 'end' at EOF. A stream that starts with gzip's magic
 * bytes is gunzipped on the way.
 */
export function readStream(
	source: string | AsyncIterable<string | Uint8Array>,
	onInputs: InputsHandler,
	options: StreamOptions = {},
): StreamReader {
	const stream = typeof source === 'string' ? createReadStream(source) : source;
	const label = options.label ?? (typeof source === 'string' ? path.basename(source) : 'standard input');
	const splitter = new LineSplitter({maxLineBytes: options.maxLineBytes, cut: options.cut});
	const place = options.shard === undefined ? undefined : {index: options.shard, base: 0, lineBase: 0};
	let closed = false;
	const emit = (batch: ModelInput[]): void => {
		if (!closed && batch.length > 0) {
			onInputs(batch);
		}
	};
	const run = async (): Promise<void> => {
		if (place) emit([{kind: 'shard', index: place.index}]);
		let failure: string | undefined;
		try {
			for await (const chunk of gunzipIfCompressed(stream)) {
				if (closed) {
					return;
				}
				emit(toInputs(splitter.push(chunk), place));
				await yieldToLoop();
				// Print mode into a slow pipe: read no faster than it is written.
				await options.pace?.();
			}
		} catch (error) {
			failure =
				error instanceof CompressedDataError
					? `${label}: ${error.message} (${splitter.linesEnded} ` +
						`${splitter.linesEnded === 1 ? 'line' : 'lines'} read before it)`
					: `${label}: ${describeFsError(error)}`;
		}
		if (closed) return;
		// What was read before a failure is kept: the torn last line too, then where it stopped.
		emit(finishLines(splitter, place));
		if (failure !== undefined) {
			emit([{kind: 'notice', level: 'error', text: failure}]);
			options.onError?.(failure);
		}
		emit([{kind: 'end'}]);
	};
	const done = run().catch(() => undefined);
	return {
		close() {
			closed = true;
			(stream as {destroy?: () => void}).destroy?.();
		},
		done,
	};
}
