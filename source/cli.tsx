#!/usr/bin/env node
/** The entry: flags in, one call out. Everything else lives in main.ts. */
import {installCrashHandlers} from './crash.js';
import {main} from './main.js';
import {flags as flagTable} from './flag-table.js';
import {parseCommandLine} from './command-line/parse-flags.js';
import {processTitle} from './command-line/process-title.js';
import {runSubcommand} from './login/subcommand.js';
import {safeWriter} from './output/safe-writer.js';
import {loadSettings} from './settings.js';
import {flagsWithConfig} from './config-keys.js';
import {sanitize} from './render/sanitize.js';
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
	const settings = await loadSettings(process.env);
	// A bad config.toml is a line each, and the run goes on with what it could read.
	for (const problem of settings.config.problems) process.stderr.write(`penguin-view: ${sanitize(problem)}\n`);
	// Read again with the config's values as the defaults: what the command line gives wins.
	const configured = parseCommandLine(process.argv.slice(2), flagsWithConfig(flagTable, settings.config.values));
	const flags = configured.kind === 'run' ? configured.flags : line.flags;
	process.exitCode = (await runSubcommand(line.input, flags, settings)) ?? (await main(line.input, flags, settings));
}
