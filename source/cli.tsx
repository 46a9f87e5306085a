#!/usr/bin/env node
/** The entry: flags in, one call out. Everything else lives in main.ts. */
import meow from 'meow';
import {installCrashHandlers} from './crash.js';
import {main} from './main.js';
import {helpText} from './command-line/help-text.js';
import {parserFlags} from './command-line/flag-table.js';
import {runSubcommand} from './login/subcommand.js';
import {readSettings} from './settings.js';

// package.json's name, version, description and bin, put here by the build (scripts/build.mjs).
declare const PENGUIN_VIEW_PACKAGE: {name: string; version: string; description: string; bin: Record<string, string>};

const cli = meow(helpText(), {
	importMeta: import.meta,
	pkg: PENGUIN_VIEW_PACKAGE,
	allowUnknownFlags: false,
	flags: parserFlags(),
});

// Anything thrown or rejected that nobody catches: terminal restored, one line, exit code 1.
installCrashHandlers({debug: cli.flags.debug});
const settings = readSettings(process.env);
process.exitCode = (await runSubcommand(cli.input, cli.flags, settings)) ?? (await main(cli.input, cli.flags, settings));
