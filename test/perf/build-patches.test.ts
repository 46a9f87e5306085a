// The build's edits of dependencies (meow's and string-width's lazy start-up, Ink's measure,
// rows, sanitizeAnsi and measure cache) apply when node_modules is a symlink too (pnpm,
// workspaces, npm link), and a dependency that no longer has what an edit replaces stops the build with a message.
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, expect, test} from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const copies: string[] = [];
afterAll(() => {
	for (const copy of copies) rmSync(copy, {recursive: true, force: true});
});

/** The project's sources in a fresh directory whose node_modules is a symlink to this one's. */
function linkedCopy(): string {
	const copy = mkdtempSync(path.join(tmpdir(), 'penguin-view-build-'));
	copies.push(copy);
	for (const entry of ['scripts', 'source', 'package.json']) cpSync(path.join(root, entry), path.join(copy, entry), {recursive: true});
	symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
	return copy;
}

const build = (copy: string) => spawnSync(process.execPath, [path.join(copy, 'scripts', 'build.mjs')], {cwd: copy, encoding: 'utf8'});

function bundled(copy: string): string {
	const dist = path.join(copy, 'dist');
	const chunks = readdirSync(path.join(dist, 'chunks')).map(name => path.join(dist, 'chunks', name));
	return [path.join(dist, 'cli.js'), ...chunks].map(file => readFileSync(file, 'utf8')).join('\n');
}

test('with node_modules a symlink, every edit is in the bundle', () => {
	const copy = linkedCopy();
	const result = build(copy);
	expect(result.stderr.split('\n').filter(line => !/^\s+at /.test(line)).join('\n')).toBe('');
	expect(result.status).toBe(0);
	const code = bundled(copy);
	expect(code).toContain('segmenterOf()'); // string-width's segmenter built on first use
	expect(code).toContain('const foundPackage = options.pkg;'); // meow given package.json's fields by the build
	expect(code).not.toContain('readPackageUpSync'); // and its package.json reader left out
	expect(code).toContain('penguinViewRows ? penguinViewRows(this)'); // Ink's rows remembered
	expect(code).toMatch(/widestLine[\s\S]{0,200}inkStringWidth|inkStringWidth[\s\S]{0,2000}widestLine/); // Ink's measure
	expect(code).toMatch(/= rememberSanitized\(sanitizeAnsi\d*\)/); // Ink's sanitizeAnsi remembered
	expect(code).toMatch(/if \(cache\d*\.size >= 1024\) cache\d*\.clear\(\);\s+cache\d*\.set\(text, dimensions\)/); // Ink's measures, bounded
}, 120_000);

test('an edit that no longer applies stops the build, saying which', () => {
	const copy = linkedCopy();
	const script = path.join(copy, 'scripts', 'build.mjs');
	// As if string-width had changed: the text an edit replaces is not there.
	writeFileSync(script, readFileSync(script, 'utf8').replace("['const segmenter = new Intl.Segmenter();',", "['const segmenter = new Intl.Segmenter({changed: true});',"));
	const result = build(copy);
	expect(result.status).not.toBe(0);
	expect(result.stderr).toContain('string-width no longer has `const segmenter = new Intl.Segmenter({changed: true});`');
}, 120_000);
