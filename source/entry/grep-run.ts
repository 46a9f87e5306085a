/** `--grep`: the flags read into a search, on disk (commands/grep.ts) or on a server (commands/server-grep.ts). */
import {availableParallelism} from 'node:os';
import type {Flags} from '../flags.js';
import type {Settings} from '../settings.js';
import {colorWanted} from '../render/color.js';
import {safeWriter} from '../output/safe-writer.js';
import {contentPattern} from '../ui/reading/content-pattern.js';
import {readStamp} from '../commands/grep-sessions.js';
import {openQuery} from '../commands/grep-output.js';
import type {GrepMode, GrepRequest} from '../commands/grep.js';
import {UsageError} from './flag-checks.js';

/** Runs `--grep` as the flags say; the exit code. */
export async function runGrep(
	words: readonly string[],
	flags: Flags,
	settings: Settings,
	say: (text: string) => void,
): Promise<number> {
	const query = flags.grep ?? '';
	const options = {ignoreCase: flags.ignoreCase, fixed: flags.fixedStrings};
	const pattern = contentPattern(query, options);
	if ('problem' in pattern) throw new UsageError(pattern.problem);
	const since = flags.since === undefined ? undefined : readStamp(flags.since);
	const until = flags.until === undefined ? undefined : readStamp(flags.until);
	if (flags.since !== undefined && since === undefined)
		throw new UsageError(
			`--since takes a date as session ids write it (2026-12-02, 2026-12-02-14-30), not '${flags.since}'`,
		);
	if (flags.until !== undefined && until === undefined)
		throw new UsageError(
			`--until takes a date as session ids write it (2026-12-02, 2026-12-02-14-30), not '${flags.until}'`,
		);
	const modes = [flags.filesWithMatches && '-l', flags.count && '-c', flags.json && '--json'].filter(Boolean);
	if (modes.length > 1) throw new UsageError(`give one of -l, -c and --json, not ${modes.join(' and ')}`);
	const mode: GrepMode = flags.filesWithMatches ? 'files' : flags.count ? 'count' : flags.json ? 'json' : 'lines';
	const terminal = process.stdout.isTTY === true;
	const request: GrepRequest = {
		pattern,
		openQuery: openQuery(query, options),
		mode,
		color: colorWanted(terminal, settings.terminal, flags.color),
		since,
		until,
		out: safeWriter(process.stdout),
		say,
		threads: settings.switches.grepThreads,
	};
	if (flags.sse !== undefined) {
		if (words.length > 0) throw new UsageError('give either sessions to search or --sse SERVER, not both');
		const server = (await import('../io/sse/server-address.js')).readServerAddress(flags.sse);
		if (!server) throw new UsageError("--grep takes a server's address (http://HOST:PORT), not one session's stream");
		return (await import('../commands/server-grep.js')).serverGrep(server, flags, settings, request);
	}
	const {grepCommand} = await import('../commands/grep.js');
	return grepCommand(words, settings.dataRoot, request, availableParallelism());
}
