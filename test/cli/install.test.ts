// Installed as a user installs it: the packed tarball (of the dist/ the build made), installed
// globally into a temporary prefix with an empty npm cache and no network, runs no install
// script, stays small, answers --version, brings its man page, completes in bash, and reads a
// TOML price table (smol-toml, bundled in a chunk of its own that loads on first use).
import {spawnSync, type SpawnSyncReturns} from 'node:child_process';
import {existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {tools} from '../commands/data-root.js';
import {configToml, secret} from '../cost/price-config.js';
import {needTool} from '../support/optional-tool.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
};
const work = mkdtempSync(path.join(tmpdir(), 'penguin-view-install-'));
const prefix = path.join(work, 'prefix');
const bin = path.join(prefix, 'bin', 'penguin-view');

// npm run from `npm test` passes its settings down as npm_* variables: the npm here must not inherit them.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
const run = (command: string, args: string[], extra: NodeJS.ProcessEnv = {}): SpawnSyncReturns<string> =>
	spawnSync(command, args, {cwd: work, encoding: 'utf8', env: {...env, ...extra}, timeout: 120_000});

/** Bytes of every file under `folder`, links counted as links. */
function sizeOf(folder: string): number {
	let total = 0;
	for (const entry of readdirSync(folder, {recursive: true, encoding: 'utf8'}))
		total += lstatSync(path.join(folder, entry)).size;
	return total;
}

let install: SpawnSyncReturns<string>;

beforeAll(() => {
	if (!existsSync(path.join(root, 'dist', 'cli.js')) || !existsSync(path.join(root, 'dist', 'penguin-view.1'))) {
		throw new Error('dist/ is not built: run `npm run build` (npm test does) first');
	}
	// The build is the one npm test just made: packing without prepack does not build again.
	const pack = run('npm', ['pack', '--ignore-scripts', '--pack-destination', work, root]);
	expect(pack.status, pack.stderr).toBe(0);
	const tarball = path.join(work, pack.stdout.trim().split('\n').at(-1)!);
	install = run('npm', [
		'install',
		'--global',
		'--prefix',
		prefix,
		'--cache',
		path.join(work, 'cache'),
		'--offline',
		'--no-audit',
		'--no-fund',
		tarball,
	]);
}, 180_000);

afterAll(() => rmSync(work, {recursive: true, force: true}));

describe('a global install of the packed tarball', () => {
	it('installs offline with an empty cache, one package and no install-scripts warning', () => {
		expect(install.status, install.stderr).toBe(0);
		expect(install.stdout).toContain('added 1 package');
		expect(`${install.stdout}${install.stderr}`).not.toContain('install-scripts');
	});

	it('takes at most 10 MB', () => {
		expect(existsSync(bin), 'not installed').toBe(true);
		expect(sizeOf(prefix)).toBeLessThanOrEqual(10 * 1024 * 1024);
	});

	it('answers --version from the installed command', () => {
		const version = run(bin, ['--version']);
		expect(version.stderr).toBe('');
		expect(version.stdout.trim()).toBe(packageJson.version);
	});

	it('brings a man page that man renders', ctx => {
		needTool(ctx, 'man', 'the installed man page');
		const page = path.join(prefix, 'share', 'man', 'man1', 'penguin-view.1');
		const man = run('man', ['-l', page], {LC_ALL: 'C.UTF-8', MANWIDTH: '80', MANPAGER: 'cat', PAGER: 'cat'});
		expect(man.stderr).toBe('');
		expect(man.stdout).toMatch(/^PENGUIN-VIEW\(1\)/);
		expect(man.stdout).toContain('--completions SHELL');
		expect(man.stdout).toMatch(/j ↓ +the cursor a row down/);
	});

	it('completes --ss to --sse in bash once its completion script is loaded', () => {
		const script = [
			`source <(${JSON.stringify(bin)} --completions bash)`,
			'complete -p penguin-view',
			'COMP_WORDS=(penguin-view --ss); COMP_CWORD=1',
			'_penguin_view',
			'printf "reply:%s\\n" "${COMPREPLY[@]}"',
		].join('\n');
		const bash = run('bash', ['--norc', '--noprofile', '-c', script]);
		expect(bash.stderr).toBe('');
		expect(bash.stdout).toBe('complete -F _penguin_view penguin-view\nreply:--sse\n');
	});

	it('prices a trace from a TOML file given with --prices', () => {
		const prices = path.join(work, 'prices.toml');
		writeFileSync(prices, configToml);
		const stats = run(bin, [
			'--stats',
			'--prices',
			prices,
			path.join(root, 'test', 'fixtures', 'traces', `${tools}_001.jsonl`),
		]);
		expect(stats.stderr).toBe('');
		expect(stats.stdout).toMatch(/^Cost {8}\$0\.\d+$/m);
		expect(stats.stdout).not.toContain(secret);
	});
});
