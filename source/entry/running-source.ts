/**
 * The source a run reads: opened from the flags, perhaps left for a session on disk (the picker), closed once on the
 * way out.
 */

/** Stops a running source. */
export type Stoppable = {close(): void | Promise<void>};

export class RunningSource {
	private current: Stoppable;
	private closing: Promise<void> | undefined;
	/** False once the picker left the source opened from the flags for a session on disk. */
	original = true;

	constructor(source: Stoppable) {
		this.current = source;
	}

	/** Stops the source, to follow another (`follow`). */
	async leave(): Promise<void> {
		this.original = false;
		await this.current.close();
	}

	/** Reads `next` from now on (after `leave`). */
	follow(next: Stoppable): void {
		this.current = next;
	}

	/** Stops whichever source runs now: once, however often it is called. */
	readonly close = async (): Promise<void> => {
		this.closing ??= (async () => void (await this.current.close()))();
		return this.closing;
	};
}
