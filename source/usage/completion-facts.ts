/** What every completion script is made from: the flags, and how to list session ids. */
import type {FlagEntry} from './flag-table.js';

/** The facts about the command line every script needs. */
export type CompletionFacts = {
	entries: FlagEntry[];
	/** A pipeline printing the session ids under the folder `root` (a shell expression), one a line. */
	sessionIds(root: string): string;
};

/** The first clause of a flag's help: enough for a completion menu. */
export function shortHelp(entry: FlagEntry): string {
	const help = entry.spec.uses[0]!.help;
	return help.split(/[;(:]/)[0]!.trim();
}
