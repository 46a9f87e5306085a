// Where the follower cuts its reads: a full read ends at its last line end, and a read is handed on in batches of whole
// lines that cover it exactly.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {batchBytes, batchEnd, wholeLines} from '../../source/io/read-chunks.js';

/** Lines of the given lengths (newline included), as bytes. */
function linesOf(lengths: readonly number[]): Buffer {
	return Buffer.concat(lengths.map(length => Buffer.from(`${'x'.repeat(Math.max(0, length - 1))}\n`)));
}

describe('wholeLines', () => {
	it('keeps a full read up to its last line end, a short read or one with no line end whole', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({min: 1, max: 300}), {maxLength: 40}),
				fc.integer({min: 1, max: 2000}),
				fc.integer({min: 0, max: 2000}),
				(lengths, size, short) => {
					const text = linesOf(lengths);
					const buffer = Buffer.alloc(size);
					const bytesRead = text.copy(buffer, 0, 0, Math.min(size, text.length, size - (short % size)));
					const kept = wholeLines(buffer, bytesRead);
					if (bytesRead < size || !buffer.subarray(0, bytesRead).includes(10)) {
						expect(kept).toBe(bytesRead);
						return;
					}
					expect(buffer[kept - 1]).toBe(10);
					expect(buffer.subarray(kept, bytesRead).includes(10)).toBe(false);
				},
			),
		);
	});
});

describe('batchEnd', () => {
	it('cuts a chunk into batches of whole lines that cover it, each at most one line past batchBytes', () => {
		fc.assert(
			fc.property(fc.array(fc.integer({min: 1, max: 64 * 1024}), {maxLength: 60}), fc.boolean(), (lengths, torn) => {
				const whole = linesOf(lengths);
				// A chunk may end inside a line (a short read, a line longer than a read).
				const chunk = torn && whole.length > 1 ? whole.subarray(0, whole.length - 1) : whole;
				const longest = Math.max(0, ...lengths);
				const batches: Buffer[] = [];
				for (let from = 0; from < chunk.length; ) {
					const to = batchEnd(chunk, from);
					expect(to).toBeGreaterThan(from);
					batches.push(chunk.subarray(from, to));
					from = to;
				}
				expect(Buffer.concat(batches).equals(chunk)).toBe(true);
				for (const batch of batches.slice(0, -1)) {
					expect(batch.at(-1)).toBe(10);
					expect(batch.length).toBeGreaterThanOrEqual(batchBytes);
					expect(batch.length).toBeLessThanOrEqual(batchBytes + longest);
				}
			}),
			{numRuns: 60},
		);
	});
});
