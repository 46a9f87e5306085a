/**
 * Reconnect delays: doubling from a base up to a ceiling, shortened by a random share so
 * that viewers dropped together by one server restart do not all come back in the same instant.
 */

/** Share of a delay that jitter may take off. */
const jitterShare = 0.25;

/** Options for backoffDelay. */
export type BackoffOptions = {
	baseMs: number;
	maxMs: number;
	/** A number in [0, 1); Math.random unless a test pins it. */
	random?: () => number;
};

/** The wait before reconnect attempt `attempt` (1 for the first retry), in ms. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
	const {baseMs, maxMs, random = Math.random} = options;
	const doublings = Math.min(Math.max(attempt - 1, 0), 30);
	const ceiling = Math.min(maxMs, Math.max(baseMs, 0) * 2 ** doublings);
	return Math.round(ceiling * (1 - jitterShare * random()));
}
