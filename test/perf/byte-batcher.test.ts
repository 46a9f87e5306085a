// Print mode's write batching: exactly the bytes of the lines given, whatever their size or script, and a buffer handed
// over is never written again.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {ByteBatcher} from '../../source/output/byte-batcher.js';

function collect(size: number) {
	const chunks: Array<string | Uint8Array> = [];
	const batcher = new ByteBatcher(
		{write: chunk => chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk))},
		size,
	);
	const bytes = () => Buffer.concat(chunks.map(chunk => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
	return {batcher, chunks, bytes};
}

test('any lines, in one piece or several, come out as their UTF-8 bytes with a newline each', () => {
	const text = fc.string({unit: fc.constantFrom('a', 'é', '日', '🐧', '\n', '│', 'x'.repeat(50)), maxLength: 400});
	fc.assert(
		fc.property(
			fc.array(fc.oneof(text, fc.array(text, {maxLength: 4})), {maxLength: 30}),
			fc.constantFrom(16, 64, 1024),
			(lines, size) => {
				const {batcher, bytes} = collect(size);
				for (const entry of lines) batcher.line(entry);
				batcher.flush();
				const expected = lines.map(entry => (typeof entry === 'string' ? entry : entry.join(''))).join('\n');
				expect(bytes().toString('utf8')).toBe(lines.length === 0 ? '' : `${expected}\n`);
			},
		),
		{numRuns: 300},
	);
});

test('a flushed buffer is left alone: later lines go into a new one', () => {
	const {batcher, chunks} = collect(64);
	batcher.line('first');
	batcher.flush();
	const handed = Buffer.from(chunks[0] as Uint8Array);
	batcher.line('second, and long enough to fill what is left of the buffer and more');
	batcher.flush();
	expect(Buffer.from(chunks[0] as Uint8Array)).toEqual(handed);
	expect(Buffer.from(chunks[0] as Uint8Array).toString()).toBe('first\n');
});

test('nothing to flush writes nothing', () => {
	const {batcher, chunks} = collect(64);
	batcher.flush();
	expect(chunks).toEqual([]);
});

test('buffers the sink gives back are used again, and a chunk is never changed while the sink holds it', () => {
	const snapshots: Buffer[] = [];
	const held: Array<{chunk: Buffer; snapshot: Buffer; done: () => void}> = [];
	const buffers = new Set<ArrayBufferLike>();
	const giveBack = () => {
		for (const {chunk, snapshot, done} of held.splice(0)) {
			expect(chunk.equals(snapshot)).toBe(true);
			done();
		}
	};
	const batcher = new ByteBatcher(
		{
			write(chunk, done) {
				const bytes = chunk as Buffer;
				const snapshot = Buffer.from(bytes);
				snapshots.push(snapshot);
				buffers.add(bytes.buffer);
				held.push({chunk: bytes, snapshot, done: done!});
			},
		},
		64,
	);
	const lines = Array.from({length: 200}, (_, i) => `line ${i} ${'·'.repeat(i % 7)}`);
	for (const [i, line] of lines.entries()) {
		batcher.line(line);
		// The sink finishes with its chunks a little later, as a pipe does.
		if (i % 5 === 4) giveBack();
	}
	batcher.flush();
	giveBack();
	expect(Buffer.concat(snapshots).toString()).toBe(`${lines.join('\n')}\n`);
	expect(buffers.size).toBeLessThan(snapshots.length / 4);
});

test(
	'bytes of any size are copied before addBytes returns: the caller may write over them at once (print ' +
		'mode reuses the kernel memory its blocks are in)',
	() => {
		fc.assert(
			fc.property(
				fc.array(fc.nat(300), {minLength: 1, maxLength: 12}),
				fc.constantFrom(16, 64, 1024),
				(sizes, size) => {
					const held: Uint8Array[] = [];
					const batcher = new ByteBatcher({write: chunk => held.push(chunk as Uint8Array)}, size);
					const scratch = new Uint8Array(300);
					let expected = '';
					for (const [i, length] of sizes.entries()) {
						const letter = 97 + (i % 26);
						scratch.fill(letter, 0, length);
						batcher.line([scratch.subarray(0, length)]);
						// The scratch memory is written again at once, as the kernel's is by the next block.
						scratch.fill(0x3f);
						expected += `${String.fromCharCode(letter).repeat(length)}\n`;
					}
					batcher.flush();
					expect(Buffer.concat(held).toString()).toBe(expected);
				},
			),
			{numRuns: 300},
		);
	},
);
