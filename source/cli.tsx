#!/usr/bin/env node
/** The entry: flags in, one call out. Everything else lives in main.ts. */
import meow from 'meow';
import {installCrashHandlers} from './crash.js';
import {main} from './main.js';
import {parserFlags} from './command-line/flag-table.js';
import {runSubcommand} from './login/subcommand.js';
import {readSettings} from './settings.js';
import {parserProblem, unknownFlag, usageExitCode, usageLine} from './usage.js';

// package.json's name, version, description and bin, and the --help text (command-line/help-text.ts), put here by the build (scripts/build.mjs).
declare const PENGUIN_VIEW_PACKAGE: {name: string; version: string; description: string; bin: Record<string, string>};
declare const PENGUIN_VIEW_HELP: string;

// Unknown flags are kept and checked here rather than by meow, whose report is two lines
// without the program's name; what it throws (a flag given twice) is bad usage too. Booleans
// left out stay unset (--follow's default depends on the output: main.ts).
const flags = parserFlags();
let cli;
try {
	cli = meow(PENGUIN_VIEW_HELP, {importMeta: import.meta, pkg: PENGUIN_VIEW_PACKAGE, allowUnknownFlags: true, booleanDefault: undefined, flags});
} catch (error) {
	process.stderr.write(usageLine(parserProblem(error)));
	process.exit(usageExitCode);
}
const shortFlags = Object.values(flags).flatMap(spec => ('shortFlag' in spec ? [spec.shortFlag] : []));
const known = new Set<string>([...Object.keys(flags), ...shortFlags, 'help', 'version']);
const unknown = unknownFlag(cli.unnormalizedFlags, known, process.argv.slice(2));
if (unknown !== undefined) {
	process.stderr.write(usageLine(`unknown flag ${unknown}`));
	process.exit(usageExitCode);
}

// Anything thrown or rejected that nobody catches: terminal restored, one line, exit code 1.
installCrashHandlers({debug: cli.flags.debug});
const settings = readSettings(process.env);
process.exitCode = (await runSubcommand(cli.input, cli.flags, settings)) ?? (await main(cli.input, cli.flags, settings));
