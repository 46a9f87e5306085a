// What every start loads of the bundle: dist/cli.js, the program it imports (after turning Node's compile cache on:
// source/start.ts) and the chunks that imports statically. Node
// reads, resolves and compiles each file on its own (0.5–1 ms a file), so the entry's code is
// one chunk rather than one per set of dynamic imports sharing it (scripts/build.mjs,
// docs/performance.md); the screen's Ink stays out of what every start loads, and so does any
// argument-parser package.
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {expect, test} from 'vitest';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The files of dist/ that loading `entry` loads: its static imports, followed. */
function staticallyLoaded(entry: string): string[] {
	const seen = new Set([entry]);
	const queue = [entry];
	while (queue.length > 0) {
		const file = queue.pop()!;
		const code = readFileSync(file, 'utf8');
		// esbuild writes each static import of a chunk as `from "./…js"` or `import "./…js"`.
		for (const match of code.matchAll(/(?:^|\n)(?:import|export)\s[^;]*?(?:from\s*)?"(\.{1,2}\/[^"]+\.js)";/g)) {
			const target = path.resolve(path.dirname(file), match[1]!);
			if (seen.has(target)) continue;
			seen.add(target);
			queue.push(target);
		}
	}
	return [...seen];
}

/**
 * The files every start loads: dist/cli.js, and the program it imports at its top (source/start.ts) with what that
 * imports statically.
 */
function startLoaded(): string[] {
	const entry = path.join(dist, 'cli.js');
	const program = /^await import\("(\.\/chunks\/[^"]+\.js)"\);$/m.exec(readFileSync(entry, 'utf8'))?.[1];
	return [
		...new Set([
			...staticallyLoaded(entry),
			...(program === undefined ? [] : staticallyLoaded(path.join(dist, program))),
		]),
	];
}

test('a start loads the entry and a few chunks, not one file per shared module', () => {
	const files = startLoaded();
	// cli.js, the program (cli.tsx, its own small file) and the entry's chunk: a package imported
	// dynamically (string-width, smol-toml, chokidar, Ink's devtools) put the code it shares with
	// the entry in a file of its own.
	expect(files.length).toBeLessThanOrEqual(3);
	const code = files.map(file => readFileSync(file, 'utf8')).join('\n');
	// The entry's own code is all there (print mode's store and reader among it); Ink is not.
	expect(code).toContain('// source/model/session-store.ts');
	expect(code).toContain('// source/io/trace-follower.ts');
	expect(code).not.toContain('// node_modules/ink/');
});

test('a start parses the command line with node:util, loading no argument-parser package', () => {
	const code = startLoaded()
		.map(file => readFileSync(file, 'utf8'))
		.join('\n');
	// meow and what it bundled (yargs-parser, normalize-package-data's SPDX lists) cost ~30 ms of every start.
	expect(code).not.toMatch(/\/\/ node_modules\/(meow|yargs-parser|yargs|minimist|commander|normalize-package-data)\//);
	expect(code).toContain('// source/command-line/parse-flags.ts');
});

test(
	"a start loads none of the screen's own reading: its " + 'held texts, their byte search, the tail-first opening',
	() => {
		const code = startLoaded()
			.map(file => readFileSync(file, 'utf8'))
			.join('\n');
		// ~33 kB that print mode never runs: compiling them cost every start ~1 ms (docs/performance.md).
		for (const module of [
			'io/held-texts.ts',
			'io/held-scan.ts',
			'model/byte-search.ts',
			'fastpath/byte-kernel.ts',
			'io/tail-first.ts',
		])
			expect(code).not.toContain(`// source/${module}`);
		// Print mode's own reading is there.
		expect(code).toContain('// source/io/trace-follower.ts');
	},
);
