/**
 * `node bench/run.mjs --grep [--mb N] [--sessions N] [--runs N]`: the search across sessions (issue 52). A data root of
 * N sessions (50) of about N MB (1024) in all, of varied shapes (generate-trace.mjs's mixes and shape-trace.mjs's
 * drawn shapes, 5–45 MB each, made once into bench/out/grep-root), read once before each case (warm cache); then
 * `penguin-view --grep PATTERN -c` against `grep -rc` and `rg -c` on the same files, in the same run, for:
 *   - a literal found only in the oldest session;
 *   - a common word;
 *   - a regular expression with no literal in it;
 *   - a match inside a `\u`-escaped string (the trace writes `d\u00e9j\u00e0-vu`, the pattern is `déjà-vu`).
 * Each: wall time, CPU time (user+sys) and peak RSS, the best of the runs; the load average beside them.
 * Goals: the whole search ≤ 1.5 s and ≤ 200 MB for each case.
 */
import {spawnSync} from 'node:child_process';
import {appendFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {writeShapeTrace} from './shape-trace.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'dist', 'cli.js');
const arg = (name, fallback) => {
	const at = process.argv.indexOf(name);
	return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const mixes = ['', 'real', 'small', 'loguniform', 'huge', 'thinking', 'code', 'shell', 'summary'];
const oldestOnly = 'quagga-migration-42';
const escapedText = 'd\\u00e9j\\u00e0-vu';

/** The cases: a name, the pattern, and the same for grep and rg (which read the JSON as it is written). */
export const grepCases = [
	{name: 'literal in the oldest only', pattern: oldestOnly, raw: oldestOnly},
	{name: 'a common word', pattern: 'function', raw: 'function'},
	{name: 'a regex with no literal', pattern: '[A-Z][a-z]+[0-9]{3}', raw: '[A-Z][a-z]+[0-9]{3}'},
	{name: 'inside a \\u-escaped string', pattern: 'déjà-vu', raw: 'd\\\\u00e9j\\\\u00e0-vu'},
];

/** The data root (made once, kept in bench/out/grep-root-<sessions>-<mb>). */
export function grepRoot(sessions, totalMb, note = console.log) {
	const dir = path.join(root, 'bench', 'out', `grep-root-${sessions}-${totalMb}`);
	if (existsSync(path.join(dir, 'done'))) return dir;
	rmSync(dir, {recursive: true, force: true});
	// Sizes from 5 to 45 MB, scaled to the total.
	let seed = 52;
	const random = () => {
		seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
		return seed / 2147483648;
	};
	const weights = Array.from({length: sessions}, () => 5 + 40 * random());
	const sum = weights.reduce((a, b) => a + b, 0);
	const scratch = path.join(dir, 'scratch');
	for (let i = 0; i < sessions; i++) {
		const mb = Math.max(1, Math.round((weights[i] * totalMb) / sum));
		const out = path.join(scratch, String(i));
		mkdirSync(out, {recursive: true});
		if (i % 3 === 2) writeShapeTrace(out, mb, i);
		else {
			const mix = mixes[i % mixes.length];
			const args = [path.join(root, 'bench', 'generate-trace.mjs'), out, String(mb), '--seed', String(i + 1)];
			if (mix === 'real') args.push('--real');
			else if (mix !== '') args.push('--mix', mix);
			const made = spawnSync(process.execPath, args, {encoding: 'utf8'});
			if (made.status !== 0) throw new Error(made.stderr);
		}
		// Session i starts on day 1 + i/2: session 0 is the oldest.
		const day = String(1 + Math.floor(i / 2)).padStart(2, '0');
		const id = `session-2026-11-${day}-${i % 2 ? '15' : '09'}-00-00-${(0xb0000000 + i).toString(16)}`;
		const folder = path.join(dir, `proj-${i % 4}`, 'agents', 'main', 'traces', `2026-11-${day}`);
		mkdirSync(folder, {recursive: true});
		const shards = readdirSync(out)
			.filter(name => name.endsWith('.jsonl'))
			.sort();
		for (const [k, name] of shards.entries())
			renameSync(path.join(out, name), path.join(folder, `${id}_${String(k + 1).padStart(3, '0')}.jsonl`));
		const last = path.join(folder, `${id}_${String(shards.length).padStart(3, '0')}.jsonl`);
		const output = (text, callId) =>
			`{"timestamp":"2026-11-${day}T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output",` +
			`"role":"user","output":"${text}","tool_call_id":"${callId}"}}\n`;
		if (i === 0) appendFileSync(last, output(`applied ${oldestOnly}\\nok`, 'call_bench_oldest'));
		if (i === Math.floor(sessions / 2)) appendFileSync(last, output(`a ${escapedText} moment`, 'call_bench_escaped'));
		const shape = i % 3 === 2 ? 'shape' : mixes[i % mixes.length] || 'default';
		note(`  session ${i + 1}/${sessions}: ${mb} MB, ${shards.length} shard(s), ${shape}`);
	}
	rmSync(scratch, {recursive: true, force: true});
	appendFileSync(path.join(dir, 'done'), '');
	return dir;
}

/** Runs a command with GNU time: wall s, CPU s (user+sys), peak RSS MB, and its stdout. */
function timed(command, args) {
	const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', command, ...args], {
		encoding: 'utf8',
		maxBuffer: 1 << 30,
		env: {...process.env, TZ: 'UTC'},
	});
	const [wall, user, sys, rss] = run.stderr.trim().split('\n').at(-1).split(' ').map(Number);
	return {wall, cpu: user + sys, rss: rss / 1024, stdout: run.stdout, code: run.status};
}

const sum = stdout =>
	stdout
		.split('\n')
		.filter(Boolean)
		.reduce((total, line) => total + Number(line.slice(line.lastIndexOf(':') + 1)), 0);

/** The benchmark: the root made or reused, each case timed for the three tools. */
export async function grepBench(note = console.log) {
	const sessions = arg('--sessions', 50);
	const totalMb = arg('--mb', 1024);
	const runs = arg('--runs', 3);
	const dir = grepRoot(sessions, totalMb, note);
	let bytes = 0;
	const walk = d => {
		for (const entry of readdirSync(d, {withFileTypes: true})) {
			if (entry.isDirectory()) walk(path.join(d, entry.name));
			else if (entry.name.endsWith('.jsonl')) bytes += statSync(path.join(d, entry.name)).size;
		}
	};
	walk(dir);
	const rg = spawnSync('rg', ['--version']).status === 0;
	note(`grep across sessions: ${sessions} sessions, ${(bytes / 2 ** 20).toFixed(0)} MB (${dir})`);
	note(
		`  machine: ${os.cpus().length} cores, load ${os
			.loadavg()
			.map(n => n.toFixed(1))
			.join(' ')}; best of ${runs}`,
	);
	if (!rg) note('  rg: not installed (apt-get install ripgrep)');
	// Warm cache: every file read once.
	spawnSync('sh', ['-c', `find '${dir}' -name '*.jsonl' -exec cat {} + > /dev/null`]);
	const results = [];
	for (const c of grepCases) {
		const tools = [
			['penguin-view', process.execPath, [cli, '--grep', c.pattern, '-c', dir]],
			['grep -c', 'grep', ['-rcE', '--include=*.jsonl', c.raw, dir]],
			...(rg ? [['rg -c', 'rg', ['-c', c.raw, dir]]] : []),
		];
		for (const [tool, command, args] of tools) {
			let best;
			for (let r = 0; r < runs; r++) {
				const run = timed(command, args);
				if (!best || run.wall < best.wall) best = run;
			}
			const lines =
				tool === 'grep -c'
					? best.stdout
							.split('\n')
							.filter(l => !l.endsWith(':0'))
							.join('\n')
					: best.stdout;
			const sessionsFound = lines.split('\n').filter(Boolean).length;
			results.push({case: c.name, tool, ...best, matches: sum(lines), sessionsFound});
			const unit = tool === 'penguin-view' ? 'sessions' : 'files';
			note(
				`  ${c.name.padEnd(28)} ${tool.padEnd(12)} ${best.wall.toFixed(2)} s wall, ${best.cpu.toFixed(2)} s CPU, ` +
					`${best.rss.toFixed(0)} MB peak; ${sum(lines)} lines in ${sessionsFound} ${unit}`,
			);
		}
	}
	note(
		`  load after: ${os
			.loadavg()
			.map(n => n.toFixed(1))
			.join(' ')}`,
	);
	return results;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) await grepBench();
