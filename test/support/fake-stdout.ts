// A stdout for print mode's writers in process: it keeps what it is given, and never closes.
import type {SafeWriter} from '../../source/output/safe-writer.js';

export function fakeStdout(): {out: SafeWriter; text: () => string} {
	const chunks: Buffer[] = [];
	const out: SafeWriter = {
		write(chunk, done) {
			chunks.push(Buffer.from(typeof chunk === 'string' ? Buffer.from(chunk) : chunk));
			done?.();
		},
		flush: async () => undefined,
		closed: new Promise<void>(() => undefined),
		isClosed: () => false,
	};
	return {out, text: () => Buffer.concat(chunks).toString('utf8')};
}
