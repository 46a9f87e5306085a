// The kernel's `uncolour` (byte-scan.wat): a chunk without the colours sanitize removes, as its JavaScript twin has it.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {byteKernel, jsKernel} from '../../source/fastpath/byte-kernel.js';

const pieces = ['\\u001b[', '\\u001B[', '\\', '\\\\', '31', ';', ':', 'm', 'x', '\n', 'u001b[', '[0m', '\\u001b[0m'];

test('the WebAssembly kernel takes out the colours its JavaScript twin takes out, and only those', () => {
	fc.assert(
		fc.property(fc.array(fc.constantFrom(...pieces), {maxLength: 60}), parts => {
			const text = `${parts.join('')}\n`;
			const wasm = byteKernel();
			const chunk = wasm.chunk(text.length);
			chunk.write(text, 'latin1');
			const kept = wasm.withoutColours(chunk).toString('latin1');
			expect(kept).toBe(jsKernel().withoutColours(Buffer.from(text, 'latin1')).toString('latin1'));
			// The lines stay one for one.
			expect(kept.split('\n').length).toBe(text.split('\n').length);
		}),
		{numRuns: 500},
	);
});

test('a colour escaped once goes, a backslash written before `u001b[` stays', () => {
	const kernel = byteKernel();
	const text = 'a\\u001b[31mb\\\\u001b[0mc\\\\\\u001b[1;2mdone\\u001b[31x\n';
	const chunk = kernel.chunk(text.length);
	chunk.write(text, 'latin1');
	expect(kernel.withoutColours(chunk).toString('latin1')).toBe('ab\\\\u001b[0mc\\\\done\\u001b[31x\n');
});
