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
 * Work two dependencies do as soon as they load, made lazy in the bundle: each edit swaps a
 * value built at load for one built on first use, and changes nothing else. The versions
 * are pinned (~); if a file no longer has what an edit replaces, the build stops and says so.
 *
 * - meow's bundled dependencies run normalize-package-data (with the SPDX licence lists,
 *   sorted with localeCompare, which loads ICU's collator) and @babel/code-frame (for errors
 *   in a package.json), for features penguin-view never uses: ~17 ms of every start (a
 *   bundle of meow alone: 115 → 97 ms; Node itself is ~60).
 * - string-width builds an Intl.Segmenter (~14 ms: ICU's break data) and its RGI emoji
 *   expression (~14 ms: the `v` flag expands every emoji sequence) when it loads. Print mode
 *   loads it before printing, but measures with it only text with tabs or carriage returns
 *   beside something not ASCII: most traces never do. (Only penguin-view's own copy: Ink's
 *   copies are other versions, and the screen measures with them at once anyway.)
 */
const lazyEdits = [
	{
		file: `${root}node_modules/meow/build/dependencies.js`,
		edits: [
			['var libExports = requireLib$1();', 'var libExports = {codeFrameColumns: (...args) => requireLib$1().codeFrameColumns(...args)};'],
			[
				'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);',
				'const normalizePackageData = (...args) => getDefaultExportFromCjs(requireNormalize())(...args);',
			],
		],
	},
	{
		file: `${root}node_modules/string-width/index.js`,
		edits: [
			['const segmenter = new Intl.Segmenter();', 'let segmenter;\nconst segmenterOf = () => (segmenter ??= new Intl.Segmenter());'],
			['const rgiEmojiRegex = /^\\p{RGI_Emoji}$/v;', 'let rgiEmojiRegex;\nconst rgiEmojiOf = () => (rgiEmojiRegex ??= /^\\p{RGI_Emoji}$/v);'],
			['segmenter.segment(string)', 'segmenterOf().segment(string)'],
			['rgiEmojiRegex.test(segment)', 'rgiEmojiOf().test(segment)'],
		],
	},
];

const lazyOnLoad = {
	name: 'lazy-on-load',
	setup(builder) {
		for (const {file, edits} of lazyEdits) {
			const exact = new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
			builder.onLoad({filter: exact}, async args => {
				let contents = await readFile(args.path, 'utf8');
				for (const [from, to] of edits) {
					if (!contents.includes(from)) throw new Error(`scripts/build.mjs: ${file.slice(root.length)} no longer has \`${from.split('\n')[0]}\`: update lazyEdits`);
					// A function, so that `$` in the new text is not read as a replacement pattern.
					contents = contents.replace(from, () => to);
				}
				return {contents, loader: 'js'};
			});
		}
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
	plugins: [lazyOnLoad],
});
