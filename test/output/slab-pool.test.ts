// Copies packed into reused slabs keep their bytes until released, however copies and releases interleave; released space is used again.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {ByteBatcher} from '../../source/output/byte-batcher.js';
import {SlabPool, type SlabCopy} from '../../source/output/slab-pool.js';

test('a copy keeps its bytes until it is released, whatever else is copied and released meanwhile', () => {
	const step = fc.oneof(fc.record({copy: fc.integer({min: 0, max: 300})}), fc.record({release: fc.nat()}));
	fc.assert(
		fc.property(fc.array(step, {maxLength: 120}), steps => {
			const pool = new SlabPool(512, 2);
			const live: Array<{copy: SlabCopy; expected: Buffer}> = [];
			let n = 0;
			for (const s of steps) {
				if ('copy' in s) {
					const expected = Buffer.alloc(s.copy, n++ % 251);
					live.push({copy: pool.copy(expected), expected: Buffer.from(expected)});
				} else if (live.length > 0) {
					const [gone] = live.splice(s.release % live.length, 1);
					gone!.copy.release();
				}
				for (const {copy, expected} of live) expect(copy.bytes.equals(expected)).toBe(true);
			}
		}),
		{numRuns: 300},
	);
});

test('once every copy in a slab is released, the slab is used again instead of a new one', () => {
	const pool = new SlabPool(100, 2);
	const first = pool.copy(Buffer.alloc(60, 1));
	first.release();
	pool.copy(Buffer.alloc(60, 2)); // does not fit after the first: the next slab
	const third = pool.copy(Buffer.alloc(60, 3)); // the first slab again
	expect(third.bytes.buffer).toBe(first.bytes.buffer);
});

test('a block printed from a slab and released at once is written as it was, whatever the sizes of slabs and batches', () => {
	// The printer releases a tool output's slab copy before the stream has written it: safe
	// because the ByteBatcher copies every piece it is given (it used to pass pieces larger
	// than its buffer straight to the stream, safe only while no slab copy was that large).
	fc.assert(
		fc.property(fc.integer({min: 64, max: 4096}), fc.integer({min: 8, max: 1024}), fc.array(fc.integer({min: 1, max: 1000}), {minLength: 1, maxLength: 30}), (slabBytes, batchBytes, sizes) => {
			const pool = new SlabPool(slabBytes, 2);
			// A stream that writes later: it keeps what it is handed until the end.
			const handed: Uint8Array[] = [];
			const batch = new ByteBatcher({write: chunk => handed.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)}, batchBytes);
			const expected: Buffer[] = [];
			sizes.forEach((size, n) => {
				const block = Buffer.alloc(size, 0x41 + (n % 26));
				const copy = pool.copy(block);
				batch.line([copy.bytes]);
				copy.release();
				// The next copy may land where the released one was.
				pool.copy(Buffer.alloc(size, 0x21)).release();
				expected.push(block, Buffer.from('\n'));
			});
			batch.flush();
			expect(Buffer.concat(handed).equals(Buffer.concat(expected))).toBe(true);
		}),
		{numRuns: 300},
	);
});
