// --version and --help say what package.json says, wherever the built program is: the build
// gives the program the package's fields, and it never looks for a package.json at start.
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, expect, test} from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	version: string;
	description: string;
};
// A copy of the build with no package.json anywhere above it.
const away = mkdtempSync(path.join(tmpdir(), 'penguin-view-dist-'));
cpSync(path.join(root, 'dist'), away, {recursive: true});
afterAll(() => rmSync(away, {recursive: true, force: true}));

const run = (...args: string[]) =>
	spawnSync(process.execPath, [path.join(away, 'cli.js'), ...args], {
		encoding: 'utf8',
		env: {...process.env, CI: 'false'},
	});

test(
	'--version prints the package version and --help starts ' + 'with its description, from a build copied anywhere',
	() => {
		const version = run('--version');
		expect(version.status).toBe(0);
		expect(version.stdout.trim()).toBe(packageJson.version);
		const help = run('--help');
		expect(help.status).toBe(0);
		expect(help.stdout.trimStart().startsWith(packageJson.description)).toBe(true);
	},
);
