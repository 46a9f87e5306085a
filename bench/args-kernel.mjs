#!/usr/bin/env node
// Micro-benchmark of print mode's arguments kernel (source/fastpath/args-block.wat) alone: it feeds
// the kernel the arguments of every edit_file/write_file call of a trace, as the print path does
// (the JSON string's text from just after its opening quote), and reports MB/s of arguments read.
// Each .wat given is assembled here (no build needed) and the kernels run in turn, round after
// round, so that a noisy machine slows them alike; a kernel that writes other bytes than the
// first, or takes other calls, is reported.
//   node bench/args-kernel.mjs TRACE [ROUNDS] [A.wat B.wat ...]   (default: source/fastpath/args-block.wat)
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import wabt from 'wabt';

const [trace, roundsText = '15', ...wats] = process.argv.slice(2);
if (!trace) {
	console.error('usage: node bench/args-kernel.mjs TRACE [ROUNDS] [A.wat B.wat ...]');
	process.exit(2);
}
const sources = wats.length > 0 ? wats : [fileURLToPath(new URL('../source/fastpath/args-block.wat', import.meta.url))];
const tools = await wabt();

function kernelOf(path) {
	const module = tools.parseWat(path, readFileSync(path, 'utf8'), {simd: true});
	try {
		module.validate();
		return new WebAssembly.Instance(new WebAssembly.Module(module.toBinary({}).buffer)).exports;
	} finally {
		module.destroy();
	}
}

// The arguments of the calls print mode hands the kernel (fastpath/prerendered-args.ts: lines of 1 kB or more).
const marker = Buffer.from('"arguments":"');
const calls = [];
let total = 0;
for (const line of readFileSync(trace).toString('latin1').split('\n')) {
	if (line.length < 1024 || !line.includes('"tool_call"') || !/"name":"(?:edit_file|write_file)"/.test(line)) continue;
	const bytes = Buffer.from(line, 'latin1');
	const at = bytes.indexOf(marker);
	if (at === -1) continue;
	calls.push(bytes.subarray(at + marker.length));
	total += bytes.length - at - marker.length;
}
const longest = Math.max(...calls.map(call => call.length));

// Memory laid out as fastpath/args-block.ts lays it (the output's room, then the input followed by
// sixteen zero bytes), but with every call's input in place beforehand, so that only the kernel is timed.
function runner(k) {
	const at = 4096;
	const limit = at + longest * 2 + 8192;
	const inputs = [];
	let next = (limit + 15) & ~15;
	for (const call of calls) {
		inputs.push(next);
		next = (next + call.length + 16 + 15) & ~15;
	}
	if (next > k.memory.buffer.byteLength) k.memory.grow(Math.ceil((next - k.memory.buffer.byteLength) / 65536));
	const memory = new Uint8Array(k.memory.buffer);
	for (const [n, call] of calls.entries()) memory.set(call, inputs[n]);
	return {
		run(collect) {
			let taken = 0;
			let digest = 0;
			for (let n = 0; n < calls.length; n++) {
				const end = k.render(inputs[n], calls[n].length, at, limit);
				if (end < 0) continue;
				taken++;
				// What the caller reads: the block, how far the kernel read, the member table (fastpath/args-block.ts).
				if (collect)
					digest = [
						...memory.subarray(at, end),
						k.read.value,
						...new Int32Array(k.memory.buffer, 2560, k.members.value * 4),
					].reduce((a, b) => (a * 33 + b) >>> 0, digest);
			}
			return {taken, digest};
		},
	};
}

const runners = sources.map(path => runner(kernelOf(path)));
const checks = runners.map(r => r.run(true));
for (const [i, check] of checks.entries()) {
	if (check.taken !== checks[0].taken || check.digest !== checks[0].digest)
		console.log(
			`! ${sources[i]} differs from ${sources[0]}: ${check.taken} taken, digest ${check.digest} against ` +
				`${checks[0].taken}, ${checks[0].digest}`,
		);
}
console.log(
	`${calls.length} calls, ${(total / 1e6).toFixed(1)} MB of arguments, ${checks[0].taken} taken by the kernel`,
);
const times = sources.map(() => []);
for (let round = 0; round < Number(roundsText); round++) {
	for (const [i, r] of runners.entries()) {
		const start = process.hrtime.bigint();
		r.run(false);
		times[i].push(Number(process.hrtime.bigint() - start) / 1e6);
	}
}
for (const [i, path] of sources.entries()) {
	const sorted = times[i].sort((a, b) => a - b);
	const median = sorted[sorted.length >> 1];
	console.log(
		`${path}: min ${sorted[0].toFixed(1)} ms (${(total / 1e3 / sorted[0]).toFixed(0)} MB/s), median ` +
			`${median.toFixed(1)} ms (${(total / 1e3 / median).toFixed(0)} MB/s)`,
	);
}
