// When print mode's kernel cannot take a tool output (WebAssembly unavailable, memory that
// cannot grow, a block over 16 MiB, text it refuses), the output goes the usual way: printed
// the same, nothing lost.
import {afterEach, expect, test, vi} from 'vitest';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {maxKernelBytes} from '../../source/fastpath/json-block.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const line = (output: string): Buffer =>
	Buffer.from(
		`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output",` +
			`"role":"user","output":${JSON.stringify(output)},"tool_call_id":"c1","stop_reason":"completed"}}`,
	);
const fileText = (lines: number): string =>
	Array.from({length: lines}, (_, i) => `${String(i + 1).padStart(6)}\tline ${i}`).join('\n');

// The little of WebAssembly spied on here (TypeScript types it only in its DOM library).
type Wasm = {Module: new (...args: unknown[]) => unknown; Memory: {prototype: {grow(pages: number): number}}};
const wasm = (globalThis as unknown as {WebAssembly: Wasm}).WebAssembly;

afterEach(() => {
	vi.restoreAllMocks();
});

/** A run's outputs with a kernel of their own (made after any spy below is set). */
function fresh() {
	return {prerendered: new PrerenderedOutputs({kernel: jsonBlockKernel()})};
}

test('the kernel takes an ordinary output (the cases below would, but for what they break)', () => {
	const {prerendered} = fresh();
	expect(prerendered.cut(line(fileText(400)))).toBeDefined();
});

test('without WebAssembly (a runtime that cannot compile the kernel) every output goes the usual way', () => {
	vi.spyOn(wasm, 'Module').mockImplementation(() => {
		throw new Error('no SIMD here');
	});
	const {prerendered} = fresh();
	expect(prerendered.cut(line(fileText(400)))).toBeUndefined();
});

test(
	'when the kernel memory cannot grow, a larger output goes ' + 'the usual way, and smaller ones still take the kernel',
	() => {
		const {prerendered} = fresh();
		expect(prerendered.cut(line(fileText(400)))).toBeDefined();
		vi.spyOn(wasm.Memory.prototype, 'grow').mockImplementation(() => {
			throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
		});
		expect(prerendered.cut(line(fileText(200_000)))).toBeUndefined();
		expect(prerendered.cut(line(fileText(300)))).toBeDefined();
	},
);

test('an output over 16 MiB goes the usual way', () => {
	const {prerendered} = fresh();
	const big = 'x'.repeat(maxKernelBytes + 10);
	expect(prerendered.cut(line(big))).toBeUndefined();
	expect(prerendered.cut(line(big.slice(0, maxKernelBytes - 400)))).toBeDefined();
});
