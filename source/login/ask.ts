/** Asks a yes/no question on the terminal (a `--user` login offered for saving): one key answers, as on the screen. */

/** True for y; false for any other key, or when standard input is not a terminal. Ctrl+C still interrupts. */
export async function askYesNo(question: string): Promise<boolean> {
	const input = process.stdin;
	if (!input.isTTY) return false;
	process.stderr.write(question);
	const wasRaw = input.isRaw;
	input.setRawMode(true);
	input.resume();
	try {
		const key = await new Promise<string>(resolve => {
			const onData = (chunk: Buffer): void => {
				input.off('end', onEnd);
				resolve(chunk.toString('utf8'));
			};
			const onEnd = (): void => {
				input.off('data', onData);
				resolve('');
			};
			input.once('data', onData);
			input.once('end', onEnd);
		});
		const yes = /^y/i.test(key);
		process.stderr.write(yes ? 'y\n' : 'n\n');
		// Raw mode swallowed Ctrl+C: it still stops the program.
		if (key.startsWith('\x03')) process.kill(process.pid, 'SIGINT');
		return yes;
	} finally {
		input.setRawMode(wasRaw);
		input.pause();
	}
}
