// `--completions bash|zsh|fish`, loaded into each real shell: flags, the values of --expand
// (a comma list), --export and --completions, file names, the session ids under $PENGUIN_HOME and
// the subcommands.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli} from '../helpers/run-cli.js';
import {needTool} from '../support/optional-tool.js';

const work = mkdtempSync(path.join(tmpdir(), 'penguin-view-completions-'));
// A data root in PenguinHarness's layout: one session of two shards, one of one.
const dataRoot = path.join(work, 'data');
const scripts: Record<'bash' | 'zsh' | 'fish', string> = {bash: '', zsh: '', fish: ''};
const ids = ['session-2026-12-02-14-43-08-07326dfd', 'session-2026-12-02-14-45-42-8e7b556c'];

beforeAll(async () => {
	const dateFolder = path.join(dataRoot, 'project', 'agents', 'main', 'traces', '2026-12-02');
	mkdirSync(dateFolder, {recursive: true});
	for (const name of [`${ids[0]}_001.jsonl`, `${ids[1]}_001.jsonl`, `${ids[1]}_002.jsonl`]) {
		copyFileSync(path.join(fixturesDir, 'traces', name), path.join(dateFolder, name));
	}
	writeFileSync(path.join(work, 'trace-copy.jsonl'), '');
	for (const shell of ['bash', 'zsh', 'fish'] as const) {
		const result = await runCli(['--completions', shell]);
		expect(result.code, result.stderr).toBe(0);
		scripts[shell] = path.join(work, `completion.${shell}`);
		writeFileSync(scripts[shell], result.stdout);
	}
});

afterAll(() => rmSync(work, {recursive: true, force: true}));

const shellEnv = {...process.env, PENGUIN_HOME: dataRoot, HOME: work};

/** What bash's completion function offers for the words typed (the last one being completed). */
function bash(...words: string[]): string[] {
	const script = [
		`source ${JSON.stringify(scripts.bash)}`,
		`COMP_WORDS=(penguin-view ${words.map(word => `'${word}'`).join(' ')}); COMP_CWORD=${words.length}`,
		'_penguin_view',
		'printf "%s\\n" "${COMPREPLY[@]}"',
	].join('\n');
	const result = spawnSync('bash', ['--norc', '--noprofile', '-c', script], {
		cwd: work,
		encoding: 'utf8',
		env: shellEnv,
	});
	expect(result.stderr).toBe('');
	return result.stdout.split('\n').filter(Boolean).sort();
}

/** What fish offers for a command line (its own `complete -C`), without the descriptions. */
function fish(line: string): string[] {
	const result = spawnSync(
		'fish',
		['--no-config', '-c', `source ${JSON.stringify(scripts.fish)}; complete -C ${JSON.stringify(line)}`],
		{cwd: work, encoding: 'utf8', env: shellEnv},
	);
	expect(result.stderr).toBe('');
	return result.stdout
		.split('\n')
		.filter(Boolean)
		.map(row => row.split('\t')[0]!)
		.sort();
}

describe('bash', () => {
	it('completes flags, and the values of those that take known ones', () => {
		expect(bash('--ss')).toEqual(['--sse']);
		expect(bash('--no-')).toEqual([
			'--no-bell',
			'--no-color',
			'--no-follow',
			'--no-images',
			'--no-links',
			'--no-progress',
		]);
		expect(bash('--export', '')).toEqual(['html', 'json', 'md', 'sts']);
		expect(bash('--completions', 'f')).toEqual(['fish']);
	});

	it('completes --expand as a comma list, and after --flag=', () => {
		expect(bash('--expand', 'thinking,o')).toEqual(['thinking,outputs']);
		// bash splits --export=j into --export, = and j.
		expect(bash('--export', '=', 'j')).toEqual(['json']);
	});

	it('completes the trace argument with file names and the session ids under $PENGUIN_HOME', () => {
		expect(bash('session-2026-12-02-14-4')).toEqual(ids);
		expect(bash('trace-')).toEqual(['trace-copy.jsonl']);
	});

	it('completes the subcommands as the first word only', () => {
		expect(bash('log')).toEqual(['login', 'logout']);
		expect(bash('--print', 'log')).toEqual([]);
	});
});

describe('fish', () => {
	it('completes flags, their values, file names and session ids', ctx => {
		needTool(ctx, 'fish', 'completions');
		expect(fish('penguin-view --ss')).toEqual(['--sse']);
		expect(fish('penguin-view --export ')).toEqual(['html', 'json', 'md', 'sts']);
		expect(fish('penguin-view --expand thinking,o')).toEqual(['thinking,outputs']);
		expect(fish('penguin-view session-2026-12-02-14-4')).toEqual(ids);
		expect(fish('penguin-view trace-')).toEqual(['trace-copy.jsonl']);
		expect(fish('penguin-view log')).toEqual(['login', 'logout']);
	});
});

describe('zsh', () => {
	it('loads and registers its completion function', ctx => {
		needTool(ctx, 'zsh', 'completions');
		const script =
			`autoload -U compinit && compinit -u -D && source ${JSON.stringify(scripts.zsh)} && print -r -- ` +
			'$_comps[penguin-view]';
		const result = spawnSync('zsh', ['-f', '-c', script], {cwd: work, encoding: 'utf8', env: shellEnv});
		expect(result.stderr).toBe('');
		expect(result.stdout).toBe('_penguin-view\n');
	});
});

it('refuses a shell it has no script for, in one line', async () => {
	const result = await runCli(['--completions', 'powershell']);
	expect(result.code).toBe(2);
	expect(result.stderr).toBe("penguin-view: --completions takes bash, zsh or fish, not 'powershell' (try --help)\n");
});
