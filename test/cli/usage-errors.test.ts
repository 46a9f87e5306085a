// What a person reads when the command line is wrong (one line, the program's name, a pointer to --help, exit 2) and on
// a first run with no data root (one line saying what to do, exit 1).
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const trace = path.join(fixturesDir, 'traces', 'session-2026-12-02-14-43-08-07326dfd_001.jsonl');

/** The single line on stderr, checked to be the only one. */
function oneLine(stderr: string): string {
	const lines = stderr.split('\n').filter(Boolean);
	expect(lines).toHaveLength(1);
	return lines[0]!;
}

describe('usage errors', () => {
	const cases: Array<[string[], string]> = [
		[['--bogus', 'x'], 'penguin-view: unknown flag --bogus (try --help)'],
		[['-z', trace], 'penguin-view: unknown flag -z (try --help)'],
		[['--no-such-thing', trace], 'penguin-view: unknown flag --no-such-thing (try --help)'],
		[['--replay', '0', trace], "penguin-view: --replay SPEED must be a number above 0, not '0' (try --help)"],
		[['--replay', '-2', trace], "penguin-view: --replay SPEED must be a number above 0, not '-2' (try --help)"],
		[['--replay', 'fast', trace], "penguin-view: --replay SPEED must be a number above 0, not 'fast' (try --help)"],
		[
			['--sse', 'http://localhost:7364', '--sse', 'http://localhost:7365'],
			'penguin-view: the flag --sse can only be set once (try --help)',
		],
		[['--sse'], 'penguin-view: --sse needs a value (try --help)'],
		[['--json=yes', trace], 'penguin-view: --json takes no value (try --help)'],
		[[trace, trace], `penguin-view: one trace at a time, got 2: ${trace} ${trace} (try --help)`],
	];
	for (const [args, line] of cases) {
		it(args.map(arg => (arg === trace ? 'trace' : arg)).join(' '), async () => {
			const result = await runCli(args);
			expect(result.code).toBe(2);
			expect(result.stdout).toBe('');
			expect(oneLine(result.stderr)).toBe(line);
		});
	}

	it('a speed above 0 and a trace still play', async () => {
		for (const args of [
			['--replay', '1000', '--print', trace],
			['--replay=0.5e4', '--print', trace],
		]) {
			const result = await runCli(args);
			expect(result.stderr).toBe('');
			expect(result.code).toBe(0);
		}
	});
});

describe('a first run with no data root', () => {
	it('with nothing named, and with --list: the full path and what to do next, exit 1', async () => {
		const home = makeTempDir('penguin-view-first-run-');
		try {
			const root = path.join(home, '.penguin', 'data');
			for (const args of [[], ['--list']]) {
				const result = await runCli(args, {env: {HOME: home, PENGUIN_HOME: ''}});
				expect(result.code).toBe(1);
				const line = oneLine(result.stderr);
				expect(line).toMatch(new RegExp(`^penguin-view: ${root.replace(/[.]/g, '\\.')}: no such folder`));
				for (const next of ['a trace file', 'a session id', '--sse URL', 'PENGUIN_HOME']) expect(line).toContain(next);
			}
		} finally {
			removeTempDir(home);
		}
	});
});
