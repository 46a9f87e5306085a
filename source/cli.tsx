#!/usr/bin/env node
/** The entry: flags in, one call out. Everything else lives in main.ts. */
import meow from 'meow';
import {installCrashHandlers} from './crash.js';
import {main} from './main.js';
import {helpText} from './help.js';
import {runSubcommand} from './login/subcommand.js';
import {readSettings} from './settings.js';

// package.json's name, version, description and bin, put here by the build (scripts/build.mjs).
declare const PENGUIN_VIEW_PACKAGE: {name: string; version: string; description: string; bin: Record<string, string>};

const cli = meow(helpText, {
	importMeta: import.meta,
	pkg: PENGUIN_VIEW_PACKAGE,
	allowUnknownFlags: false,
	flags: {
		sse: {type: 'string'},
		cookie: {type: 'string'},
		header: {type: 'string', isMultiple: true},
		user: {type: 'string'},
		insecure: {type: 'boolean', default: false},
		print: {type: 'boolean', default: false},
		json: {type: 'boolean', default: false},
		follow: {type: 'boolean', default: true},
		color: {type: 'boolean', default: true},
		expand: {type: 'string', isMultiple: true},
		replay: {type: 'string'},
		list: {type: 'boolean', default: false},
		latest: {type: 'boolean', default: false},
		stats: {type: 'boolean', default: false},
		export: {type: 'string'},
		redact: {type: 'boolean', default: false},
		prices: {type: 'string'},
		debug: {type: 'boolean', default: false},
		bell: {type: 'boolean', default: true},
		mouse: {type: 'boolean', default: false},
		readOnly: {type: 'boolean', default: false},
	},
});

// Anything thrown or rejected that nobody catches: terminal restored, one line, exit code 1.
installCrashHandlers({debug: cli.flags.debug});
const settings = readSettings(process.env);
process.exitCode = (await runSubcommand(cli.input, cli.flags, settings)) ?? (await main(cli.input, cli.flags, settings));
