/**
 * Vitest's global set-up: builds dist/ when it is older than what it is built from, so that a
 * test starting dist/cli.js never runs the program as it was before a source change. When
 * dist/ is up to date (as right after `npm test`'s own build) this is a walk of mtimes, no build.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** What the build reads: everything under source/, scripts/build*.mjs and package.json. */
function inputs(root: string): string[] {
	const scripts = path.join(root, 'scripts');
	const sourceDir = path.join(root, 'source');
	return [
		...readdirSync(sourceDir, {recursive: true, encoding: 'utf8'}).map(file => path.join(sourceDir, file)),
		...(existsSync(scripts)
			? readdirSync(scripts)
					.filter(file => /^build.*\.mjs$/.test(file))
					.map(file => path.join(scripts, file))
			: []),
		path.join(root, 'package.json'),
	];
}

/** Why `root`'s build is out of date (a file newer than it, or no build), or undefined when it is not. */
export function staleBuild(root: string): string | undefined {
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

export default function setup(): void {
	const root = fileURLToPath(new URL('../..', import.meta.url));
	const why = staleBuild(root);
	if (why === undefined) return;
	process.stderr.write(`test set-up: ${why}: npm run build\n`);
	try {
		// Its output (tsc's errors among it) goes to stderr, beside vitest's own.
		execFileSync('npm', ['run', 'build', '--silent'], {cwd: root, stdio: ['ignore', process.stderr, 'inherit']});
	} catch {
		throw new Error(
			'test set-up: `npm run build` failed (its errors are above); the tests would run an old dist/cli.js',
		);
	}
}
