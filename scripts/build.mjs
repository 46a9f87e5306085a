#!/usr/bin/env node
/**
 * The build: source/ (already type-checked by tsc) bundled into dist/ with esbuild.
 *
 * Why a bundle: Node 20 has no compile cache for ES modules, and each module it loads costs
 * a resolve, a read and a compile. Loading ~40 files of ours and the dependencies' own made
 * start-up about 35 ms slower than loading one file per entry (measured with
 * bench/first-frame.mjs on the 100 MB trace: best 174 → 136 ms). Code split at the dynamic
 * imports stays in its own chunk, so the screen's Ink is still loaded only when a screen
 * opens, and print mode never loads it.
 */
import {readFile} from 'node:fs/promises';
import {rmSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

/**
 * meow's bundled dependencies run two of their modules as soon as they load, for features
 * penguin-view never uses: normalize-package-data (with the SPDX licence lists, sorted with
 * localeCompare, which loads ICU's collator) and @babel/code-frame (for errors in a
 * package.json). That cost ~17 ms of every start (a bundle of meow alone: 115 → 97 ms; Node
 * itself is ~60). Both are only ever called through one function each, so those calls are
 * made lazy here. meow is pinned to ~14.1; if its code changes, the build says so.
 */
const lazyMeow = {
	name: 'lazy-meow',
	setup(builder) {
		builder.onLoad({filter: /[\\/]meow[\\/]build[\\/]dependencies\.js$/}, async args => {
			let contents = await readFile(args.path, 'utf8');
			const edits = [
				['var libExports = requireLib$1();', 'var libExports = {codeFrameColumns: (...args) => requireLib$1().codeFrameColumns(...args)};'],
				[
					'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);',
					'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);',
				],
			];
			for (const [from, to] of edits) {
				if (!contents.includes(from)) throw new Error(`scripts/build.mjs: meow's dependencies.js no longer has \`${from.split('\n')[0]}\`: update the lazy-meow plugin`);
				contents = contents.replace(from, to);
			}
			return {contents, loader: 'js'};
		});
	},
};

rmSync(outdir, {recursive: true, force: true});
await build({
	absWorkingDir: root,
	entryPoints: ['source/cli.tsx'],
	outdir,
	bundle: true,
	splitting: true,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	jsx: 'automatic',
	chunkNames: 'chunks/[name]-[hash]',
	// Ink loads the React devtools only when DEV=true, and lists them as optional: left out.
	external: ['react-devtools-core'],
	// Some bundled dependencies are CommonJS and call require(); an ES module has none.
	banner: {js: "import {createRequire as penguinViewRequire} from 'node:module'; const require = penguinViewRequire(import.meta.url);"},
	legalComments: 'linked',
	logLevel: 'warning',
	plugins: [lazyMeow],
});
