/**
 * Print mode's kernels (source/fastpath/): large tool outputs made ready to print as their lines are read, and
 * calls' arguments likewise when there is no colour (in colour, code in them is coloured from their text). None
 * when the kernels are switched off (PENGUIN_VIEW_KERNEL=0: every output the usual way, the reference path), when
 * texts are redacted (the kernels print from the trace's bytes), or for a writer that has no use for them.
 */
import {argsBlockKernel, jsonBlockKernel} from '../fastpath/wasm.js';
import type * as printer from '../output/printer.js';

/** The prepared outputs and arguments `writer` prints, if any. */
export function printKernels(
	writer: object | undefined,
	options: {kernel: boolean; color: boolean},
): {
	prerendered?: InstanceType<typeof printer.PrerenderedOutputs>;
	prerenderedArgs?: InstanceType<typeof printer.PrerenderedArgs>;
} {
	if (!options.kernel || writer === undefined || !('PrerenderedOutputs' in writer)) return {};
	const kernels = writer as typeof printer;
	const prerendered = new kernels.PrerenderedOutputs({kernel: jsonBlockKernel()});
	if (options.color || !('PrerenderedArgs' in writer)) return {prerendered};
	return {prerendered, prerenderedArgs: new kernels.PrerenderedArgs({kernel: argsBlockKernel()})};
}
