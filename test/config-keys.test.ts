// config.toml (source/config-keys.ts, settings.ts): the keys a person keeps, read once; the command line overrides
// them; a bad file is one line per problem naming the key, and the run goes on with the rest.
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {parseCommandLine} from '../source/command-line/parse-flags.js';
import {configOf, flagsWithConfig} from '../source/config-keys.js';
import {flags as flagTable} from '../source/flag-table.js';
import {readConfigFile} from '../source/settings.js';
import {makeTempDir, removeTempDir} from './support/io-fixtures.js';

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) removeTempDir(dir);
});

/** A config directory holding `text` as config.toml. */
function configDir(text: string): string {
	const dir = makeTempDir('penguin-view-config-');
	dirs.push(dir);
	writeFileSync(path.join(dir, 'config.toml'), text);
	return dir;
}

test('every key of the right type is read', async () => {
	const dir = configDir(
		'theme = "light"\nchop = true\nprogress = false\nlinks = false\nimages = false\nnotify = true\n',
	);
	expect(await readConfigFile(dir)).toEqual({
		values: {theme: 'light', chop: true, progress: false, links: false, images: false, notify: true},
		problems: [],
	});
});

test('no file, or no directory: every key at its default, nothing said', async () => {
	const dir = makeTempDir('penguin-view-config-');
	dirs.push(dir);
	expect(await readConfigFile(dir)).toEqual({values: {}, problems: []});
	expect(await readConfigFile(path.join(dir, 'missing'))).toEqual({values: {}, problems: []});
});

test('an unknown key and a wrong type are one line each naming the key; the good keys stay', async () => {
	const dir = configDir('theme = "blue"\nchop = "yes"\ncolour = 1\nnotify = true\n');
	const {values, problems} = await readConfigFile(dir);
	expect(values).toEqual({notify: true});
	const file = path.join(dir, 'config.toml');
	expect(problems).toEqual([
		`${file}: theme takes "auto", "dark", "light", not "blue"; it is ignored`,
		`${file}: chop takes true or false, not "yes"; it is ignored`,
		`${file}: unknown key 'colour' (the keys: theme, chop, progress, links, images, notify); it is ignored`,
	]);
});

test('a file that is not TOML is one line with its line number, and every key at its default', async () => {
	const dir = configDir('theme = "light"\nchop = = true\n');
	const {values, problems} = await readConfigFile(dir);
	expect(values).toEqual({});
	expect(problems).toHaveLength(1);
	expect(problems[0]).toMatch(/config\.toml line 2: not TOML \(.+\); every key at its default$/);
	expect(problems[0]).not.toContain('\n');
});

test('a directory in its place cannot be read: one line', async () => {
	const dir = makeTempDir('penguin-view-config-');
	dirs.push(dir);
	mkdirSync(path.join(dir, 'config.toml'));
	const {problems} = await readConfigFile(dir);
	expect(problems).toEqual([`${path.join(dir, 'config.toml')}: cannot be read (EISDIR); every key at its default`]);
});

test('a table or an array where a value belongs is named as such', () => {
	expect(configOf({theme: {a: 1}, links: [true]}).problems).toEqual([
		'theme takes "auto", "dark", "light", not a table; it is ignored',
		'links takes true or false, not an array; it is ignored',
	]);
});

test('the config gives the defaults, and the command line wins', () => {
	const table = flagsWithConfig(flagTable, {chop: true, theme: 'light', notify: true});
	const run = (argv: string[]) => {
		const line = parseCommandLine(argv, table);
		if (line.kind !== 'run') throw new Error(line.kind);
		return line.flags;
	};
	expect(run([])).toMatchObject({chop: true, theme: 'light', notify: true});
	expect(run(['--no-chop', '--theme', 'dark', '--no-notify'])).toMatchObject({
		chop: false,
		theme: 'dark',
		notify: false,
	});
	// Without a config: the table's own defaults.
	const plain = parseCommandLine([], flagTable);
	expect(plain.kind === 'run' && plain.flags).toMatchObject({chop: false, notify: false});
	expect(plain.kind === 'run' && plain.flags.theme).toBeUndefined();
});
