#!/usr/bin/env node
// Search's kernel (source/fastpath/byte-scan.wat) against its JavaScript twin (jsKernel in
// source/fastpath/byte-kernel.ts, what runs where WebAssembly SIMD cannot): a trace read in
// 1 MiB chunks into the kernel's memory, each chunk searched for a rare query with ASCII case
// folded (`find`) and scanned for what sanitize changes (`special`), as io/held-scan.ts does.
// Both in turn, ROUNDS times; the medians of each and their ratio.
//
//   node bench/scan-kernel.mjs TRACE [ROUNDS] [QUERY]
import {closeSync, mkdtempSync, openSync, readSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildSync} from 'esbuild';

const [file, roundsArg = '7', query = 'zebra-query'] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/scan-kernel.mjs TRACE [ROUNDS] [QUERY]');
const dir = mkdtempSync(path.join(os.tmpdir(), 'penguin-view-scan-'));
const bundle = path.join(dir, 'byte-kernel.mjs');
const source = fileURLToPath(new URL('../source/fastpath/byte-kernel.ts', import.meta.url));
buildSync({entryPoints: [source], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'warning'});
const {byteKernel, jsKernel} = await import(bundle);
rmSync(dir, {recursive: true, force: true});

const needle = Buffer.from(query.toLowerCase());
const chunkBytes = 1 << 20;

/** One pass over the file with `kernel`: CPU milliseconds, and what it found (the two must agree). */
function pass(kernel) {
	const started = process.cpuUsage();
	const fd = openSync(file, 'r');
	let found = 0;
	let special = 0;
	for (;;) {
		const chunk = kernel.chunk(chunkBytes);
		const read = readSync(fd, chunk, 0, chunkBytes, null);
		if (read === 0) break;
		const bytes = chunk.subarray(0, read);
		const next = kernel.finder(bytes, needle, true);
		for (let at = next(0); at < read; at = next(at + 1)) found++;
		for (let at = kernel.special(bytes, 0, 0); at < read; at = kernel.special(bytes, at + 1, 0)) special++;
	}
	closeSync(fd);
	const used = process.cpuUsage(started);
	return {ms: (used.user + used.system) / 1000, found, special};
}

const wasm = byteKernel();
const js = jsKernel();
const times = {wasm: [], js: []};
let check;
for (let round = 0; round < Number(roundsArg); round++) {
	// Which goes first alternates, so that neither always reads a file the other left in the cache.
	for (const name of round % 2 === 0 ? ['wasm', 'js'] : ['js', 'wasm']) {
		const result = pass(name === 'wasm' ? wasm : js);
		times[name].push(result.ms);
		const seen = `${result.found}/${result.special}`;
		if (check !== undefined && check !== seen) throw new Error(`the kernels disagree: ${check} against ${seen}`);
		check = seen;
	}
}
const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const [w, j] = [median(times.wasm), median(times.js)];
const cpuTimes = `kernel ${w.toFixed(0)} ms, JavaScript ${j.toFixed(0)} ms of CPU (medians of ${roundsArg})`;
console.log(`${path.basename(file)}: ${cpuTimes}; ${(j / w).toFixed(2)} ×; matches and places to check: ${check}`);
