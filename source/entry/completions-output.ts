/** `--completions SHELL`: the completion script on stdout (command-line/completions.ts), or bad usage. */
import {UsageError} from './flag-checks.js';

/** Writes the script for `shell`; exit code 0. */
export async function writeCompletions(shell: string): Promise<number> {
	const {completionScript, isShell} = await import('../command-line/completions.js');
	if (!isShell(shell)) throw new UsageError(`--completions takes bash, zsh or fish, not '${shell}'`);
	process.stdout.write(completionScript(shell));
	return 0;
}
