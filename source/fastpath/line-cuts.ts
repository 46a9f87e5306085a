/**
 * Print mode's cuts of a trace line, in one: the line's payload type is read once
 * (protocol/payload-hint.ts) and the line handed to the cut of that type, if any (a call's
 * arguments, a model's text, a tool output). The line splitter calls it with each line's bytes.
 */
import {payloadHint} from '../protocol/payload-hint.js';
import type {PrerenderedArgs} from './prerendered-args.js';
import type {CutLine, PrerenderedOutputs} from './prerendered-outputs.js';

export type LineCuts = {outputs: PrerenderedOutputs; args?: PrerenderedArgs};

// No cut takes a line shorter than this (the outputs' shortest, prerendered-outputs.ts): its type is not read.
const minCutBytes = 256;

/**
 * The line splitter's cut (io/line-splitter.ts's LineCutter) for print mode: each line to the cut of its payload's
 * type.
 */
export function lineCutter({
	outputs,
	args,
}: LineCuts): ((line: Buffer) => CutLine | undefined) & {readonly minBytes: number} {
	const cut = (line: Buffer): CutLine | undefined => {
		if (line.length < minCutBytes) return undefined;
		const hint = payloadHint(line);
		switch (hint) {
			case 'tool_call':
				return args?.cut(line, hint);
			case 'text':
			case 'thinking':
			case 'other':
				return undefined;
			case 'tool_call_output':
				return outputs.cut(line, hint);
			// A line laid out otherwise (keys in another order): each cut parses and looks.
			default:
				return outputs.cut(line, hint) ?? args?.cut(line, hint);
		}
	};
	// The splitter hands it no shorter line: it makes no view of one.
	return Object.assign(cut, {minBytes: minCutBytes});
}
