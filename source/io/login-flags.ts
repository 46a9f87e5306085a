/** `--user NAME`: the password from PENGUIN_PASSWORD or, on a terminal, a hidden prompt. */
import {readHiddenLine} from './hidden-prompt.js';

/**
 * The login `--user` asks for (`given`: PENGUIN_PASSWORD); a message when no password can be had; undefined without
 * `--user`.
 */
export async function loginFromFlags(
	user: string | undefined,
	given: string | undefined,
): Promise<{userId: string; password: string} | {message: string} | undefined> {
	if (!user) return undefined;
	let password = given;
	if (password === undefined && process.stdin.isTTY) password = await readHiddenLine(`password for ${user}: `);
	if (password === undefined)
		return {message: `--user ${user} needs a password: set PENGUIN_PASSWORD, or run on a terminal to be asked`};
	return {userId: user, password};
}
