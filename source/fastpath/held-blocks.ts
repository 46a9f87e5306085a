/**
 * Print mode's blocks made by a WebAssembly kernel (a tool output, a call's arguments) and
 * waiting, by the token that stands for them in their parsed line, until their entry is
 * printed. Shared by fastpath/prerendered-outputs.ts and fastpath/prerendered-args.ts.
 *
 * The arena: blocks are written one after the other in the kernel's memory and printed from
 * there, without a copy each (a fresh buffer a block cost its copy, its page faults and the
 * garbage collector's work). Lines are cut a read chunk at a time and printed before the next
 * chunk is read, so the arena starts again at its beginning as soon as it holds no block
 * waiting; blocks that still wait then (an entry held back, a block never printed) are copied
 * out first, and so are all its blocks before the memory grows (growing empties every view of
 * it). The printer copies what it takes before it returns (ByteBatcher).
 */

import {isOmniMessage} from '../protocol/guards.js';
import type {OmniMessage} from '../protocol/types.js';

/** A block waiting: its bytes, and whether they are a view of the kernel's memory (the arena) or a copy. */
export type HeldBlock = {bytes: Buffer; inArena: boolean};

/** What the arena needs of a kernel: whether its memory holds so many bytes, and growing it. */
export type ArenaKernel = {hasRoom(bytes: number): boolean; reserve(bytes: number): boolean};

export type HeldBlocksOptions = {
	kernel: ArenaKernel;
	/** The noncharacter the tokens start with (each kind of block its own). */
	mark: string;
	/** Where in the kernel's memory the arena starts. */
	start: number;
	/** How far the arena fills before the blocks still in it are copied out and it starts again. */
	arenaBytes: number;
	/** Kernel memory a block of a JSON text of `length` bytes takes when written at `at`. */
	bytesFor(at: number, length: number): number;
};

// Blocks waiting to be printed, at most (in bytes). A block is taken when its entry is printed;
// one that never is (a second message for the same call replaces the first) stays here, so past
// this the shortcut stops and lines are read the usual way.
const maxHeldBytes = 64 * 1024 * 1024;

export class HeldBlocks<T extends HeldBlock> {
	/**
	 * What every token starts with: the mark and a part drawn when the process starts, so that a
	 * trace, written before, cannot hold one. (Math.random, not node:crypto: loading that module
	 * costs ~7 ms of every start, and a forged token could only swap one block of the same trace
	 * for another.)
	 */
	readonly prefix: string;
	private next = 0;
	private readonly held = new Map<string, T>();
	private heldBytes = 0;
	private arenaTop: number;
	private arenaHeld = 0;

	constructor(private readonly options: HeldBlocksOptions) {
		this.prefix = `${options.mark}${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}:`;
		this.arenaTop = options.start;
	}

	/** Whether so many bytes wait that lines are to be read the usual way. */
	get full(): boolean {
		return this.heldBytes > maxHeldBytes;
	}

	/** How many blocks wait to be printed. */
	get waiting(): number {
		return this.held.size;
	}

	/** A new token (`kind` tells tokens of another use apart). */
	token(kind = ''): string {
		return `${this.prefix}${kind}${(this.next++).toString(36)}`;
	}

	/** Where in the kernel's memory the next block of a JSON text of `length` bytes goes. */
	arenaFor(length: number): number {
		const {start, arenaBytes, kernel} = this.options;
		if (this.arenaHeld === 0) this.arenaTop = start;
		else {
			const needed = this.options.bytesFor(this.arenaTop, length);
			if (needed > arenaBytes || !kernel.hasRoom(needed)) {
				this.copyOutOfArena();
				this.arenaTop = start;
			}
		}
		// With nothing in the arena the memory may grow: to the arena's size at once, so that it
		// need not grow under blocks later. (Pages are touched only as blocks are written.)
		if (this.arenaTop === start) kernel.reserve(arenaBytes);
		return this.arenaTop;
	}

	/** Holds `block` (written in the arena where arenaFor said) until its token is taken. */
	hold(token: string, block: T): void {
		if (block.inArena) {
			this.arenaTop = (block.bytes.byteOffset + block.bytes.length + 15) & ~15;
			this.arenaHeld++;
		}
		this.held.set(token, block);
		this.heldBytes += block.bytes.length;
	}

	/**
	 * The block a token stands for, taken out (each is printed once); else undefined. Its bytes are good until the next
	 * cut: print them before.
	 */
	take(token: string): T | undefined {
		if (!token.startsWith(this.prefix)) return undefined;
		const held = this.held.get(token);
		if (held === undefined) return undefined;
		this.held.delete(token);
		this.heldBytes -= held.bytes.length;
		if (held.inArena) this.arenaHeld--;
		return held;
	}

	/** The block a token stands for, left waiting; else undefined. */
	peek(token: string): T | undefined {
		return token.startsWith(this.prefix) ? this.held.get(token) : undefined;
	}

	/** Gives each block still waiting in the arena a copy of its own. */
	private copyOutOfArena(): void {
		if (this.arenaHeld === 0) return;
		for (const held of this.held.values()) {
			if (!held.inArena) continue;
			held.bytes = Buffer.from(held.bytes);
			held.inArena = false;
		}
		this.arenaHeld = 0;
	}
}

/**
 * What a cut line's text (a token in its block's place) parses to, when it is a message; else
 * undefined, and the line is read the usual way (so a line that would not parse is reported as
 * malformed exactly as it would have been).
 */
export function parsedMessage(text: string): OmniMessage | undefined {
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return undefined;
	}
	return isOmniMessage(value) ? value : undefined;
}
