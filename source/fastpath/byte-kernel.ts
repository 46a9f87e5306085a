/**
 * The search-by-bytes kernel (byte-scan.wat) and the memory the scan reads into: a chunk of a
 * file is read straight into the kernel's memory, where it is lower-cased and searched
 * without a copy. Where WebAssembly SIMD cannot run, the same two loops in JavaScript.
 */
import type {ScanKernel} from '../model/byte-search.js';
import {byteScanWasm} from './byte-scan-wasm.js';
import {instantiateWasm} from './wasm.js';

type Exports = {
	memory: {readonly buffer: ArrayBuffer; grow(pages: number): number};
	lower(src: number, dst: number, length: number): void;
	special(from: number, end: number, flags: number): number;
	find(from: number, end: number, needle: number, length: number, fold: number): number;
	count(from: number, end: number, needle: number, length: number, fold: number): number;
	changes(from: number, end: number): number;
	uncolour(from: number, end: number, out: number, needle: number): number;
};

const page = 64 * 1024;
/** Room kept past the chunks for the needle `find` looks for (a longer one is looked for in JavaScript). */
const needleRoom = 4096;

/**
 * A scan kernel with a buffer to read into: `chunk(n)` is n bytes to read a file's chunk into (what was in it kept).
 */
export type ByteKernel = ScanKernel & {chunk(length: number): Buffer};

/** A new kernel, in WebAssembly where it runs. */
export function byteKernel(): ByteKernel {
	const exports = instantiateWasm(byteScanWasm) as Exports | undefined;
	return exports === undefined ? jsKernel() : wasmKernel(exports);
}

function wasmKernel(kernel: Exports): ByteKernel {
	// The chunk at 0, its lower-cased copy at `capacity`, the needle after it.
	let capacity = 0;
	const grow = (length: number): void => {
		if (length <= capacity) return;
		const wanted = Math.ceil((2 * length + 16 + needleRoom) / page);
		const have = kernel.memory.buffer.byteLength / page;
		if (wanted > have) kernel.memory.grow(wanted - have);
		capacity = length;
	};
	return {
		chunk(length) {
			grow(length);
			return Buffer.from(kernel.memory.buffer, 0, length);
		},
		lower(bytes) {
			if (bytes.buffer !== kernel.memory.buffer || bytes.byteOffset !== 0) return jsLower(bytes);
			kernel.lower(0, capacity, bytes.length);
			return Buffer.from(kernel.memory.buffer, capacity, bytes.length);
		},
		special(bytes, from, flags) {
			if (bytes.buffer !== kernel.memory.buffer) return jsSpecial(bytes, from, flags);
			return kernel.special(bytes.byteOffset + from, bytes.byteOffset + bytes.length, flags) - bytes.byteOffset;
		},
		finder(bytes, needle, fold) {
			if (bytes.buffer !== kernel.memory.buffer || needle.length > needleRoom) return jsFinder(bytes, needle, fold);
			const at = 2 * capacity + 16;
			const start = bytes.byteOffset;
			const end = start + bytes.length;
			return from => {
				// Written each time: another finder may have used the room since.
				new Uint8Array(kernel.memory.buffer, at, needle.length).set(needle);
				return kernel.find(start + from, end, at, needle.length, fold ? 1 : 0) - start;
			};
		},
		changes(bytes, from, to) {
			if (bytes.buffer !== kernel.memory.buffer) return jsChanges(bytes, from, to);
			return kernel.changes(bytes.byteOffset + from, bytes.byteOffset + to);
		},
		withoutColours(bytes) {
			if (bytes.buffer !== kernel.memory.buffer || bytes.byteOffset !== 0) return jsWithoutColours(bytes);
			// Written where the lower-cased copy goes (at most as long as the chunk), the needle after it.
			const at = 2 * capacity + 16;
			new Uint8Array(kernel.memory.buffer, at, colourStart.length).set(colourStart);
			const end = kernel.uncolour(0, bytes.length, capacity, at);
			return Buffer.from(kernel.memory.buffer, capacity, end - capacity);
		},
		count(bytes, needle, fold, from, to) {
			if (bytes.buffer !== kernel.memory.buffer || needle.length > needleRoom)
				return jsCount(bytes, needle, fold, from, to);
			const at = 2 * capacity + 16;
			new Uint8Array(kernel.memory.buffer, at, needle.length).set(needle);
			const start = bytes.byteOffset;
			return kernel.count(start + from, start + to, at, needle.length, fold ? 1 : 0);
		},
	};
}

/** The same kernel in JavaScript (where WebAssembly SIMD cannot run). */
export function jsKernel(): ByteKernel {
	let buffer = Buffer.alloc(0);
	return {
		chunk(length) {
			if (length > buffer.length) {
				const bigger = Buffer.allocUnsafe(length);
				buffer.copy(bigger);
				buffer = bigger;
			}
			return buffer.subarray(0, length);
		},
		lower: jsLower,
		special: jsSpecial,
		finder: jsFinder,
		count: jsCount,
		changes: jsChanges,
		withoutColours: jsWithoutColours,
	};
}

// The start of a colour, escaped, lower-cased (the kernel's `find` folds the bytes' case).
const colourStart = Buffer.from('\\u001b[', 'latin1');
// A colour after its run of backslashes: escaped once when the run is odd.
const colourAfterRun = /(\\+)[uU]001[bB]\[[0-9;:]*m/g;

/** byte-scan.wat's `uncolour` in JavaScript (ScanKernel.withoutColours). */
function jsWithoutColours(bytes: Buffer): Buffer {
	const text = bytes
		.toString('latin1')
		.replace(colourAfterRun, (colour, run: string) => (run.length % 2 === 1 ? run.slice(0, -1) : colour));
	return Buffer.from(text, 'latin1');
}

/** byte-scan.wat's `changes` in JavaScript: 1, 2 or 0 for the line [from, to) (ScanKernel.changes). */
function jsChanges(bytes: Buffer, from: number, to: number): number {
	const at = (q: number): number => (q < to ? bytes[q]! : 0);
	const hex = (c: number): number =>
		c >= 48 && c <= 57 ? c - 48 : (c | 32) >= 97 && (c | 32) <= 102 ? (c | 32) - 87 : -1;
	const line = bytes.subarray(0, to);
	let found = 0;
	for (let q = jsSpecial(line, from, 2); q < to; q = jsSpecial(line, q + 1, 2)) {
		const b = bytes[q]!;
		const n = at(q + 1);
		if (b === 92) {
			if ((n | 32) === 117) {
				let cp = 0;
				let i = 2;
				for (; i < 6 && hex(at(q + i)) >= 0; i++) cp = (cp << 4) | hex(at(q + i));
				if (i < 6) continue;
				if (cp === 0x1b) {
					let j = q + 6;
					if (at(j) === 91) {
						j++;
						while ((at(j) >= 48 && at(j) <= 58) || at(j) === 59) j++;
						if (at(j) === 109) {
							found = 2;
							continue;
						}
					}
					return 1;
				}
				const bidi = cp === 0x200e || cp === 0x200f || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
				if (cp < 0xa0 || cp === 0x061c || cp === 0x0130 || cp === 0x212a || bidi) return 1;
				continue;
			}
			let k = q;
			while (k > from && bytes[k - 1] === 92) k--;
			if ((q - k) % 2 === 1 || (n !== 98 && n !== 102 && n !== 114)) continue;
			if (n === 114 && at(q + 2) === 92 && at(q + 3) === 110) continue;
			return 1;
		}
		const m = at(q + 2);
		if (
			b === 0x7f ||
			(b === 0xc2 && n >= 0x80 && n <= 0x9f) ||
			(b === 0xd8 && n === 0x9c) ||
			(b === 0xc4 && n === 0xb0)
		)
			return 1;
		if (b === 0xe2) {
			if (n === 0x80 && (m === 0x8e || m === 0x8f || (m >= 0xaa && m <= 0xae))) return 1;
			if ((n === 0x81 && m >= 0xa6 && m <= 0xa9) || (n === 0x84 && m === 0xaa)) return 1;
		}
	}
	return found;
}

function jsCount(bytes: Buffer, needle: Buffer, fold: boolean, from: number, to: number): number {
	if (needle.length === 0) return 0;
	const span = bytes.subarray(from, to);
	const find = jsFinder(span, needle, fold);
	let count = 0;
	for (let at = find(0); at < span.length; ) {
		let run = 0;
		while (from + at - run > 0 && bytes[from + at - run - 1] === 92) run++;
		if (run % 2 === 0) count++;
		at = find(run % 2 === 0 ? at + needle.length : at + 1);
	}
	return count;
}

function jsFinder(bytes: Buffer, needle: Buffer, fold: boolean): (from: number) => number {
	const haystack = fold ? jsLower(bytes) : bytes;
	return from => {
		const at = haystack.indexOf(needle, from);
		return at === -1 ? bytes.length : at;
	};
}

function jsLower(bytes: Buffer): Buffer {
	const lower = Buffer.allocUnsafe(bytes.length);
	for (let i = 0; i < bytes.length; i++) {
		const c = bytes[i]!;
		lower[i] = c - 65 < 26 && c >= 65 ? c | 32 : c;
	}
	return lower;
}

function jsSpecial(bytes: Buffer, from: number, flags: number): number {
	const f = flags & 2 ? 0xc4 : 0x7f;
	for (let p = from; p < bytes.length; p++) {
		const b = bytes[p]!;
		if (b === 92) {
			const n = bytes[p + 1];
			if (n === 117 || n === 98 || n === 102 || n === 114) return p;
		} else if (b === 0x7f || b === 0xc2 || b === 0xd8 || b === 0xe2 || b === f) return p;
	}
	return bytes.length;
}
