/**
 * Backpressure from the output to the readers. Print mode writes about as much as it reads;
 * when stdout is a pipe whose reader is slower (`| less`, a slow consumer), Node queues every
 * write in memory, and a trace of any size would end up there. The safe writer holds the
 * readers here until stdout drains: memory stays bounded by a read chunk or two and the
 * pipe's buffer, however slow the reader. The screen never holds them (Ink writes itself).
 */

let held: Promise<void> | undefined;

/** Undefined while the readers may go on; else a promise that settles once they may. */
export function outputBackpressure(): Promise<void> | undefined {
	return held;
}

/** Holds the readers until `released` settles (a stdout that drained or closed). */
export function holdReadersUntil(released: Promise<void>): void {
	const hold: Promise<void> = released.then(() => {
		if (held === hold) held = undefined;
	});
	held = hold;
}
