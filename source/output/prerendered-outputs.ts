/**
 * Print mode's tool outputs, made ready to print while their lines are read (see
 * render/json-block.ts for why). A line whose output is cut out this way is parsed without
 * it: the output's place holds a token, which the printer trades back for the block.
 */
import {dataUrlRef} from '../model/images.js';
import type {ImageRef} from '../model/view-model.js';
import {isOmniMessage} from '../protocol/guards.js';
import {findOutputText} from '../protocol/output-literal.js';
import {kernelBytesFor, type JsonBlock, type JsonBlockKernel} from '../render/json-block.js';

/** A line with its output cut out: the JSON text that was parsed, and what it parsed to. */
export type CutLine = {text: string; value: unknown};

// Shorter lines are read the usual way: below this, cutting costs more than it saves. (From
// 512 B, a cut took 5 % fewer instructions of print mode on a trace of outputs of 200 B–2 kB
// than from 2 KiB: the kernel's block costs less than decoding the text, scanning it for the
// sanitizer and encoding it again; docs/performance.md.)
const minLineBytes = 512;
// Lines from 256 B are cut too when their text has a tab, a carriage return or an escape
// (a colour): a short file's `read_file` output has a tab on every line, which the sanitizer
// expands a cell at a time. Plain short text costs the usual way less than a cut.
const minSmallLineBytes = 256;
// What the sanitizer works on, as a JSON string holds it: `\t`, `\r`, `\u001b`.
const tabEscape = Buffer.from('\\t');
const returnEscape = Buffer.from('\\r');
const escEscape = Buffer.from('\\u001b');
// Blocks waiting to be printed, at most (in bytes). A block is taken when its entry is
// printed; one that never is (a second output for the same call replaces the first) stays
// here, so past this the shortcut stops and lines are read the usual way.
const maxHeldBytes = 64 * 1024 * 1024;
// How far the arena fills before the blocks still in it are copied out and it starts again.
const defaultArenaBytes = 8 * 1024 * 1024;
// Images shorter than this are read as they are: describing one saves little.
const minImageBytes = 1024;

const imageStart = Buffer.from('"data:');
const quote = 0x22;
const comma = 0x2c;
const openBracket = 0x5b;
const closeBracket = 0x5d;
const equals = 0x3d;

/** A block waiting to be printed. (A class: one shape for all, where spreads of blocks with and without an exit code made V8 copy them the slow way.) */
class Held implements JsonBlock {
	constructor(
		public bytes: Buffer,
		readonly lines: number,
		readonly exit: number | undefined,
		readonly read: number,
		/** Whether `bytes` is a view of the kernel's memory (the arena), not a copy. */
		public inArena: boolean,
		/** The tokens that stand for the line's images. */
		readonly images: string[] | undefined,
	) {}
}

export class PrerenderedOutputs {
	// Tokens start with a noncharacter and a part drawn when the process starts: a trace,
	// written before, cannot hold one. (Math.random, not node:crypto: loading that module
	// costs ~7 ms of every start, and a forged token could only swap one output of the same
	// trace for another.)
	private readonly prefix = `\ufdd0${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}:`;
	private next = 0;
	private readonly held = new Map<string, Held>();
	private heldBytes = 0;
	/**
	 * The arena: blocks are written one after the other in the kernel's memory and printed from
	 * there, without a copy each (a fresh buffer a block cost its copy, its page faults and the
	 * garbage collector's work). Lines are cut a read chunk at a time and printed before the
	 * next chunk is read, so the arena starts again at its beginning as soon as it holds no
	 * block waiting; blocks that still wait then (an entry held back, an output never printed)
	 * are copied out first, and so are all its blocks before the memory grows (growing empties
	 * every view of it). The printer copies what it takes before it returns (ByteBatcher).
	 */
	private arenaTop = 0;
	private arenaHeld = 0;
	/**
	 * Colours are not kept (print mode without colour): the kernel drops SGR sequences as the
	 * sanitizer does. Until the printer says so, text with any goes the usual way.
	 */
	stripColor = false;
	/**
	 * The images of the lines cut, described by their tokens until their block is printed: the
	 * model of the same run reads them (SessionModelOptions.images).
	 */
	readonly images = new Map<string, ImageRef>();
	private readonly arenaBytes: number;
	private readonly kernel: JsonBlockKernel;

	/**
	 * `kernel`: this run's (io/wasm.ts makes it); `arenaBytes`: how far the arena fills before it
	 * starts again (tests make it small).
	 */
	constructor(options: {kernel: JsonBlockKernel; arenaBytes?: number}) {
		this.kernel = options.kernel;
		this.arenaBytes = options.arenaBytes ?? defaultArenaBytes;
	}

	/**
	 * The line (its bytes, without the line end) parsed with its tool output set aside, or
	 * undefined when it is to be read the usual way. Only a `tool_call_output` message whose
	 * `output` is the string found is cut; a line that would not parse is left whole, so it is
	 * reported as malformed exactly as it would have been.
	 */
	cut(line: Buffer): CutLine | undefined {
		if (line.length < minSmallLineBytes || this.heldBytes > maxHeldBytes) return undefined;
		const start = findOutputText(line);
		// An empty output has no block ("0 lines" and nothing under it): the usual way says so.
		if (start === -1 || line[start] === quote) return undefined;
		if (line.length < minLineBytes && !sanitizerWork(line, start)) return undefined;
		const at = this.arenaFor(line.length - start);
		const block = this.kernel.block(line, start, this.stripColor, at);
		if (block === undefined) return undefined;
		const token = this.prefix + (this.next++).toString(36);
		const restAt = start + block.read;
		const images = this.findImages(line, restAt, (at + block.bytes.length + 15) & ~15);
		// Each cut is next to a quote, so none splits a UTF-8 sequence.
		let text = line.toString('utf8', 0, start) + token;
		let from = restAt;
		for (const image of images ?? []) {
			text += `${line.toString('utf8', from, image.start)}"${image.token}"`;
			from = image.end;
		}
		text += line.toString('utf8', from);
		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch {
			return undefined;
		}
		if (!isOmniMessage(value)) return undefined;
		const payload = value.payload as {type?: unknown; output?: unknown; images?: unknown};
		if (payload.type !== 'tool_call_output' || payload.output !== token) return undefined;
		if (images !== undefined && !allImages(payload.images, images)) return undefined;
		for (const image of images ?? []) this.images.set(image.token, image.ref);
		const imageTokens = images?.map(image => image.token);
		this.arenaTop = (block.bytes.byteOffset + block.bytes.length + 15) & ~15;
		this.arenaHeld++;
		this.held.set(token, new Held(block.bytes, block.lines, block.exit, block.read, true, imageTokens));
		this.heldBytes += block.bytes.length;
		return {text, value};
	}

	/**
	 * The block for an output that is a token, taken out (each is printed once); else
	 * undefined. Its bytes are good until the next cut: print them before.
	 */
	take(output: string): JsonBlock | undefined {
		if (!output.startsWith(this.prefix)) return undefined;
		const held = this.held.get(output);
		if (held === undefined) return undefined;
		this.held.delete(output);
		this.heldBytes -= held.bytes.length;
		if (held.inArena) this.arenaHeld--;
		// The model described the line's images when it read the line: their tokens are done.
		if (held.images !== undefined) for (const image of held.images) this.images.delete(image);
		return held;
	}

	/** How many blocks wait to be printed. */
	get waiting(): number {
		return this.held.size;
	}

	/** Where in the kernel's memory the next block of a JSON text of `length` bytes goes. */
	private arenaFor(length: number): number {
		if (this.arenaHeld === 0) this.arenaTop = 0;
		else {
			const needed = kernelBytesFor(this.arenaTop, length);
			if (needed > this.arenaBytes || !this.kernel.hasRoom(needed)) {
				this.copyOutOfArena();
				this.arenaTop = 0;
			}
		}
		// With nothing in the arena the memory may grow: to the arena's size at once, so that it
		// need not grow under blocks later. (Pages are touched only as blocks are written.)
		if (this.arenaTop === 0) this.kernel.reserve(this.arenaBytes);
		return this.arenaTop;
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

	/**
	 * The large data URLs in an `images` array in `line` from `from` on, each with a token to
	 * parse in its place and its description (what the model makes of it: model/images.ts),
	 * so that its base64 is never decoded into a string. Only a string the kernel finds plain
	 * ASCII to its closing quote (no escape, no control: the same text as a string, and the
	 * same line errors) is taken. `at`: kernel memory free to use.
	 */
	private findImages(line: Buffer, from: number, at: number): FoundImage[] | undefined {
		let found: FoundImage[] | undefined;
		let start = line.indexOf(imageStart, from);
		while (start !== -1) {
			const before = line[start - 1];
			// The closing quote, if the string has no escaped one: the kernel checks.
			const close = before === openBracket || before === comma ? line.indexOf(quote, start + 1) : -1;
			const after = line[close + 1];
			if (close - start > minImageBytes && (after === comma || after === closeBracket) && this.kernel.hasRoom(at + close - start + 16)) {
				const header = line.indexOf(comma, start + 6);
				if (this.kernel.plainLength(line, start + 1, close, at) === close - start - 1 && header !== -1 && header < close) {
					const padding = line[close - 1] === equals ? (line[close - 2] === equals ? 2 : 1) : 0;
					const ref = dataUrlRef(line.toString('latin1', start + 6, header), close - header - 1, padding);
					(found ??= []).push({start, end: close + 1, token: `${this.prefix}~${(this.next++).toString(36)}`, ref});
				}
			}
			start = line.indexOf(imageStart, close === -1 ? start + 1 : close + 1);
		}
		return found;
	}
}

/** Whether the line from `start` on holds an escaped tab, carriage return or ESC (a short line's output is cut only then). */
function sanitizerWork(line: Buffer, start: number): boolean {
	return line.indexOf(tabEscape, start) !== -1 || line.indexOf(returnEscape, start) !== -1 || line.indexOf(escEscape, start) !== -1;
}

/** A data URL found in a line: where its string is (quotes included), its token, its description. */
type FoundImage = {start: number; end: number; token: string; ref: ImageRef};

/** Whether every image token stands in `images` (an array) and nowhere else in the message. */
function allImages(images: unknown, found: readonly FoundImage[]): boolean {
	if (!Array.isArray(images)) return false;
	let seen = 0;
	for (const image of images) if (typeof image === 'string' && image.charCodeAt(0) === 0xfdd0 && found.some(f => f.token === image)) seen++;
	return seen === found.length;
}
