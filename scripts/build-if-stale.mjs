#!/usr/bin/env node
/**
 * `npm start`'s prestart, and the tests' global set-up (test/setup/fresh-build.ts): dist/ is built
 * again only when something it is built from is newer than it, so that an unchanged checkout
 * starts at once. Run as a script, it builds when stale and says why on stderr.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** What the build reads: everything under source/, scripts/build*.mjs and package.json. */
function inputs(root) {
	const scripts = path.join(root, 'scripts');
	const sourceDir = path.join(root, 'source');
	return [
		...readdirSync(sourceDir, {recursive: true, encoding: 'utf8'}).map(file => path.join(sourceDir, file)),
		...(existsSync(scripts) ? readdirSync(scripts).filter(file => /^build.*\.mjs$/.test(file)) : []).map(file =>
			path.join(scripts, file),
		),
		path.join(root, 'package.json'),
	];
}

/** Why `root`'s build is out of date (a file newer than it, or no build), or undefined when it is not. */
export function staleBuild(root) {
	const built = path.join(root, 'dist', 'cli.js');
	if (!existsSync(built)) return 'dist/cli.js is missing';
	// The build empties dist/ and writes cli.js after reading every input: its mtime is when it was built.
	const builtAt = statSync(built).mtimeMs;
	for (const file of inputs(root)) {
		const stat = statSync(file, {throwIfNoEntry: false});
		if (stat?.isFile() && stat.mtimeMs > builtAt) return `${path.relative(root, file)} is newer than dist/`;
	}
	return undefined;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const root = fileURLToPath(new URL('..', import.meta.url));
	const why = staleBuild(root);
	if (why !== undefined) {
		process.stderr.write(`${why}: npm run build\n`);
		const build = spawnSync('npm', ['run', 'build', '--silent'], {cwd: root, stdio: 'inherit'});
		process.exitCode = build.status ?? 1;
	}
}
