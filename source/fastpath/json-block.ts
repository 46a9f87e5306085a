/**
 * Print mode's shortcut for the bulk of a trace's bytes: a tool output's text, taken as it is
 * written inside its JSON line, made into the block print mode writes for it, by a small
 * WebAssembly kernel (json-block.wat says what it does and why; fastpath/wasm.ts instantiates it).
 *
 * The usual way decodes the line, parses it, scans the text for anything the sanitizer must
 * change, indents it and encodes it again: on the 100 MB bench trace, about 300 ms of the
 * ~950 ms print mode took, against ~25 ms here, plus copies for the garbage collector. Anything
 * the kernel does not take (text the sanitizer would change but tabs and carriage returns it can count, broken UTF-8)
 * returns undefined
 * and goes the usual way. The result is what PlainRenderer makes of the decoded text, byte
 * for byte: the tests compare the two.
 */
import {KernelMemory, type KernelExports} from './kernel-memory.js';
import {exitCodeOf} from '../render/tool-summary.js';

/** A tool output ready to print. */
export type JsonBlock = {
	/**
	 * The text in UTF-8, each newline followed by the two-space indent, without a final
	 * newline: in the kernel's memory, good until the next call (copy it to keep it).
	 */
	bytes: Buffer;
	/** How many lines it has (a final newline does not start one). */
	lines: number;
	/** The `[exit code: N]` at its end, when there is one. */
	exit?: number;
	/** How many bytes of JSON the text took, up to its closing quote. */
	read: number;
	/** The text's length in UTF-16 code units (`text.length` of it decoded): a thinking's headline says it. */
	units: number;
};

/** What json-block.wat exports (fastpath/wasm.ts instantiates it). */
export type JsonBlockExports = KernelExports & {
	render(input: number, length: number, output: number, limit: number, strip: number): number;
	plain(input: number, length: number): number;
	lines: {readonly value: unknown};
	trimmed: {readonly value: unknown};
	read: {readonly value: unknown};
	dropped: {readonly value: unknown};
	units: {readonly value: unknown};
};

/**
 * Longer texts go the usual way: the kernel's memory grows to fit what it is given (about three
 * times the text), and never shrinks. The usual way is no lighter: ten outputs of 4.6 MB took
 * 1.46 s and 271 MB at peak that way, 0.20 s and 113 MB here (docs/performance.md).
 */
export const maxKernelBytes = 16 * 1024 * 1024;

// Bytes of output enough to decode the last 64 characters for exitCodeOf (a character is at
// most three bytes, a newline three with its indent).
const tailBytes = 400;

/**
 * Kernel memory a block of a JSON text of `length` bytes takes from where it is written: the
 * output's room (1.5 times as long at most but for tabs, `\n` becoming three bytes and `\t`
 * up to eight, plus the sixteen the kernel may store past its end: twice as long leaves tabs
 * room enough, and text with more goes the usual way, the kernel checks), then the input.
 */
function layout(at: number, length: number): {limit: number; input: number; end: number} {
	const limit = at + length * 2 + 32;
	const input = (limit + 15) & ~15;
	return {limit, input, end: input + length};
}

/** Kernel memory a block written at `at` takes, with its input (see JsonBlockKernel.hasRoom). */
export function kernelBytesFor(at: number, length: number): number {
	return layout(at, length).end;
}

/**
 * Print mode's kernel and its memory: one per run (fastpath/prerendered-outputs.ts holds it),
 * made from an instance of json-block.wat (fastpath/wasm.ts), or from none where this machine's
 * WebAssembly cannot run it (no SIMD): then every output goes the usual way.
 */
export class JsonBlockKernel extends KernelMemory<JsonBlockExports> {
	/**
	 * The print block of the JSON string whose text starts at `line[start]` (just after its
	 * opening quote) and ends at its closing quote; undefined when it must go the usual way.
	 * `stripColor`: colours are not kept (the sanitizer's `keepColor: false`), so SGR sequences
	 * are dropped; else text with any is left to the usual way. The block is written in the
	 * kernel's memory at `at` (a multiple of 16), and stays there until that memory is written
	 * again or grows (a call that needs more than hasRoom says grows it). `exit`: whether to read
	 * an exit code at the text's end (a tool output's; a model's text has none). Never throws.
	 */
	block(line: Uint8Array, start: number, stripColor = false, at = 0, exit = true): JsonBlock | undefined {
		const length = line.length - start;
		if (length <= 0 || length > maxKernelBytes || at % 16 !== 0) return undefined;
		const {limit, input, end: needed} = layout(at, length);
		const k = this.with(needed);
		if (k === undefined) return undefined;
		this.copyInto(line, start, line.length, input);
		const end = k.render(input, length, at, limit, stripColor ? 1 : 0);
		if (end < 0) return undefined;
		const bytes = Buffer.from(this.memory.buffer, at, end - at);
		const lines = k.lines.value as number;
		const read = k.read.value as number;
		const units = k.units.value as number;
		if (!exit) return {bytes, lines, exit: undefined, read, units};
		// The exit code is read from the text as it was: where the kernel dropped a colour or a
		// carriage return, or drew a line again, the end of the text as written decides it.
		const code =
			(k.dropped.value as number) >= 0
				? rawMayEndWithBracket(line, start, read)
					? exitCodeOf(rawTail(line, start, read))
					: undefined
				: endsWithBracket(bytes)
					? exitCodeOf(decodeTail(bytes, k.trimmed.value === 1))
					: undefined;
		return {bytes, lines, exit: code, read, units};
	}

	/**
	 * How many bytes of `line` from `start` on, up to `end`, are printable ASCII but the quote and
	 * the backslash (text a JSON string holds as it is, a character a byte), counted by the
	 * kernel in its memory at `at` (which it writes: see block); -1 without the kernel.
	 */
	plainLength(line: Uint8Array, start: number, end: number, at: number): number {
		const length = end - start;
		const k = this.with(at + length + 16);
		if (k === undefined) return -1;
		this.copyInto(line, start, end, at);
		return k.plain(at, length);
	}

	/** Copies `line[start, end)` into the kernel's memory at `at` (a Buffer without a view made for it). */
	private copyInto(line: Uint8Array, start: number, end: number, at: number): void {
		if (Buffer.isBuffer(line)) line.copy(this.memory, at, start, end);
		else this.memory.set(line.subarray(start, end), at);
	}
}

/**
 * Whether the text may end in `[exit code: N]`: its last byte but ASCII white space is `]`,
 * or is not ASCII (a Unicode space, which exitCodeOf skips too). Most outputs have no such
 * end, and this spares decoding theirs.
 */
function endsWithBracket(bytes: Buffer): boolean {
	let at = bytes.length - 1;
	while (at >= 0 && (bytes[at] === 0x20 || (bytes[at]! >= 0x09 && bytes[at]! <= 0x0d))) at--;
	return at >= 0 && (bytes[at] === 0x5d || bytes[at]! >= 0x80);
}

/**
 * Whether the JSON string text `line[start, start + read)` may end in `]` and white space, read
 * backwards from its end in its bytes: false only when it surely does not (its last character
 * but spaces and `\n`, `\t`, `\r`, `\f` escapes is plain ASCII other than `]`), so that
 * exitCodeOf would find nothing. A `\u` escape or a byte beyond ASCII may be either (a `]`, a
 * Unicode space): then true. Outputs coloured by a test runner seldom end in an exit code, and
 * decoding the end of each cost about 1 % of print mode's time on the real-shaped trace.
 */
export function rawMayEndWithBracket(line: Uint8Array, start: number, read: number): boolean {
	let at = start + read - 1;
	while (at >= start) {
		const byte = line[at]!;
		if (byte === 0x20) {
			at--;
			continue;
		}
		// `\n`, `\t`, `\r`, `\f`: white space. (Were the backslash itself escaped, the text would end
		// in that letter; reading on, the backslash before it says no all the same.)
		if ((byte === 0x6e || byte === 0x74 || byte === 0x72 || byte === 0x66) && at > start && line[at - 1] === 0x5c) {
			at -= 2;
			continue;
		}
		// A `]`, a character beyond ASCII (a Unicode space?), a `\uXXXX` escape: it may.
		if (byte === 0x5d || byte >= 0x80) return true;
		return at - 5 >= start && line[at - 5] === 0x5c && line[at - 4] === 0x75;
	}
	return false;
}

/**
 * The last characters of the JSON string text `line[start, start + read)`, decoded, enough of
 * them for exitCodeOf (64): a cut inside an escape makes the parse fail, so it moves on a byte.
 */
function rawTail(line: Uint8Array, start: number, read: number): string | undefined {
	const end = start + read;
	for (let from = Math.max(start, end - tailBytes); from < end && from < Math.max(start, end - tailBytes) + 8; from++) {
		try {
			return JSON.parse(`"${Buffer.from(line.buffer, line.byteOffset + from, end - from).toString('utf8')}"`) as string;
		} catch {
			// Cut inside an escape: one byte on.
		}
	}
	return undefined;
}

/** The end of the output's text as it was (indents taken out again), enough of it for exitCodeOf. */
function decodeTail(bytes: Buffer, trimmed: boolean): string {
	// A cut inside a character or an indent garbles only the start, far from the last 64.
	const tail = bytes.toString('utf8', Math.max(0, bytes.length - tailBytes)).replaceAll('\n  ', '\n');
	return trimmed ? `${tail}\n` : tail;
}
