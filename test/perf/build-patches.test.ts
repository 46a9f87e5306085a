// The build's edits of dependencies (string-width's lazy start-up, Ink's measure, rows,
// sanitizeAnsi and measure cache) apply when node_modules is a symlink too (pnpm, workspaces,
// npm link); an edit applies exactly once or stops the build with a message.
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
// @ts-expect-error: a script of the build, in JavaScript without types.
import {applyEdits} from '../../scripts/build-edits.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const copies: string[] = [];
afterAll(() => {
	for (const copy of copies) rmSync(copy, {recursive: true, force: true});
});

/** The project's sources in a fresh directory whose node_modules is a symlink to this one's. */
function linkedCopy(): string {
	const copy = mkdtempSync(path.join(tmpdir(), 'penguin-view-build-'));
	copies.push(copy);
	for (const entry of ['scripts', 'source', 'package.json'])
		cpSync(path.join(root, entry), path.join(copy, entry), {recursive: true});
	symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
	return copy;
}

const build = (copy: string) =>
	spawnSync(process.execPath, [path.join(copy, 'scripts', 'build.mjs')], {cwd: copy, encoding: 'utf8'});

function bundled(copy: string): string {
	const dist = path.join(copy, 'dist');
	const chunks = readdirSync(path.join(dist, 'chunks')).map(name => path.join(dist, 'chunks', name));
	return [path.join(dist, 'cli.js'), ...chunks].map(file => readFileSync(file, 'utf8')).join('\n');
}

test('with node_modules a symlink, every edit is in the bundle', () => {
	const copy = linkedCopy();
	const result = build(copy);
	expect(
		result.stderr
			.split('\n')
			.filter(line => !/^\s+at /.test(line))
			.join('\n'),
	).toBe('');
	expect(result.status).toBe(0);
	const code = bundled(copy);
	expect(code).toContain('segmenterOf()'); // string-width's segmenter built on first use
	expect(code).toContain('return penguinViewRows(this);'); // Ink's rows remembered
	expect(code).toMatch(/widestLine[\s\S]{0,200}inkStringWidth|inkStringWidth[\s\S]{0,2000}widestLine/); // Ink's measure
	expect(code).toMatch(/= rememberSanitized\(sanitizeAnsi\d*\)/); // Ink's sanitizeAnsi remembered
	// Ink's measures, bounded
	expect(code).toMatch(/if \(cache\d*\.size >= 1024\) cache\d*\.clear\(\);\s+cache\d*\.set\(text, dimensions\)/);
}, 120_000);

test("the bundle holds React's production build alone: the program sets no NODE_ENV of its own", () => {
	const code = bundled(root);
	expect(code).toContain('node_modules/react/cjs/react.production.js');
	expect(code).toContain('node_modules/react-reconciler/cjs/react-reconciler.production.js');
	expect(code).not.toContain('react.development.js');
	expect(code).not.toContain('react-reconciler.development.js');
	expect(code).not.toContain('process.env.NODE_ENV');
});

test('an edit that no longer applies stops the build, saying which', () => {
	const copy = linkedCopy();
	const script = path.join(copy, 'scripts', 'build.mjs');
	// As if string-width had changed: the text an edit replaces is not there.
	writeFileSync(
		script,
		readFileSync(script, 'utf8').replace(
			"'const segmenter = new Intl.Segmenter();',",
			"'const segmenter = new Intl.Segmenter({changed: true});',",
		),
	);
	const result = build(copy);
	expect(result.status).not.toBe(0);
	expect(result.stderr).toContain(
		'string-width has `const segmenter = new Intl.Segmenter({changed: true});` no longer: update its edits',
	);
}, 120_000);

describe('applyEdits', () => {
	const edits: Array<[string, string]> = [
		[
			'const segmenter = new Intl.Segmenter();',
			'let segmenter;\nconst segmenterOf = () => (segmenter ??= new Intl.Segmenter());',
		],
		['segmenter.segment(string)', 'segmenterOf().segment(string)'],
	];
	const gone = [/\bsegmenter\./];

	test('applies each edit once', () => {
		const text = 'const segmenter = new Intl.Segmenter();\nfor (const x of segmenter.segment(string)) f(x);';
		expect(applyEdits('string-width', text, edits, gone)).toBe(
			'let segmenter;\nconst segmenterOf = () => (segmenter ??= new Intl.Segmenter());\nfor (const x of ' +
				'segmenterOf().segment(string)) f(x);',
		);
	});

	test('an old text found twice stops the build: replacing the first alone would build, then throw at run time', () => {
		const text = 'const segmenter = new Intl.Segmenter();\nsegmenter.segment(string);\nsegmenter.segment(string);';
		expect(() => applyEdits('string-width', text, edits, gone)).toThrow(
			'string-width has `segmenter.segment(string)` 2 times, not once',
		);
	});

	test('an old text not found stops the build', () => {
		expect(() => applyEdits('string-width', 'const segmenter = new Intl.Segmenter({v: 2});', edits, gone)).toThrow(
			'string-width has `const segmenter = new Intl.Segmenter();` no longer',
		);
	});

	test('a use of a replaced name the edits did not foresee stops the build', () => {
		const text = 'const segmenter = new Intl.Segmenter();\nsegmenter.segment(string);\n[...segmenter.segment(other)];';
		expect(() => applyEdits('string-width', text, edits, gone)).toThrow(
			'string-width still uses `/\\bsegmenter\\./` after its edits',
		);
	});

	test(
		'a new text that keeps the old one inside it (an import ' + 'added after an import) is one edit, not a leftover',
		() => {
			expect(
				applyEdits('ink/build/output.js', "import a from 'a';\nx();", [
					["import a from 'a';", "import a from 'a';\nimport b from 'b';"],
				]),
			).toBe("import a from 'a';\nimport b from 'b';\nx();");
		},
	);
});
