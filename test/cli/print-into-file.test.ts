// The built program with stdout a file or /dev/null (written without process.stdout): the same bytes as through a pipe,
// exit 0, nothing on stderr, and none of Node's streams loaded to write them (nor timers/promises, for the readers'
// pauses).
import {spawn} from 'node:child_process';
import {closeSync, openSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {cliPath, runCli} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const trace = path.join(fixturesDir, 'traces', 'session-2026-12-02-14-45-42-8e7b556c_002.jsonl');
const dir = makeTempDir('penguin-view-print-into-file-');
afterAll(() => removeTempDir(dir));

const env = (): NodeJS.ProcessEnv => {
	const env: NodeJS.ProcessEnv = {...process.env, TZ: 'UTC', CI: 'false'};
	delete env['FORCE_COLOR'];
	delete env['NO_COLOR'];
	delete env['NODE_OPTIONS'];
	return env;
};

/**
 * Runs the program with stdout the file at `target` (opened for writing); node's own flags before the program's path.
 */
async function runInto(
	target: string,
	args: string[],
	nodeFlags: string[] = [],
): Promise<{code: number | null; stderr: string}> {
	const fd = openSync(target, 'w');
	try {
		const child = spawn(process.execPath, [...nodeFlags, cliPath, ...args], {
			stdio: ['ignore', fd, 'pipe'],
			env: env(),
		});
		let stderr = '';
		child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		const code = await new Promise<number | null>(resolve => child.on('close', resolve));
		return {code, stderr};
	} finally {
		closeSync(fd);
	}
}

describe('stdout a file or /dev/null', () => {
	for (const args of [[trace], ['--json', '--no-follow', trace], ['--export', 'md', trace]]) {
		it(`${args.slice(0, -1).join(' ') || 'print mode'}: the bytes a pipe gets, exit 0, stderr empty`, async () => {
			const piped = await runCli(args);
			const file = path.join(dir, 'out.txt');
			const written = await runInto(file, args);
			expect(written).toEqual({code: 0, stderr: ''});
			expect(piped.code).toBe(0);
			expect(readFileSync(file, 'utf8')).toBe(piped.stdout);
			expect(piped.stdout.length).toBeGreaterThan(1000);
			expect(await runInto('/dev/null', args)).toEqual({code: 0, stderr: ''});
		});
	}

	it(
		'print mode into a file or /dev/null loads none of Node ' + 'streams, nor timers/promises (~1.5 ms of every start)',
		async () => {
			const record = path.join(dir, 'modules.txt');
			const preload = path.join(dir, 'record-modules.cjs');
			writeFileSync(
				preload,
				`process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, ` +
					`process.moduleLoadList.join('\\n')));\n`,
			);
			const streamOrTimers = new RegExp(
				String.raw`^NativeModule (stream|internal\/streams\/(readable|writable|duplex)` +
					String.raw`|internal\/fs\/sync_write_stream|timers\/promises)$`,
			);
			for (const target of [path.join(dir, 'out.txt'), '/dev/null']) {
				expect(await runInto(target, [trace], ['--require', preload])).toEqual({code: 0, stderr: ''});
				const loaded = readFileSync(record, 'utf8').split('\n');
				expect(loaded).toContain('NativeModule fs');
				expect(loaded.filter(name => streamOrTimers.test(name))).toEqual([]);
			}
		},
	);
});
