/**
 * Print mode's model texts (an answer, a thinking), made ready to print while their lines are
 * read, as tool outputs are (output/prerendered-outputs.ts, render/json-block.ts): the text is
 * unescaped, sanitized and indented by the outputs' kernel straight from the line's bytes, and
 * the line is parsed with a token in its place. The printer trades the token back for the block
 * (PlainRenderer's blocks), and a thinking's headline for its length (`units`). Without
 * colour only: in colour an answer's code fences are coloured and a thinking is dimmed line by
 * line, from the text.
 *
 * In print mode nothing but the printer reads such a text: the model keeps the token where the
 * text would be (an answer, a thinking, a compaction's summary or thinking) and looks at no
 * assistant's words (a user's text may carry a marker the model reads: those are never cut).
 */
import {payloadHint, type PayloadHint} from '../protocol/payload-hint.js';
import {findModelText} from '../protocol/text-literal.js';
import {kernelBytesFor, type JsonBlockKernel} from '../render/json-block.js';
import {HeldBlocks, parsedMessage} from './held-blocks.js';
import type {CutLine} from './prerendered-outputs.js';

// Shorter lines are read the usual way: there is little to save on them.
const minLineBytes = 512;
// How far the arena fills before the blocks still in it are copied out and it starts again.
const defaultArenaBytes = 8 * 1024 * 1024;
const quote = 0x22;

/** A model's text ready to print: its block (good until the next cut), and its length in UTF-16 units. */
export type TextBlock = {bytes: Buffer; units: number};

/** A block waiting to be printed. */
class Held implements TextBlock {
	constructor(
		public bytes: Buffer,
		readonly units: number,
		/** Whether `bytes` is a view of the kernel's memory (the arena), not a copy. */
		public inArena: boolean,
	) {}
}

export class PrerenderedTexts {
	// Tokens start with a noncharacter of their own (output/held-blocks.ts); the blocks wait in an arena of this kernel's memory.
	private readonly blocks: HeldBlocks<Held>;
	private readonly kernel: JsonBlockKernel;

	/** `kernel`: one of its own (the outputs' has its own arena); `arenaBytes`: tests make it small. */
	constructor(options: {kernel: JsonBlockKernel; arenaBytes?: number}) {
		this.kernel = options.kernel;
		this.blocks = new HeldBlocks({kernel: options.kernel, mark: '\ufdd2', start: 0, arenaBytes: options.arenaBytes ?? defaultArenaBytes, bytesFor: kernelBytesFor});
	}

	/**
	 * The line (its bytes, without the line end) parsed with its text set aside, or undefined
	 * when it is to be read the usual way. Only an assistant's `text` payload or a `thinking`
	 * payload whose text is the string found is cut (an empty one is not: it has no block); a
	 * line that would not parse is left whole, so it is reported as malformed exactly as it
	 * would have been. `hint`: the line's payload type as payloadHint reads it.
	 */
	cut(line: Buffer, hint: PayloadHint = payloadHint(line)): CutLine | undefined {
		if ((hint !== 'text' && hint !== 'thinking') || line.length < minLineBytes || this.blocks.full) return undefined;
		// An answer with a table is read the usual way: the printer draws it (render/markdown-table.ts).
		if (hint === 'text' && mayHoldTable(line)) return undefined;
		// An answer only: a user's text may carry a marker the model reads (the parse checks the role).
		const field = hint;
		const start = findModelText(line, field);
		if (start === -1 || line[start] === quote) return undefined;
		const at = this.blocks.arenaFor(line.length - start);
		// Colours are not kept (print mode without colour): the kernel drops them as the sanitizer does.
		const block = this.kernel.block(line, start, true, at, false);
		if (block === undefined) return undefined;
		const token = this.blocks.token();
		// Both cuts are next to a quote, so neither splits a UTF-8 sequence.
		const text = line.toString('utf8', 0, start) + token + line.toString('utf8', start + block.read);
		const value = parsedMessage(text);
		if (value === undefined) return undefined;
		const payload = value.payload as {type?: unknown; role?: unknown; text?: unknown; thinking?: unknown};
		const mine = field === 'text' ? payload.type === 'text' && payload.role === 'assistant' && payload.text === token : payload.type === 'thinking' && payload.thinking === token;
		if (!mine) return undefined;
		this.blocks.hold(token, new Held(block.bytes, block.units, true));
		return {text, value};
	}

	/** The block a text that is a token stands for, taken out (each is printed once); else undefined. Print its bytes before the next cut. */
	take(text: string): TextBlock | undefined {
		return this.blocks.take(text);
	}

	/** The length in UTF-16 units of the text a token stands for (still waiting); else undefined. */
	units(text: string): number | undefined {
		return this.blocks.peek(text)?.units;
	}

	/** How many blocks wait to be printed. */
	get waiting(): number {
		return this.blocks.waiting;
	}
}

// What the delimiter row of a table of two columns or more holds (`|---|`, `--- | :---:`).
const delimiterBytes = ['|-', '| -', '|:', '| :'].map(text => Buffer.from(text));

/** Whether a line may hold a Markdown table: some pipe before a delimiter's dash or colon. */
function mayHoldTable(line: Buffer): boolean {
	return delimiterBytes.some(bytes => line.includes(bytes));
}
