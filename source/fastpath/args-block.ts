/**
 * Print mode's shortcut for a tool call's arguments: the JSON string as it is written in its
 * trace line, made into the block print mode writes under the call (the object pretty-printed
 * as JSON.stringify(…, null, 2) writes it, two spaces before each line), by a small WebAssembly
 * kernel (args-block.wat says what it takes and why; fastpath/wasm.ts instantiates it). On a trace of
 * edits the usual way decodes each argument byte, parses it twice (the line, the arguments),
 * scans it, writes it out again and encodes it; this is one pass. Anything the kernel is not
 * sure of returns undefined and goes the usual way; the tests compare the two byte for byte.
 */
import {KernelMemory, type KernelExports} from './kernel-memory.js';

/** One member of the arguments' object: where its key and value are in the block, and a string's line count. */
export type ArgsMember = {
	/** The key's JSON text (its quotes included): [key, value - 2) of the block (`: ` follows it). */
	key: number;
	/** The value's JSON text, as the block writes it: [value, end). */
	value: number;
	end: number;
	/** A string's lines (render/format.ts's lineCount of its text); -1 for any other value. */
	lines: number;
};

/** A call's arguments ready to print. */
export type ArgsBlock = {
	/**
	 * The block in UTF-8 (each newline followed by its indent, no first indent): in the kernel's memory, good until it is
	 * written again.
	 */
	bytes: Buffer;
	/** The members of the object, offsets into `bytes`. */
	members: ArgsMember[];
	/** How many bytes of JSON the arguments took, up to their closing quote. */
	read: number;
};

/** What args-block.wat exports. */
export type ArgsBlockExports = KernelExports & {
	render(input: number, length: number, output: number, limit: number): number;
	read: {readonly value: unknown};
	members: {readonly value: unknown};
};

/** Where the caller's part of the kernel's memory starts (below: the kernel's tables). */
export const argsArenaStart = 4096;
/** Longer arguments go the usual way. */
export const maxArgsBytes = 4 * 1024 * 1024;
// Where the kernel notes the top object's members (args-block.wat), 64 of four numbers at most.
const memberTable = 2560;
// Zero bytes after the input: the kernel reads a few bytes ahead of where it is.
const sentinelBytes = 16;

/**
 * Kernel memory a block of a JSON string of `length` bytes takes from `at`: the output's room
 * (twice the input and 8 kB: the indents of nested values; the kernel stops short of it and
 * returns -1), then the input and its zeros.
 */
function layout(at: number, length: number): {limit: number; input: number; end: number} {
	const limit = at + length * 2 + 8192;
	const input = (limit + 15) & ~15;
	return {limit, input, end: input + length + sentinelBytes};
}

/** Kernel memory a block written at `at` takes, with its input. */
export function argsBytesFor(at: number, length: number): number {
	return layout(at, length).end;
}

/**
 * The arguments kernel and its memory: one a run (fastpath/prerendered-args.ts holds it), made
 * from an instance of args-block.wat (fastpath/wasm.ts), or from none where WebAssembly cannot run it.
 */
export class ArgsBlockKernel extends KernelMemory<ArgsBlockExports> {
	// The kernel's member table, a view made again with the memory's.
	private table = new Int32Array(0);

	/**
	 * The block of the arguments whose JSON string text starts at `line[start]` (just after its
	 * opening quote), written at `at` (a multiple of 16, from argsArenaStart on); undefined when
	 * they must go the usual way. Never throws.
	 */
	block(line: Uint8Array, start: number, at = argsArenaStart): ArgsBlock | undefined {
		const length = line.length - start;
		if (length <= 0 || length > maxArgsBytes || at % 16 !== 0 || at < argsArenaStart) return undefined;
		const {limit, input, end: needed} = layout(at, length);
		const k = this.with(needed);
		if (k === undefined) return undefined;
		const memory = this.memory;
		if (Buffer.isBuffer(line)) line.copy(memory, input, start, line.length);
		else memory.set(line.subarray(start), input);
		memory.fill(0, input + length, input + length + sentinelBytes);
		const end = k.render(input, length, at, limit);
		if (end < 0) return undefined;
		if (this.table.buffer !== memory.buffer) this.table = new Int32Array(memory.buffer, memberTable, 64 * 4);
		const words = this.table;
		const members: ArgsMember[] = [];
		for (let m = 0, count = (k.members.value as number) * 4; m < count; m += 4) {
			members.push({key: words[m]! - at, value: words[m + 1]! - at, end: words[m + 2]! - at, lines: words[m + 3]!});
		}
		return {bytes: Buffer.from(memory.buffer, at, end - at), members, read: k.read.value as number};
	}
}
