#!/usr/bin/env node
/**
 * Writes dist/penguin-view.1, the man page package.json's `man` names, from the same flag
 * table and keymap as --help and `?` (source/command-line/man-page.ts). Run after scripts/build.mjs,
 * which empties dist/.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const {name, version, description, man} = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));

// The page's module and what it imports, bundled in memory and loaded from there.
const bundled = await build({
	absWorkingDir: root,
	entryPoints: ['source/command-line/man-page.ts'],
	bundle: true,
	write: false,
	format: 'esm',
	platform: 'node',
	target: 'node20',
	logLevel: 'warning',
});
const {manPage} = await import(
	`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].contents).toString('base64')}`
);
writeFileSync(`${root}${man[0]}`, manPage({name, version, description}));
