/**
 * `--completions SHELL`: a completion script for bash, zsh or fish, made from the flag table.
 * Each completes the flags, the values of those that take known ones, file names, and for
 * the positional argument the session ids under $PENGUIN_HOME too.
 */
import {assertNever} from '../assert-never.js';
import {flags, flagEntries, subcommands} from '../flag-table.js';
import type {CompletionFacts} from './completion-facts.js';
import {bashScript} from './completions-bash.js';
import {fishScript} from './completions-fish.js';
import {zshScript} from './completions-zsh.js';

export type Shell = 'bash' | 'zsh' | 'fish';

export function isShell(name: string): name is Shell {
	return (flags.completions.values as readonly string[]).includes(name);
}

// The layout session-locator walks: <root>/<project>/agents/<agent>/traces/<date>/<id>_<NNN>.jsonl.
// find and sed, as every shell has them, so that a Tab never waits for Node to start.
const sessionIds = (root: string): string =>
	`find -L ${root} -mindepth 6 -maxdepth 6 -path '*/agents/*/traces/*' -name '*_[0-9][0-9][0-9]*.jsonl' ` +
	`2>/dev/null | sed -e 's#.*/##' -e 's#_[0-9]*\\.jsonl$##' | sort -u`;

/** The completion script for `shell`. */
export function completionScript(shell: Shell): string {
	const entries = flagEntries().filter(
		(entry, index, all) => all.findIndex(other => other.long === entry.long) === index,
	);
	const facts: CompletionFacts = {entries, subcommands: subcommands(), sessionIds};
	switch (shell) {
		case 'bash':
			return bashScript(facts);
		case 'zsh':
			return zshScript(facts);
		case 'fish':
			return fishScript(facts);
		default:
			return assertNever(shell, 'shell');
	}
}
