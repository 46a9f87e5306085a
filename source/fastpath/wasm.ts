/**
 * The WebAssembly kernels, instantiated from their bytes (base64 the build writes beside each
 * .wat: scripts/build-wasm.mjs). Each call makes a new instance with memory of its own: the
 * caller holds it for as long as it needs it (print mode's for a run, a search's for a scan).
 */
import {JsonBlockKernel, type JsonBlockExports} from './json-block.js';
import {jsonBlockWasm} from './json-block-wasm.js';
import {ArgsBlockKernel, type ArgsBlockExports} from './args-block.js';
import {argsBlockWasm} from './args-block-wasm.js';

// The little of WebAssembly used here (TypeScript types it only in its DOM library).
declare namespace WebAssembly {
	class Module {
		constructor(bytes: Uint8Array);
	}
	class Instance {
		constructor(module: Module, imports: object);
		readonly exports: unknown;
	}
}

/**
 * The exports of a new instance of the module in `base64`; undefined where this machine's WebAssembly cannot run it (no
 * SIMD).
 */
export function instantiateWasm(base64: string): unknown {
	try {
		return new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(base64, 'base64')), {}).exports;
	} catch {
		return undefined;
	}
}

/** Print mode's kernel for tool outputs (fastpath/json-block.ts), a new one: one a run. */
export function jsonBlockKernel(): JsonBlockKernel {
	return new JsonBlockKernel(instantiateWasm(jsonBlockWasm) as JsonBlockExports | undefined);
}

/** Print mode's kernel for tool calls' arguments (fastpath/args-block.ts), a new one: one a run. */
export function argsBlockKernel(): ArgsBlockKernel {
	return new ArgsBlockKernel(instantiateWasm(argsBlockWasm) as ArgsBlockExports | undefined);
}
