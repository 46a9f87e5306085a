#!/usr/bin/env node
/**
 * npm run bench: measures penguin-view against its targets and against the baselines
 * (wc, jq, Node's raw read limit) in the same run, and prints one table.
 *
 *   node bench/run.mjs            10 MB and 100 MB traces (with and without images)
 *   node bench/run.mjs --full     also 1 GB (needs ~1.2 GB of disk in bench/out)
 *   node bench/run.mjs --smoke    a 5 MB trace only: a quick check that nothing is broken
 */
import {spawn, spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdirSync, openSync, readSync, closeSync, writeFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'bench', 'out');
const cli = path.join(root, 'dist', 'cli.js');
const rssProbe = path.join(root, 'bench', 'rss-at-exit.mjs');
const full = process.argv.includes('--full');
const smoke = process.argv.includes('--smoke');
mkdirSync(out, {recursive: true});

const rows = [];
const row = (target, what, value, goal, pass) => {
	rows.push({target, what, value, goal: goal ?? '', verdict: pass === undefined ? '' : pass ? 'pass' : 'FAIL'});
	process.stderr.write(`  ${target} · ${what}: ${value}${goal ? ` (target ${goal})` : ''}\n`);
};

function trace(sizeMb, images) {
	const dir = path.join(out, `${sizeMb}mb${images ? '-images' : ''}`);
	const existing = existsSync(dir) ? readdirSync(dir).filter(f => f.endsWith('.jsonl')) : [];
	if (existing.length === 0) {
		process.stderr.write(`generating a ${sizeMb} MB trace${images ? ' with images' : ''}…\n`);
		spawnSync(process.execPath, [path.join(root, 'bench', 'generate-trace.mjs'), dir, String(sizeMb), ...(images ? ['--images'] : [])], {stdio: ['ignore', 'ignore', 'inherit']});
	}
	return path.join(dir, readdirSync(dir).filter(f => f.endsWith('.jsonl')).sort()[0]);
}

/** Wall time of a command in ms (best of `runs`), and its peak RSS when it is penguin-view. */
function time(command, args, runs = 3) {
	let best = Infinity;
	let rss;
	for (let i = 0; i < runs; i++) {
		const started = performance.now();
		const result = spawnSync(command, args, {stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26, env: {...process.env, PENGUIN_VIEW_RSS: '1'}});
		const elapsed = performance.now() - started;
		if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
		const match = /maxRSS=(\d+)/.exec(String(result.stderr));
		if (match) rss = Math.max(rss ?? 0, Number(match[1]) / 1024);
		best = Math.min(best, elapsed);
	}
	return {ms: best, rssMb: rss};
}

/** Node's raw read limit: 1 MiB reads, newline scan, keep only offsets. */
function rawRead(file) {
	const started = performance.now();
	const fd = openSync(file, 'r');
	const buffer = Buffer.allocUnsafe(1 << 20);
	let lines = 0;
	let read;
	while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
		let index = buffer.indexOf(10, 0);
		while (index !== -1 && index < read) {
			lines++;
			index = buffer.indexOf(10, index + 1);
		}
	}
	closeSync(fd);
	return performance.now() - started;
}

const has = tool => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const fmt = ms => `${ms.toFixed(0)} ms`;

async function tailLatency(samples = 200) {
	const dir = path.join(out, 'tail');
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, 'session-2026-12-02-10-00-00-tail0000_001.jsonl');
	writeFileSync(file, `${JSON.stringify({timestamp: new Date().toISOString(), type: 'session_meta', payload: {session_id: 'session-2026-12-02-10-00-00-tail0000'}})}\n`);
	const child = spawn(process.execPath, [cli, '--print', file], {stdio: ['ignore', 'pipe', 'inherit']});
	const seen = new Map();
	let buffered = '';
	child.stdout.setEncoding('utf8').on('data', chunk => {
		const now = performance.now();
		buffered += chunk;
		for (const match of buffered.matchAll(/marker-(\d+)-end/g)) if (!seen.has(Number(match[1]))) seen.set(Number(match[1]), now);
		buffered = buffered.slice(-64);
	});
	await new Promise(resolve => setTimeout(resolve, 800));
	const sent = new Map();
	for (let i = 0; i < samples; i++) {
		sent.set(i, performance.now());
		appendFileSync(file, `${JSON.stringify({timestamp: new Date().toISOString(), type: 'model_msg', payload: {type: 'text', role: 'assistant', text: `marker-${i}-end`}})}\n`);
		await new Promise(resolve => setTimeout(resolve, 10));
	}
	await new Promise(resolve => setTimeout(resolve, 1000));
	child.kill('SIGTERM');
	const delays = [...sent].filter(([i]) => seen.has(i)).map(([i, at]) => seen.get(i) - at).sort((a, b) => a - b);
	const p = q => delays[Math.min(delays.length - 1, Math.floor(q * delays.length))];
	return {count: delays.length, p50: p(0.5), p95: p(0.95), lost: samples - delays.length};
}

async function main() {
	if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], {cwd: root, stdio: 'inherit'});
	const sizes = smoke ? [5] : full ? [10, 100, 1000] : [10, 100];
	const perMb = [];
	for (const size of sizes) {
		const file = trace(size, false);
		const mb = statSync(file).size / (1 << 20);
		process.stderr.write(`\n${mb.toFixed(0)} MB trace\n`);
		const runs = size >= 1000 ? 1 : 3;
		const wc = time('wc', ['-l', file], runs);
		row('baseline', `wc -l (${mb.toFixed(0)} MB)`, fmt(wc.ms));
		row('baseline', `node raw read, offsets only (${mb.toFixed(0)} MB)`, fmt(rawRead(file)));
		const jq = has('jq') ? time('jq', ['empty', file], runs) : undefined;
		if (jq) row('baseline', `jq empty (${mb.toFixed(0)} MB)`, fmt(jq.ms));
		const print = time(process.execPath, ['--import', rssProbe, cli, '--print', '--no-follow', file], runs);
		const ratio = jq ? print.ms / jq.ms : undefined;
		row('2 throughput', `--print --no-follow > /dev/null (${mb.toFixed(0)} MB)`, `${fmt(print.ms)}${ratio ? ` = ${ratio.toFixed(2)} × jq` : ''}`, '≤ 1.0 × jq', ratio === undefined ? undefined : ratio <= 1);
		row('5 memory', `peak RSS, print (${mb.toFixed(0)} MB)`, `${print.rssMb?.toFixed(0)} MB`, size >= 1000 ? '≤ 400 MB' : '≤ 250 MB', print.rssMb !== undefined && print.rssMb <= (size >= 1000 ? 400 : 250));
		perMb.push({mb, ms: print.ms});
	}
	if (!smoke) {
		const file = trace(100, true);
		const mb = statSync(file).size / (1 << 20);
		const print = time(process.execPath, ['--import', rssProbe, cli, '--print', '--no-follow', file], 3);
		row('5 memory', `peak RSS, print, with images (${mb.toFixed(0)} MB)`, `${print.rssMb?.toFixed(0)} MB`, '≤ 250 MB', print.rssMb !== undefined && print.rssMb <= 250);
		row('2 throughput', `--print --no-follow, with images (${mb.toFixed(0)} MB)`, fmt(print.ms));
	}
	if (perMb.length > 1) {
		const costs = perMb.map(({mb, ms}) => `${(ms / mb).toFixed(1)} ms/MB @ ${mb.toFixed(0)} MB`);
		const [first, last] = [perMb[0], perMb.at(-1)];
		const growth = last.ms / last.mb / (first.ms / first.mb);
		row('6 scale', 'print cost per MB', costs.join(', '), 'constant (≤ 1.5× from smallest to largest)', growth <= 1.5);
	}
	process.stderr.write('\ntail latency (one append every 10 ms)\n');
	const tail = await tailLatency(smoke ? 50 : 200);
	row('3 tail latency', `print mode, append → stdout (${tail.count} samples, ${tail.lost} lost)`, `p50 ${tail.p50?.toFixed(1)} ms, p95 ${tail.p95?.toFixed(1)} ms`, 'p95 ≤ 5 ms', tail.lost === 0 && tail.p95 <= 5);

	const widths = ['target', 'what', 'value', 'goal', 'verdict'].map(key => Math.max(key.length, ...rows.map(r => String(r[key]).length)));
	const line = r => ['target', 'what', 'value', 'goal', 'verdict'].map((key, i) => String(r[key]).padEnd(widths[i])).join(' | ');
	console.log(`\n${line({target: 'target', what: 'what', value: 'value', goal: 'goal', verdict: 'verdict'})}`);
	console.log(widths.map(w => '-'.repeat(w)).join('-|-'));
	for (const r of rows) console.log(line(r));
	console.log(`\nnode ${process.version}, ${(await import('node:os')).cpus().length} cores; ${new Date().toISOString()}`);
}

await main();
