// The tests' global set-up and npm start's prestart rebuild dist/ when anything it is built from is newer, and only
// then.
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, expect, test} from 'vitest';
import {staleBuild} from './fresh-build.js';

const root = mkdtempSync(path.join(tmpdir(), 'penguin-view-fresh-'));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function file(relative: string, secondsAgo: number): void {
	const full = path.join(root, relative);
	mkdirSync(path.dirname(full), {recursive: true});
	writeFileSync(full, '');
	const at = new Date(Date.now() - secondsAgo * 1000);
	utimesSync(full, at, at);
}

test('a build newer than every input is fresh; an input edited after it makes it stale', () => {
	file('source/ui/screen/keymap.ts', 60);
	file('scripts/build.mjs', 60);
	file('scripts/bench-notes.mjs', 1);
	file('package.json', 60);
	expect(staleBuild(root)).toBe('dist/cli.js is missing');
	file('dist/cli.js', 30);
	// scripts/ other than build*.mjs do not count.
	expect(staleBuild(root)).toBeUndefined();
	file('source/ui/screen/keymap.ts', 10);
	expect(staleBuild(root)).toBe(`${path.join('source', 'ui', 'screen', 'keymap.ts')} is newer than dist/`);
	file('source/ui/screen/keymap.ts', 60);
	file('scripts/build.mjs', 10);
	expect(staleBuild(root)).toBe(`${path.join('scripts', 'build.mjs')} is newer than dist/`);
	file('scripts/build.mjs', 60);
	file('package.json', 10);
	expect(staleBuild(root)).toBe('package.json is newer than dist/');
});

test("npm start's prestart builds only a stale checkout, and says why", () => {
	const checkout = mkdtempSync(path.join(tmpdir(), 'penguin-view-prestart-'));
	try {
		const script = path.join(checkout, 'scripts', 'build-if-stale.mjs');
		mkdirSync(path.dirname(script), {recursive: true});
		copyFileSync(fileURLToPath(new URL('../../scripts/build-if-stale.mjs', import.meta.url)), script);
		// A build that leaves a mark: whether the script ran it.
		const build = `node -e "require('fs').writeFileSync('built', '')"`;
		writeFileSync(path.join(checkout, 'package.json'), JSON.stringify({name: 'x', version: '0.0.0', scripts: {build}}));
		// npm run from `npm test` passes its settings down as npm_* variables: the npm here must not inherit them.
		const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
		const run = () => spawnSync(process.execPath, [script], {cwd: checkout, encoding: 'utf8', env});
		const at = (relative: string, secondsAgo: number) => {
			const full = path.join(checkout, relative);
			mkdirSync(path.dirname(full), {recursive: true});
			if (!existsSync(full)) writeFileSync(full, '');
			const time = new Date(Date.now() - secondsAgo * 1000);
			utimesSync(full, time, time);
		};
		at('source/cli.tsx', 60);
		at('package.json', 60);
		at('scripts/build-if-stale.mjs', 60);
		at('dist/cli.js', 30);
		const fresh = run();
		expect({status: fresh.status, stderr: fresh.stderr, built: existsSync(path.join(checkout, 'built'))}).toEqual({
			status: 0,
			stderr: '',
			built: false,
		});
		at('source/cli.tsx', 10);
		const stale = run();
		expect(stale.status).toBe(0);
		expect(stale.stderr).toContain(`${path.join('source', 'cli.tsx')} is newer than dist/: npm run build`);
		expect(existsSync(path.join(checkout, 'built'))).toBe(true);
	} finally {
		rmSync(checkout, {recursive: true, force: true});
	}
});
