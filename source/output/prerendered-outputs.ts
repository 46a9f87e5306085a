/**
 * Print mode's tool outputs, made ready to print while their lines are read (see
 * render/json-block.ts for why). A line whose output is cut out this way is parsed without
 * it: the output's place holds a token, which the printer trades back for the block.
 */
import {isOmniMessage} from '../protocol/guards.js';
import {findOutputText} from '../protocol/output-literal.js';
import {jsonBlock, type JsonBlock} from '../render/json-block.js';

/** A line with its output cut out: the JSON text that was parsed, and what it parsed to. */
export type CutLine = {text: string; value: unknown};

// `PENGUIN_VIEW_KERNEL=0` reads every line the usual way (the benchmark's baseline).
const enabled = process.env.PENGUIN_VIEW_KERNEL !== '0';
// Shorter lines are read the usual way: the shortcut pays off on large outputs only.
const minLineBytes = 2048;
// Blocks waiting to be printed, at most (in bytes). A block is taken when its entry is
// printed; one that never is (a second output for the same call replaces the first) stays
// here, so past this the shortcut stops and lines are read the usual way.
const maxHeldBytes = 64 * 1024 * 1024;

export class PrerenderedOutputs {
	// Tokens start with a noncharacter and a part drawn when the process starts: a trace,
	// written before, cannot hold one. (Math.random, not node:crypto: loading that module
	// costs ~7 ms of every start, and a forged token could only swap one output of the same
	// trace for another.)
	private readonly prefix = `\ufdd0${Math.random().toString(36).slice(2, 10)}${Math.random().toString(36).slice(2, 10)}:`;
	private next = 0;
	private readonly held = new Map<string, JsonBlock>();
	private heldBytes = 0;
	/**
	 * Colours are not kept (print mode without colour): the kernel drops SGR sequences as the
	 * sanitizer does. Until the printer says so, text with any goes the usual way.
	 */
	stripColor = false;

	/**
	 * The line (its bytes, without the line end) parsed with its tool output set aside, or
	 * undefined when it is to be read the usual way. Only a `tool_call_output` message whose
	 * `output` is the string found is cut; a line that would not parse is left whole, so it is
	 * reported as malformed exactly as it would have been.
	 */
	cut(line: Buffer): CutLine | undefined {
		if (!enabled || line.length < minLineBytes || this.heldBytes > maxHeldBytes) return undefined;
		const start = findOutputText(line);
		if (start === -1) return undefined;
		const block = jsonBlock(line, start, this.stripColor);
		if (block === undefined) return undefined;
		const token = this.prefix + (this.next++).toString(36);
		// Both cuts are next to a quote, so neither splits a UTF-8 sequence.
		const text = line.toString('utf8', 0, start) + token + line.toString('utf8', start + block.read);
		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch {
			return undefined;
		}
		if (!isOmniMessage(value)) return undefined;
		const payload = value.payload as {type?: unknown; output?: unknown};
		if (payload.type !== 'tool_call_output' || payload.output !== token) return undefined;
		// The kernel's memory is written again by the next call: the block keeps a copy. (Copies
		// into a few reused slabs, to spare fresh memory's page faults, measured no faster on the
		// real-shaped trace: 1,521 vs 1,457 ms of CPU, median of five; taken out.)
		this.held.set(token, {...block, bytes: Buffer.from(block.bytes)});
		this.heldBytes += block.bytes.length;
		return {text, value};
	}

	/**
	 * The block for an output that is a token, taken out (each is printed once); else
	 * undefined.
	 */
	take(output: string): JsonBlock | undefined {
		if (!output.startsWith(this.prefix)) return undefined;
		const held = this.held.get(output);
		if (held === undefined) return undefined;
		this.held.delete(output);
		this.heldBytes -= held.bytes.length;
		return held;
	}

	/** How many blocks wait to be printed. */
	get waiting(): number {
		return this.held.size;
	}
}
