/** Asks for a line on the terminal without echoing it (a password). */
import {createInterface} from 'node:readline';
import {Writable} from 'node:stream';

export async function readHiddenLine(prompt: string): Promise<string | undefined> {
	if (!process.stdin.isTTY) return undefined;
	process.stderr.write(prompt);
	// Swallow the echo: readline writes what is typed to its output, which goes nowhere.
	const muted = new Writable({write: (_chunk, _encoding, done) => done()});
	const reader = createInterface({input: process.stdin, output: muted, terminal: true});
	try {
		return await new Promise<string | undefined>(resolve => {
			reader.once('line', line => resolve(line));
			reader.once('close', () => resolve(undefined));
		});
	} finally {
		reader.close();
		process.stderr.write('\n');
	}
}
