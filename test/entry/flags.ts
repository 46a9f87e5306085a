// Flags as cli.tsx parses them with nothing given, for in-process tests of the entry's parts.
import {flags as flagTable} from '../../source/flag-table.js';
import type {Flags} from '../../source/flags.js';
import {parseCommandLine} from '../../source/command-line/parse-flags.js';

/** The flags of `penguin-view` with nothing given (as the parser fills them), and `given` on top. */
export function flagsWith(given: Partial<Flags> = {}): Flags {
	const parsed = parseCommandLine([], flagTable);
	if (parsed.kind !== 'run') throw new Error('an empty command line did not parse');
	return {...parsed.flags, ...given};
}
