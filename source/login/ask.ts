/** Asks a yes/no question on the terminal (a `--user` login offered for saving). */
import {createInterface} from 'node:readline';

/** True for y or yes; false for anything else, or when standard input is not a terminal. */
export async function askYesNo(question: string): Promise<boolean> {
	if (!process.stdin.isTTY) return false;
	process.stderr.write(question);
	const reader = createInterface({input: process.stdin, output: process.stderr, terminal: true});
	try {
		const answer = await new Promise<string>(resolve => {
			reader.once('line', resolve);
			reader.once('close', () => resolve(''));
		});
		return /^\s*y(es)?\s*$/i.test(answer);
	} finally {
		reader.close();
	}
}
