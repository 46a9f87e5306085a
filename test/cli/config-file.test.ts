// config.toml as a person meets it: a bad file is a line on stderr per problem (naming the file and the key), never a
// crash, and the run goes on; --help and the man page name the file and its keys.
import {readFileSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {cliPath, runCli} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const trace = path.join(fixturesDir, 'traces', 'session-2026-12-02-14-43-08-07326dfd_001.jsonl');
const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) removeTempDir(dir);
});

/** An XDG_CONFIG_HOME whose penguin-view/config.toml holds `text`. */
function xdgWith(text: string): string {
	const xdg = makeTempDir('penguin-view-xdg-');
	dirs.push(xdg);
	mkdirSync(path.join(xdg, 'penguin-view'));
	writeFileSync(path.join(xdg, 'penguin-view', 'config.toml'), text);
	return xdg;
}

test('a bad config file: one line per problem naming the key, then the trace printed as without it', async () => {
	const plain = await runCli(['--print', trace], {env: {XDG_CONFIG_HOME: xdgWith('')}});
	expect(plain.code).toBe(0);
	expect(plain.stderr).toBe('');
	// A key with an escape in it (TOML's \u001b in a quoted key).
	const xdg = xdgWith('theme = "sepia"\n"col\\u001b[31mour" = 1\n');
	const bad = await runCli(['--print', trace], {env: {XDG_CONFIG_HOME: xdg}});
	expect(bad.code).toBe(0);
	expect(bad.stdout).toBe(plain.stdout);
	const file = path.join(xdg, 'penguin-view', 'config.toml');
	const lines = bad.stderr.trimEnd().split('\n');
	expect(lines).toHaveLength(2);
	expect(lines[0]).toBe(`penguin-view: ${file}: theme takes "auto", "dark", "light", not "sepia"; it is ignored`);
	expect(lines[1]).toMatch(/^penguin-view: .*unknown key 'col.*our'/);
	// The file's text is untrusted: no escape reaches the terminal.
	expect(bad.stderr).not.toContain('\u001b');
});

test('a file that is not TOML: one line with its line, never a stack trace', async () => {
	const result = await runCli(['--print', trace], {env: {XDG_CONFIG_HOME: xdgWith('[penguin\nchop = true\n')}});
	expect(result.code).toBe(0);
	const lines = result.stderr.trimEnd().split('\n');
	expect(lines).toHaveLength(1);
	expect(lines[0]).toMatch(/^penguin-view: .*config\.toml line 1: not TOML \(.+\); every key at its default$/);
	expect(result.stderr).not.toMatch(/\bat .*\.js:\d+/);
});

test('--theme takes auto, dark or light', async () => {
	const result = await runCli(['--theme', 'sepia', trace], {env: {XDG_CONFIG_HOME: xdgWith('')}});
	expect(result.code).toBe(2);
	expect(result.stderr).toBe("penguin-view: --theme takes auto, dark or light, not 'sepia' (try --help)\n");
});

test('--help and the man page name the file and every key', async () => {
	const help = (await runCli(['--help'])).stdout;
	const man = readFileSync(path.join(path.dirname(cliPath), 'penguin-view.1'), 'utf8');
	expect(help).toContain('config.toml');
	expect(help).toContain('~/.config/penguin-view');
	expect(man).toContain('.SH CONFIG FILE');
	for (const key of ['theme = "auto" | "dark" | "light"', 'chop', 'progress', 'links', 'images', 'notify']) {
		expect(help).toContain(key);
		expect(man).toContain(key.replaceAll('"', String.raw`\(dq`));
	}
});
