// Node's compile cache (Node 22.1+; Node 20 has none): the built program keeps the bundle's compiled code under the
// temporary folder, and a folder it cannot write changes nothing the user sees.
import {existsSync, readdirSync, writeFileSync} from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import {afterAll, expect, it} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const trace = path.join(fixturesDir, 'traces', 'session-2026-12-02-14-45-42-8e7b556c_002.jsonl');
const dir = makeTempDir('penguin-view-compile-cache-');
afterAll(() => removeTempDir(dir));

// The Node running the tests runs the program too. (An environment value left undefined is not passed on: spawn skips
// it.)
const cacheable = typeof (module as {enableCompileCache?: unknown}).enableCompileCache === 'function';

it(
	`the compiled bundle is kept in TMPDIR/node-compile-cache ` +
		`${cacheable ? '(this Node has the cache)' : '(this Node has none: nothing is written)'}`,
	async () => {
		const tmp = makeTempDir('penguin-view-tmp-');
		try {
			const first = await runCli(['--no-follow', trace], {
				env: {TMPDIR: tmp, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined},
			});
			expect(first.code).toBe(0);
			expect(first.stderr).toBe('');
			const folder = path.join(tmp, 'node-compile-cache');
			expect(existsSync(folder)).toBe(cacheable);
			if (cacheable) expect(readdirSync(folder).length).toBeGreaterThan(0);
			// A start that reads it back prints the same.
			const second = await runCli(['--no-follow', trace], {
				env: {TMPDIR: tmp, NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined},
			});
			expect(second).toEqual(first);
		} finally {
			removeTempDir(tmp);
		}
	},
);

it('a temporary folder where no cache can be made: the same output, nothing on stderr, exit 0', async () => {
	const file = path.join(dir, 'not-a-folder');
	writeFileSync(file, '');
	const usual = await runCli(['--no-follow', trace], {env: {TMPDIR: dir}});
	const blocked = await runCli(['--no-follow', trace], {
		env: {TMPDIR: path.join(file, 'tmp'), NODE_COMPILE_CACHE: undefined, NODE_DISABLE_COMPILE_CACHE: undefined},
	});
	expect(blocked).toEqual({code: 0, stdout: usual.stdout, stderr: ''});
	expect(usual.stdout).toContain('── session totals');
});
