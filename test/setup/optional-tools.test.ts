// A test that needs a tool the README does not require (fish, zsh, man) is skipped where the tool
// is missing, with one line at the end of the run naming what was skipped and why; under CI the
// same test fails. Shown by running vitest itself on the completion tests with fish and zsh
// taken out of PATH.
import {spawn} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {skippedToolsLine} from '../support/skip-reporter.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'penguin-view-tools-'));
afterAll(() => rmSync(work, {recursive: true, force: true}));

/** A folder of links to every command on PATH but `left out`: a PATH as this one, without them. */
function pathWithout(leftOut: readonly string[]): string {
	const bin = path.join(work, 'bin');
	mkdirSync(bin);
	const seen = new Set(leftOut);
	for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
		let names: string[];
		try {
			names = readdirSync(folder);
		} catch {
			continue;
		}
		for (const name of names) {
			if (seen.has(name)) continue;
			seen.add(name);
			symlinkSync(path.join(folder, name), path.join(bin, name));
		}
	}
	// vitest's workers start by process.execPath, the tests' shells by name.
	return bin;
}

/** vitest run on the completion tests of fish and zsh, with `env`: its exit code and output. */
function vitestOnCompletions(env: NodeJS.ProcessEnv): Promise<{code: number | null; output: string}> {
	const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
	const args = [
		vitest,
		'run',
		'test/cli/completions.test.ts',
		'-t',
		'completes flags, their values|registers its completion',
	];
	return new Promise(resolve => {
		const child = spawn(process.execPath, args, {cwd: root, env, stdio: ['ignore', 'pipe', 'pipe']});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
		child.on('close', code => resolve({code, output}));
	});
}

// The environment of a run of one's own: not this vitest's worker's, colour off.
const plainEnv = Object.fromEntries(
	Object.entries(process.env).filter(([name]) => !/^(VITEST|TEST$|NODE_ENV$|CI$)/.test(name)),
);

describe('a test that needs a tool the README does not require', () => {
	const PATH = pathWithout(['fish', 'zsh']);

	it('is skipped without it, and the run ends with one line saying so', async () => {
		const run = await vitestOnCompletions({...plainEnv, PATH, NO_COLOR: '1'});
		expect(run.code, run.output).toBe(0);
		expect(run.output).toMatch(
			/\n\s*skipped 2 tests: fish not installed \(completions\), zsh not installed \(completions\)\n/,
		);
		expect(run.output).not.toContain('is missing');
	}, 120_000);

	it('fails under CI, which installs every tool', async () => {
		const run = await vitestOnCompletions({...plainEnv, PATH, NO_COLOR: '1', CI: 'true'});
		expect(run.code, run.output).toBe(1);
		expect(run.output).toContain('fish is missing: .ci/run installs it (completions)');
		expect(run.output).toContain('zsh is missing: .ci/run installs it (completions)');
	}, 120_000);
});

it('counts each skipped test once and names each reason once', () => {
	expect(skippedToolsLine([])).toBeUndefined();
	expect(skippedToolsLine(['some other note'])).toBeUndefined();
	expect(skippedToolsLine(['man not installed (man page)'])).toBe('skipped 1 test: man not installed (man page)');
	expect(
		skippedToolsLine([
			'zsh not installed (completions)',
			'fish not installed (completions)',
			'fish not installed (completions)',
		]),
	).toBe('skipped 3 tests: fish not installed (completions), zsh not installed (completions)');
});
