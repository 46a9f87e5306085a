// Flags as cli.tsx parses them with nothing given, for in-process tests of the entry's parts.
import type {Flags} from '../../source/flags.js';

/** The flags of `penguin-view` with nothing given, and `given` on top. */
export function flagsWith(given: Partial<Flags> = {}): Flags {
	return {insecure: false, print: false, json: false, list: false, stats: false, redact: false, debug: false, ...given};
}
