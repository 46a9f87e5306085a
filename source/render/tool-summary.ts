/**
 * How a tool call reads in one line, and what its output says of how it ended: each tool's
 * presenter (render/tool-registry.ts) says what its arguments mean; a tool we have no words
 * for is summed up by its most telling argument, found from the session's own tool list.
 */
import type {ToolDefinition} from '../protocol/types.js';
import {oneLine} from './format.js';
import {completedFields} from './partial-args.js';
import {
	genericPresenter,
	isMcpTool,
	mcpPresenter,
	parseArgs,
	toolPresenters,
	type ToolCallSummary,
	type ToolPresenter,
} from './tool-registry.js';

export {parseArgs, prettyArgs, type ToolCallSummary} from './tool-registry.js';

// Each entry filled in from the generic one, once (the screen asks for every visible call on every frame).
const filledIn: ReadonlyMap<string, Required<ToolPresenter>> = new Map(
	[...toolPresenters].map(([name, entry]) => [name, {...genericPresenter, ...entry}]),
);
const filledMcp: Required<ToolPresenter> = {...genericPresenter, ...mcpPresenter};

/** The presenter of tool `name`, every part filled in (from the generic one where the entry is silent). */
export function presenterFor(name: string): Required<ToolPresenter> {
	return filledIn.get(name) ?? (isMcpTool(name) ? filledMcp : genericPresenter);
}

/**
 * The one-line summary of a call; `max` bounds the headline's length; `whole`: what `args` parses to (parseArgs), when
 * the caller has it already.
 */
export function summarizeToolCall(
	name: string,
	args: string,
	tools: readonly ToolDefinition[] = [],
	max = 120,
	whole = parseArgs(args),
): ToolCallSummary {
	// Arguments still streaming: what their complete fields say, `…` until one is.
	const partial = whole ? undefined : completedFields(args);
	if (!whole && !partial) return {headline: oneLine(args, max)};
	const fields = (whole ?? partial)!;
	if (Object.keys(fields).length === 0) return {headline: '…'};
	const call = {name, tools};
	return boundedSummary(presenterFor(name).summary(fields, call) ?? genericPresenter.summary(fields, call)!, max);
}

/** A presenter's summary with its headline on one line of at most `max` characters (as summarizeToolCall gives it). */
export function boundedSummary(summary: ToolCallSummary, max: number): ToolCallSummary {
	return {...summary, headline: oneLine(summary.headline, max)};
}

/**
 * Whether `name`'s outputs end with an exit code (the registry's `exitCode`). Every view asks
 * this before it shows one: any other tool's output may end in `[exit code: 1]` as text it
 * read (a file, a grep's match), which is not how the call ended.
 */
export function carriesExitCode(name: string): boolean {
	return presenterFor(name).exitCode;
}

/** The exit code a call's output ends with, for a tool whose outputs carry one (carriesExitCode). */
export function toolExitCode(name: string, output: string | undefined): number | undefined {
	return carriesExitCode(name) ? exitCodeOf(output) : undefined;
}

/** The exit code text ends with (`[exit code: 2]`), if any, whatever tool wrote it: views ask toolExitCode. */
export function exitCodeOf(output: string | undefined): number | undefined {
	if (!output) return undefined;
	const match = /\[exit code: (-?\d+)\]\s*$/.exec(output.slice(-64));
	return match ? Number(match[1]) : undefined;
}
