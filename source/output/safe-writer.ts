/**
 * A writer for stdout that survives a closed pipe (`penguin-view trace | head`): the
 * first EPIPE ends output quietly instead of throwing.
 */
import type {Writable} from 'node:stream';
import {holdReadersUntil} from './pace.js';

export type SafeWriter = {
	/** `done`, when given, is called once the stream no longer needs `text` (at once if it is closed). */
	write(text: string | Uint8Array, done?: () => void): void;
	/** Resolves once everything written so far has been handed to the OS. */
	flush(): Promise<void>;
	/** Resolves when the reader went away. */
	closed: Promise<void>;
	isClosed(): boolean;
};

/**
 * The writers' "the reader went away" state: a flag, the promise that resolves with it, and the call that sets both.
 */
export function closedLatch(): {closed: Promise<void>; isClosed(): boolean; markClosed(): void} {
	let closed = false;
	let markClosed: () => void = () => {};
	const promise = new Promise<void>(resolve => {
		markClosed = () => {
			closed = true;
			resolve();
		};
	});
	return {closed: promise, isClosed: () => closed, markClosed: () => markClosed()};
}

export function safeWriter(stream: Writable): SafeWriter {
	const {closed: closedPromise, isClosed, markClosed} = closedLatch();
	stream.on('error', () => markClosed());
	let holding = false;
	return {
		write(text, done) {
			if (isClosed() || text.length === 0) {
				done?.();
				return;
			}
			// A full pipe: the readers wait until it drains (or closes), so nothing piles up in memory.
			if (!stream.write(text, done) && !holding) {
				holding = true;
				const drained = new Promise<void>(resolve => stream.once('drain', resolve));
				holdReadersUntil(
					Promise.race([drained, closedPromise]).then(() => {
						holding = false;
					}),
				);
			}
		},
		async flush() {
			if (isClosed() || !stream.writableNeedDrain) return;
			await new Promise<void>(resolve => {
				stream.once('drain', resolve);
				stream.once('error', resolve);
			});
		},
		closed: closedPromise,
		isClosed,
	};
}
