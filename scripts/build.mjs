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
import {rmSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist`;

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
});
