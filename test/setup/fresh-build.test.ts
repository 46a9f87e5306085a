// The tests' global set-up rebuilds dist/ when anything it is built from is newer, and only then.
import {mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
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
