/**
 * Print mode's tool outputs, made ready to print while their lines are read (see
 * fastpath/json-block.ts for why). A line whose output is cut out this way is parsed without
 * it: the output's place holds a token, which the printer trades back for the block.
 */
import {dataUrlRef} from '../model/images.js';
import type {ImageRef} from '../model/view-model.js';
import {findOutputText} from '../protocol/output-literal.js';
import {payloadHint, type PayloadHint} from '../protocol/payload-hint.js';
import {kernelBytesFor, type JsonBlock, type JsonBlockKernel} from './json-block.js';
import {HeldBlocks, parsedMessage} from './held-blocks.js';

/** A line with its output cut out: the JSON text that was parsed, and what it parsed to. */
export type CutLine = {text: string; value: unknown};

/** A tool output ready to print (its length in UTF-16 units is not kept: no headline says it). */
export type OutputBlock = Omit<JsonBlock, 'units'>;

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

/**
 * A block waiting to be printed. (A class: one shape for all, where spreads of blocks with and without an exit code
 * made V8 copy them the slow way.)
 */
class Held implements OutputBlock {
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
	// Tokens start with their own noncharacter (fastpath/held-blocks.ts), the blocks wait in the arena.
	private readonly blocks: HeldBlocks<Held>;
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
	private readonly kernel: JsonBlockKernel;

	/**
	 * `kernel`: this run's (fastpath/wasm.ts makes it); `arenaBytes`: how far the arena fills before it
	 * starts again (tests make it small).
	 */
	constructor(options: {kernel: JsonBlockKernel; arenaBytes?: number}) {
		this.kernel = options.kernel;
		this.blocks = new HeldBlocks({
			kernel: options.kernel,
			mark: '\ufdd0',
			start: 0,
			arenaBytes: options.arenaBytes ?? defaultArenaBytes,
			bytesFor: kernelBytesFor,
		});
	}

	/**
	 * The line (its bytes, without the line end) parsed with its tool output set aside, or
	 * undefined when it is to be read the usual way. Only a `tool_call_output` message whose
	 * `output` is the string found is cut; a line that would not parse is left whole, so it is
	 * reported as malformed exactly as it would have been. `hint`: the line's payload type as
	 * payloadHint reads it (a line laid out otherwise is tried all the same).
	 */
	cut(line: Buffer, hint: PayloadHint = payloadHint(line)): CutLine | undefined {
		if ((hint !== 'tool_call_output' && hint !== undefined) || line.length < minSmallLineBytes || this.blocks.full)
			return undefined;
		const start = findOutputText(line);
		// An empty output has no block ("0 lines" and nothing under it): the usual way says so.
		if (start === -1 || line[start] === quote) return undefined;
		if (line.length < minLineBytes && !sanitizerWork(line, start)) return undefined;
		const at = this.blocks.arenaFor(line.length - start);
		const block = this.kernel.block(line, start, this.stripColor, at);
		if (block === undefined) return undefined;
		const token = this.blocks.token();
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
		const value = parsedMessage(text);
		if (value === undefined) return undefined;
		const payload = value.payload as {type?: unknown; output?: unknown; images?: unknown};
		if (payload.type !== 'tool_call_output' || payload.output !== token) return undefined;
		if (images !== undefined && !allImages(payload.images, images)) return undefined;
		for (const image of images ?? []) this.images.set(image.token, image.ref);
		const imageTokens = images?.map(image => image.token);
		this.blocks.hold(token, new Held(block.bytes, block.lines, block.exit, block.read, true, imageTokens));
		return {text, value};
	}

	/**
	 * The block for an output that is a token, taken out (each is printed once); else
	 * undefined. Its bytes are good until the next cut: print them before.
	 */
	take(output: string): OutputBlock | undefined {
		const held = this.blocks.take(output);
		// The model described the line's images when it read the line: their tokens are done.
		if (held?.images !== undefined) for (const image of held.images) this.images.delete(image);
		return held;
	}

	/** How many blocks wait to be printed. */
	get waiting(): number {
		return this.blocks.waiting;
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
			if (
				close - start > minImageBytes &&
				(after === comma || after === closeBracket) &&
				this.kernel.hasRoom(at + close - start + 16)
			) {
				const header = line.indexOf(comma, start + 6);
				if (
					this.kernel.plainLength(line, start + 1, close, at) === close - start - 1 &&
					header !== -1 &&
					header < close
				) {
					const padding = line[close - 1] === equals ? (line[close - 2] === equals ? 2 : 1) : 0;
					const ref = dataUrlRef(line.toString('latin1', start + 6, header), close - header - 1, padding);
					(found ??= []).push({start, end: close + 1, token: this.blocks.token('~'), ref});
				}
			}
			start = line.indexOf(imageStart, close === -1 ? start + 1 : close + 1);
		}
		return found;
	}
}

/**
 * Whether the line from `start` on holds an escaped tab, carriage return or ESC (a short line's output is cut only
 * then).
 */
function sanitizerWork(line: Buffer, start: number): boolean {
	return (
		line.indexOf(tabEscape, start) !== -1 ||
		line.indexOf(returnEscape, start) !== -1 ||
		line.indexOf(escEscape, start) !== -1
	);
}

/** A data URL found in a line: where its string is (quotes included), its token, its description. */
type FoundImage = {start: number; end: number; token: string; ref: ImageRef};

/** Whether every image token stands in `images` (an array) and nowhere else in the message. */
function allImages(images: unknown, found: readonly FoundImage[]): boolean {
	if (!Array.isArray(images)) return false;
	let seen = 0;
	for (const image of images)
		if (typeof image === 'string' && image.charCodeAt(0) === 0xfdd0 && found.some(f => f.token === image)) seen++;
	return seen === found.length;
}
