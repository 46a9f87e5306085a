/**
 * Where each flag is read, keyed by every flag of the table: a flag added to flag-table.ts alone
 * fails to compile here, and naming its readers is the reminder to handle it in each. The
 * architecture test holds this table to the code: the modules named for a flag are the ones
 * that read `flags.<name>`, no more and no fewer.
 */
import type {FlagName} from './flags.js';

/** The modules (paths under source/) that read each flag. */
export const flagReaders: Readonly<Record<FlagName, readonly string[]>> = {
	latest: ['entry/open-source.ts', 'main.ts'],
	print: ['main.ts'],
	json: ['commands/server-list.ts', 'entry/grep-run.ts', 'entry/print-output.ts', 'main.ts'],
	follow: ['main.ts'],
	replay: ['entry/flag-checks.ts'],
	expand: ['entry/flag-checks.ts'],
	color: ['entry/grep-run.ts', 'main.ts'],
	theme: ['entry/flag-checks.ts', 'entry/open-source.ts'],
	bell: ['entry/screen-output.ts'],
	notify: ['entry/open-trace.ts', 'server/server-mode.ts'],
	links: ['entry/screen-output.ts'],
	images: ['entry/screen-output.ts'],
	progress: ['entry/screen-output.ts'],
	chop: ['entry/screen-output.ts'],
	mouse: ['entry/screen-output.ts'],
	debug: ['cli.tsx', 'main.ts'],
	list: ['main.ts'],
	stats: ['entry/print-output.ts', 'main.ts', 'server/server-mode.ts'],
	grep: ['entry/grep-run.ts', 'main.ts'],
	ignoreCase: ['entry/flag-checks.ts', 'entry/grep-run.ts'],
	fixedStrings: ['entry/flag-checks.ts', 'entry/grep-run.ts'],
	filesWithMatches: ['entry/flag-checks.ts', 'entry/grep-run.ts'],
	count: ['entry/flag-checks.ts', 'entry/grep-run.ts'],
	since: ['entry/flag-checks.ts', 'entry/grep-run.ts'],
	until: ['entry/flag-checks.ts', 'entry/grep-run.ts'],
	export: ['entry/flag-checks.ts', 'entry/print-output.ts', 'main.ts'],
	redact: ['entry/flag-checks.ts', 'entry/print-output.ts', 'main.ts'],
	dryRun: ['entry/flag-checks.ts', 'entry/print-output.ts'],
	prices: ['main.ts'],
	sse: [
		'cli.tsx',
		'entry/flag-checks.ts',
		'entry/grep-run.ts',
		'entry/open-source.ts',
		'entry/print-output.ts',
		'main.ts',
	],
	cookie: ['login/credentials.ts'],
	header: [
		'entry/open-source.ts',
		'login/commands.ts',
		'login/credentials.ts',
		'server/server-api-for.ts',
		'server/server-mode.ts',
	],
	user: ['login/commands.ts', 'login/credentials.ts'],
	insecure: [
		'entry/open-source.ts',
		'login/commands.ts',
		'login/credentials.ts',
		'server/server-api-for.ts',
		'server/server-mode.ts',
	],
	readOnly: ['entry/open-source.ts', 'entry/screen-output.ts'],
	completions: ['command-line/completions.ts', 'main.ts'],
};
