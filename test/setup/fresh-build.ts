/**
 * Vitest's global set-up: builds dist/ when it is older than what it is built from, so that a
 * test starting dist/cli.js never runs the program as it was before a source change. When
 * dist/ is up to date (as right after `npm test`'s own build) this is a walk of mtimes, no build.
 */
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {staleBuild} from '../../scripts/build-if-stale.mjs';

// One check for both: npm start's prestart runs the same script.
export {staleBuild};

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
