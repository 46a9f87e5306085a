/** What every completion script is made from: the flags, and how to list session ids. */
import type {FlagEntry} from '../flag-table.js';

/** The facts about the command line every script needs. */
export type CompletionFacts = {
	/** One entry per name: the first use of each (`--sse URL`, not `--sse SERVER` again). */
	entries: FlagEntry[];
	/** Words that may come first instead of a trace (`login`, `logout`). */
	subcommands: string[];
	/** A pipeline printing the session ids under the folder `root` (a shell expression), one a line. */
	sessionIds(root: string): string;
};

/** A flag's help up to its first `;`, cut at a word within 60 columns: enough for a completion menu. */
export function shortHelp(entry: FlagEntry): string {
	const clause = entry.use.help.split('; ')[0]!;
	if (clause.length <= 60) return clause;
	return `${clause.slice(0, 60).replace(/[\s,]+\S*$/, '')}…`;
}
