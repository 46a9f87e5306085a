/**
 * Tests that need a tool the README does not list as required (fish, zsh, man, …): on a plain
 * machine such a test is skipped, with a note the skip reporter (test/support/skip-reporter.ts)
 * sums up in one line at the end of the run; under CI (`CI` set, not `false`/`0`) a missing
 * tool fails the test, since `.ci/run` installs every tool the suite uses.
 *
 *   it('completes flags', ctx => { needTool(ctx, 'fish', 'completions'); … });
 */
import {accessSync, constants} from 'node:fs';
import path from 'node:path';
import {expect, type TestContext} from 'vitest';

/** Whether `command` is an executable file in one of PATH's folders, as a shell would find it. */
export function toolInstalled(command: string, searchPath = process.env.PATH ?? ''): boolean {
	return searchPath.split(path.delimiter).some(folder => {
		if (folder === '') return false;
		try {
			accessSync(path.join(folder, command), constants.X_OK);
			return true;
		} catch {
			return false;
		}
	});
}

/** Whether this run is CI's, where every tool must be there. */
function underCi(): boolean {
	const ci = process.env.CI;
	return ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0';
}

/** The note of a test skipped for want of `command`: `fish not installed (completions)`. */
export function missingToolNote(command: string, what: string): string {
	return `${command} not installed (${what})`;
}

/**
 * Skips the running test when `command` is not installed (`what` says which tests need it),
 * except under CI, where it fails saying that `.ci/run` installs it.
 */
export function needTool(ctx: TestContext, command: string, what: string): void {
	if (toolInstalled(command)) return;
	if (underCi()) expect.fail(`${command} is missing: .ci/run installs it (${what})`);
	ctx.skip(missingToolNote(command, what));
}
