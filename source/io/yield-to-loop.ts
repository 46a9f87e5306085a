/**
 * A turn of the event loop given back to what waits (a key, a signal, a timer) between two long
 * pieces of reading: timers/promises' setImmediate, without loading that module at every start
 * for a pause most short traces never take.
 */
export function yieldToLoop(): Promise<void> {
	return new Promise(resolve => setImmediate(resolve));
}
