/**
 * A print kernel's memory (fastpath/json-block.ts, fastpath/args-block.ts): grown to what a call
 * needs, with a view of its bytes made again whenever it grows (growing replaces its buffer and
 * empties every view made before).
 */

/** What a kernel's instance exports of its memory. */
export type KernelExports = {memory: {readonly buffer: ArrayBuffer; grow(pages: number): number}};

const page = 65536;

export class KernelMemory<Exports extends KernelExports> {
	/** A view of the kernel's memory, good until the memory grows (`with` makes it again). */
	protected memory = new Uint8Array(0);

	/** `kernel`: an instance of the kernel, or none where this machine's WebAssembly cannot run it. */
	constructor(protected readonly kernel: Exports | undefined) {}

	/**
	 * Whether the kernel's memory holds `bytes` without growing (growing moves it: every view of it made before is
	 * emptied).
	 */
	hasRoom(bytes: number): boolean {
		return this.kernel !== undefined && bytes <= this.kernel.memory.buffer.byteLength;
	}

	/** Grows the kernel's memory to `bytes` if it is smaller (see hasRoom); false when it cannot. */
	reserve(bytes: number): boolean {
		return this.with(bytes) !== undefined;
	}

	/** The kernel with memory for `bytes`, grown if need be; undefined when there is none. */
	protected with(bytes: number): Exports | undefined {
		const k = this.kernel;
		if (k === undefined) return undefined;
		if (bytes > k.memory.buffer.byteLength) {
			try {
				k.memory.grow(Math.ceil((bytes - k.memory.buffer.byteLength) / page));
			} catch {
				return undefined; // no memory for it: the usual way
			}
		}
		if (this.memory.buffer !== k.memory.buffer) this.memory = new Uint8Array(k.memory.buffer);
		return k;
	}
}
