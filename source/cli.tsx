#!/usr/bin/env node
/** The entry: flags in, one call out. Everything else lives in main.ts. */
import {installCrashHandlers} from './crash.js';
import {main} from './main.js';
import {flags as flagTable} from './flag-table.js';
import {parseCommandLine} from './command-line/parse-flags.js';
import {processTitle} from './command-line/process-title.js';
import {runSubcommand} from './login/subcommand.js';
import {safeWriter} from './output/safe-writer.js';
import {readSettings} from './settings.js';
import {usageExitCode, usageLine} from './bad-usage.js';

// package.json's version and the command's name, and the page --help prints (command-line/help-text.ts), put here by
// the build (scripts/build.mjs).
declare const PENGUIN_VIEW_PACKAGE: {version: string; title: string};
declare const PENGUIN_VIEW_HELP: string;

// Booleans left out stay unset (--follow's default depends on the output: main.ts).
const line = parseCommandLine(process.argv.slice(2), flagTable);
// Through a safe writer: `--help | head -1` may close the pipe before the page is written.
if (line.kind === 'help') safeWriter(process.stdout).write(PENGUIN_VIEW_HELP);
else if (line.kind === 'version') safeWriter(process.stdout).write(`${PENGUIN_VIEW_PACKAGE.version}\n`);
else if (line.kind === 'problem') {
	process.stderr.write(usageLine(line.problem));
	process.exitCode = usageExitCode;
} else {
	// ps and top show the command's name and what it opens rather than `node …`.
	process.title = processTitle(PENGUIN_VIEW_PACKAGE.title, line.input, line.flags.sse);
	// Anything thrown or rejected that nobody catches: terminal restored, one line, exit code 1.
	installCrashHandlers({debug: line.flags.debug});
	const settings = readSettings(process.env);
	process.exitCode =
		(await runSubcommand(line.input, line.flags, settings)) ?? (await main(line.input, line.flags, settings));
}
