/** `--list` of the sessions on disk: fitted to a terminal, whole in a pipe, one JSON line each with --json. */
import {projectConfigOf, type ReadPrices} from '../io/project-prices.js';
import {safeWriter} from '../output/safe-writer.js';
import {missingDataRoot} from './open-trace.js';

/** Lists the sessions under `dataRoot` on stdout; returns the exit code (1 without a data root, said by `say`). */
export async function listOnDisk(options: {
	dataRoot: string;
	json: boolean;
	pricesOf: (tracePath: string) => Promise<ReadPrices>;
	say: (text: string) => void;
}): Promise<number> {
	const missing = await missingDataRoot(options.dataRoot);
	if (missing !== undefined) {
		options.say(missing);
		return 1;
	}
	const {listCommand} = await import('../commands/list.js');
	const {cachedPerProject} = await import('../commands/list-cost.js');
	const listed = await listCommand({
		dataRoot: options.dataRoot,
		json: options.json,
		// On a terminal the lines fit its width; a pipe gets them whole.
		width: process.stdout.isTTY === true && process.stdout.columns > 0 ? process.stdout.columns : undefined,
		pricesOf: cachedPerProject(options.pricesOf, projectConfigOf),
	});
	// Through a safe writer: `--list | head -1` closes the pipe early.
	const listOut = safeWriter(process.stdout);
	listOut.write(listed.stdout);
	process.stderr.write(listed.stderr);
	await listOut.flush();
	return listed.exitCode;
}
