// Copies packed into reused slabs keep their bytes until released, however copies and releases interleave; released space is used again.
import fc from 'fast-check';
import {expect, test} from 'vitest';
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
