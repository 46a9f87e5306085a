/**
 * Print mode's tool call arguments, made ready to print while their lines are read (see
 * fastpath/args-block.ts for why), for calls whose headline reads a few arguments it is told of
 * (the registry's `summaryArgs`: a command, a file read) or needs of the long ones nothing but
 * their line counts (a written file: `countedArgs`). A line so cut is parsed without its
 * arguments: their place holds a token, which the printer trades back for the block and for
 * what the headline needs (those arguments parsed, the long ones' line counts). Only print mode
 * without colour uses it: in colour the arguments are coloured from their text
 * (render/code-print.ts).
 *
 * In print mode nothing but the call's entry reads such a call's arguments (a run_subagent
 * call's are read for its child: that tool declares neither), so the token stands in for them
 * in the model.
 */
import {bytesAre, findArgumentsText, nameIsOneOf} from '../protocol/arguments-literal.js';
import {payloadHint, type PayloadHint} from '../protocol/payload-hint.js';
import {argsArenaStart, argsBytesFor, type ArgsBlock, type ArgsBlockKernel} from './args-block.js';
import {argLineCounts, toolPresenters} from '../render/tool-registry.js';
import {presenterFor, type ToolCallSummary} from '../render/tool-summary.js';
import type {CutLine} from './prerendered-outputs.js';
import {HeldBlocks, parsedMessage} from './held-blocks.js';

// Shorter lines are read the usual way: cut from 256 B, the small mix's commands (256–512 B) took 1.1× the CPU
// (the kernel's first calls and its arena cost more than a few thousand short blocks save; docs/performance.md).
const minLineBytes = 512;
// How far the arena fills before the blocks still in it are copied out and it starts again.
const defaultArenaBytes = 8 * 1024 * 1024;

/** An argument's key as the block writes it (JSON, quotes included). */
type KeyBytes = {key: string; json: Buffer};
const keyBytes = (key: string): KeyBytes => ({key, json: Buffer.from(JSON.stringify(key))});

/**
 * What the headline of a tool reads of its arguments: those it counts the lines of, and those it reads (undefined: all
 * the others).
 */
type HeadlineReads = {counted: readonly KeyBytes[]; read: readonly KeyBytes[] | undefined};

// The tools whose headline reads arguments it names or counts lines of, by name.
const headlineReads = new Map<string, HeadlineReads>(
	[...toolPresenters]
		.filter(([, presenter]) => (presenter.countedArgs?.length ?? 0) > 0 || presenter.summaryArgs)
		.map(([name, presenter]) => [
			name,
			{counted: (presenter.countedArgs ?? []).map(keyBytes), read: presenter.summaryArgs?.map(keyBytes)},
		]),
);
// Their names' bytes.
const cutTools = [...headlineReads.keys()].map(name => Buffer.from(name));

/** A call's arguments ready to print: the block, and what the headline reads of them. */
export type ReadyArgs = {
	/** The block's bytes: good until the next cut (print them before). */
	bytes: Buffer;
	/** The short arguments parsed, with the long ones' line counts (tool-registry.ts's argLineCounts). */
	args: Record<string, unknown>;
	/** The tool's summary of them, as its presenter gave it (the headline not yet bounded): made once, at the cut. */
	summary: ToolCallSummary;
};

/** A block waiting to be printed. */
class Held implements ReadyArgs {
	constructor(
		public bytes: Buffer,
		readonly args: Record<string, unknown>,
		readonly summary: ToolCallSummary,
		/** Whether `bytes` is a view of the kernel's memory (the arena), not a copy. */
		public inArena: boolean,
	) {}
}

export class PrerenderedArgs {
	// Tokens start with a noncharacter of their own (fastpath/held-blocks.ts); the blocks wait in an arena of this
	// kernel's memory.
	private readonly blocks: HeldBlocks<Held>;
	private readonly kernel: ArgsBlockKernel;

	constructor(options: {kernel: ArgsBlockKernel; arenaBytes?: number}) {
		this.kernel = options.kernel;
		this.blocks = new HeldBlocks({
			kernel: options.kernel,
			mark: '\ufdd1',
			start: argsArenaStart,
			arenaBytes: options.arenaBytes ?? defaultArenaBytes,
			bytesFor: argsBytesFor,
		});
	}

	/**
	 * The line (its bytes, without the line end) parsed with its arguments set aside, or undefined
	 * when it is to be read the usual way. Only a `tool_call` of a tool whose headline reads
	 * arguments it names (headlineReads) whose `arguments` is the string found is cut; a line that
	 * would not parse is left whole, so it is reported as malformed exactly as it would have been.
	 * `hint`: the line's payload type as payloadHint reads it (a line laid out otherwise is tried
	 * all the same: the parse decides).
	 */
	cut(line: Buffer, hint: PayloadHint = payloadHint(line)): CutLine | undefined {
		if (
			(hint !== 'tool_call' && hint !== undefined) ||
			line.length < minLineBytes ||
			this.blocks.full ||
			!nameIsOneOf(line, cutTools)
		)
			return undefined;
		const start = findArgumentsText(line);
		if (start === -1) return undefined;
		const at = this.blocks.arenaFor(line.length - start);
		const block = this.kernel.block(line, start, at);
		if (block === undefined) return undefined;
		const token = this.blocks.token();
		// Both cuts are next to a quote, so neither splits a UTF-8 sequence.
		const text = line.toString('utf8', 0, start) + token + line.toString('utf8', start + block.read);
		const value = parsedMessage(text);
		if (value === undefined) return undefined;
		const payload = value.payload as {type?: unknown; name?: unknown; arguments?: unknown};
		if (payload.type !== 'tool_call' || payload.arguments !== token || typeof payload.name !== 'string')
			return undefined;
		const headline = headlineArgs(block, payload.name);
		if (headline === undefined) return undefined;
		this.blocks.hold(token, new Held(block.bytes, headline.args, headline.summary, true));
		return {text, value};
	}

	/** The arguments for a call whose arguments are a token, taken out (each is printed once); else undefined. */
	take(args: string): ReadyArgs | undefined {
		return this.blocks.take(args);
	}

	/** How many blocks wait to be printed. */
	get waiting(): number {
		return this.blocks.waiting;
	}
}

/**
 * What the headline of tool `name` reads of the arguments: the members it reads parsed (those it names, or all but
 * the counted ones), and for the strings it only counts the lines of, their counts instead; and the presenter's
 * summary of them (it reads nothing of the session: no such tool's does). Undefined when the presenter would need
 * more (its summary gives up on them, and the generic one would read every argument).
 */
function headlineArgs(
	block: ArgsBlock,
	name: string,
): {args: Record<string, unknown>; summary: ToolCallSummary} | undefined {
	const reads = headlineReads.get(name);
	if (reads === undefined) return undefined;
	const {bytes} = block;
	const counts: Record<string, number> = {};
	const kept: string[] = [];
	for (const member of block.members) {
		const to = member.value - 2;
		const which = member.lines < 0 ? undefined : keyAt(reads.counted, bytes, member.key, to);
		if (which) counts[which] = member.lines;
		else if (reads.read === undefined || keyAt(reads.read, bytes, member.key, to) !== undefined)
			kept.push(bytes.toString('utf8', member.key, member.end));
	}
	// No member read: the usual way (summarizeToolCall's `…` for empty arguments, or the generic summary).
	if (kept.length === 0) return undefined;
	const presenter = presenterFor(name);
	let args: Record<string, unknown>;
	try {
		args = JSON.parse(`{${kept.join(',')}}`) as Record<string, unknown>;
	} catch {
		return undefined;
	}
	(args as {[argLineCounts]?: Record<string, number>})[argLineCounts] = counts;
	const summary = presenter.summary(args, {name, tools: []});
	return summary === undefined ? undefined : {args, summary};
}

/** Which of `keys` the key `bytes[from, to)` is (written as JSON.stringify writes it: the kernel writes no other). */
function keyAt(keys: readonly KeyBytes[], bytes: Buffer, from: number, to: number): string | undefined {
	for (const {key, json} of keys) if (bytesAre(bytes, from, to, json)) return key;
	return undefined;
}
