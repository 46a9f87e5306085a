/**
 * `penguin-view login [URL]` and `penguin-view logout URL`, told apart from a trace named
 * `login` or `logout`: the word is a subcommand when it is the first argument, except when it
 * is the only one and a file or folder of that name is in the current directory (that is
 * opened, as before). `./login` is always the file.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import {usageExitCode, usageLine} from '../bad-usage.js';

const words = new Set(['login', 'logout']);

/** Whether the arguments ask for a subcommand. */
export function isSubcommand(input: readonly string[], cwd: string): boolean {
	const word = input[0];
	if (word === undefined || !words.has(word)) return false;
	return input.length > 1 || !existsSync(path.join(cwd, word));
}

/** Runs a subcommand and returns its exit code; undefined when the arguments are not one. */
export async function runSubcommand(
	input: readonly string[],
	flags: Flags,
	settings: Settings,
): Promise<number | undefined> {
	if (!isSubcommand(input, settings.cwd)) return undefined;
	const {loginCommand, listLogins, logoutCommand} = await import('./commands.js');
	const {SavedLogins} = await import('./login-file.js');
	const logins = new SavedLogins(settings.configDir);
	const [word, address, ...rest] = input;
	let result;
	if (rest.length > 0)
		result = {code: usageExitCode, stdout: '', stderr: usageLine(`${word} takes one server address`)};
	else if (word === 'login')
		result =
			address === undefined
				? listLogins(logins, settings.now())
				: await loginCommand(address, flags, logins, settings.now, settings.password);
	else if (address === undefined)
		result = {
			code: usageExitCode,
			stdout: '',
			stderr: usageLine("logout takes the server's address: penguin-view logout http://HOST:PORT"),
		};
	else result = await logoutCommand(address, flags, logins, settings.now);
	process.stdout.write(result.stdout);
	process.stderr.write(result.stderr);
	return result.code;
}
