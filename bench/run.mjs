#!/usr/bin/env node
/**
 * npm run bench: measures penguin-view against every target of "make it fast at any size",
 * with the baselines (wc, jq, Node's raw read limit, Node's own start-up, the same program
 * without its optimisation where there is a switch for it) measured in the same run, and
 * prints one table with pass/fail.
 *
 *   node bench/run.mjs            every target: 10 MB, 100 MB (with and without images), 1 GB
 *   node bench/run.mjs --quick    the same without the 1 GB trace
 *   node bench/run.mjs --smoke    a 5 MB trace and short runs: a quick check that nothing is broken (CI)
 *   node bench/run.mjs --no-streaming  every target but 4 (the SSE firehose: a quarter of an hour)
 *   node bench/run.mjs --streaming [--runs N] [--baseline OTHER/dist/cli.js] [--switches A,B] [--steady] [--cases A,B]
 *                                 target 4 alone (the SSE firehose), each switch off in turn (or
 *                                 those named); --steady adds the CPU of a window from 11.5 s on;
 *                                 --cases runs only the cases whose names hold A or B
 *   node bench/run.mjs --soak [MINUTES] [--cases A,B] [--no-snapshot] [--baseline OTHER/dist/cli.js]
 *                                 the soak (bench/soak.mjs): memory over MINUTES (30 by default)
 *                                 following the firehose, on the screen (also with the heap
 *                                 capped at 64 MB), in print mode and --json; one case at a time;
 *                                 --cases screen,screen-64,slow,slow-64,print,json picks some
 *   node bench/run.mjs --print-only [--runs N] [--switches A,B] [--instructions] [--baseline OTHER/dist/cli.js]
 *                                 targets 2 and 5 of print mode alone (no 1 GB trace, no screen);
 *                                 --instructions adds each switch's instruction count (valgrind);
 *                                 --baseline runs that build in turn with this one
 *   node bench/run.mjs --export-only [--smoke]
 *                                 target 5 for --export alone: peak RSS of md, json and sts on the
 *                                 100 MB real-shaped trace (5 MB with --smoke)
 *   node bench/run.mjs --html-only [--smoke]
 *                                 --export html on the 100 MB real-shaped trace (5 MB with --smoke): peak
 *                                 RSS (≤ 250 MB), the page's size (≤ 30 MB), its load in Chromium (≤ 10 s)
 *   node bench/run.mjs --mixes-only [--runs N] [--mb M] [--baseline OTHER/dist/cli.js]
 *                                 print mode against jq empty on each of the generator's mixes (50 MB
 *                                 each, or M), with the ratio past start-up; --baseline: that build first
 *   node bench/run.mjs --shapes [--seeds N] [--first S] [--mb M] [--runs R] [--baseline OTHER/dist/cli.js]
 *                                 print mode against jq empty on traces whose shape a seed draws
 *                                 (bench/shape-trace.mjs: sizes, escapes, colours, non-ASCII, tabs,
 *                                 key order, optional fields…): 20 seeds of 40 MB by default; the
 *                                 worst shape and its parameters; --baseline: that build instead
 *   node bench/run.mjs --overview [--sessions N] [--growing N] [--seconds S]
 *                                 the sessions' overview (bench/overview.mjs): listing 200 sessions,
 *                                 CPU and memory following while 20 of them grow
 *   node bench/run.mjs --grep [--sessions N] [--mb M] [--runs R]
 *                                 --grep PATTERN -c over a data root of 50 sessions, 1 GB (bench/grep.mjs), four
 *                                 patterns, beside grep -rc and rg -c on the same files, warm cache
 *   node bench/run.mjs --context-only [--quick] [--runs N]
 *                                 the context view (C) on the screen over the 1 GB trace (100 MB with --quick):
 *                                 the key → the view on screen, the file read once before (warm cache)
 *   node bench/run.mjs --keys-only [--baseline OTHER/dist/cli.js]
 *                                 j, k, Space, n and G on the screen over the 100 MB trace: key read → frame, p95
 *   node bench/run.mjs --search-only [--quick] [--seed N [--mb M]] [--baseline OTHER/dist/cli.js]
 *                                 search (/ and &) on the screen over the 1 GB trace (100 MB with --quick),
 *                                 or over the shape seed N draws (bench/shape-trace.mjs, 1 GB or M MB),
 *                                 grep -ic beside; with --baseline, that build first
 *
 * Times are wall times from the process's start, plus the CPU time it used (user + system,
 * all threads), because the machine may be shared: best of several runs where it says so.
 * The screen is run in a real terminal (a private tmux server) with bench/probe.mjs loaded
 * (`node --import`): the probe notes when a frame holding a given text is written, CPU and
 * event-loop delay over a window, and the time from a key read to the next frame.
 */
import {spawn, spawnSync} from 'node:child_process';
import {
	appendFileSync,
	closeSync,
	existsSync,
	mkdirSync,
	openSync,
	readFileSync,
	readSync,
	readdirSync,
	rmSync,
	statSync,
	truncateSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {epoch, sleep, startScreen} from './screen.mjs';
import {startFirehose} from './sse-firehose.mjs';
import {soak, soakCases} from './soak.mjs';
import {describeShape, shapeVersion, writeShapeTrace} from './shape-trace.mjs';
import {htmlPageFigures} from './html-page.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'bench', 'out');
const cli = path.join(root, 'dist', 'cli.js');
const rssProbe = path.join(root, 'bench', 'rss-at-exit.mjs');
const smoke = process.argv.includes('--smoke');
const quick = process.argv.includes('--quick');
// Print mode's runs below 500 MB (each in turn with jq, and each switch on and off): `--runs N` with --print-only.
const printRuns =
	(process.argv.includes('--print-only') && Number(process.argv[process.argv.indexOf('--runs') + 1])) || 5;
mkdirSync(out, {recursive: true});

const rows = [];
const row = (target, what, value, goal, pass) => {
	rows.push({target, what, value, goal: goal ?? '', verdict: pass === undefined ? '' : pass ? 'pass' : 'FAIL'});
	process.stderr.write(
		`  ${target} · ${what}: ` +
			`${value}${goal ? ` (target ${goal})` : ''}${pass === undefined ? '' : pass ? ' pass' : ' FAIL'}\n`,
	);
};
const note = text => process.stderr.write(`${text}\n`);
const ms = value => (value === undefined ? '?' : `${value.toFixed(0)} ms`);
const mb = value => (value === undefined ? '?' : `${value.toFixed(0)} MB`);
const quantile = (values, q) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const median = values => quantile(values, 0.5);
const has = tool => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
// The jq compared with: the first on PATH (install it with the system's package manager, e.g.
// `apt-get install jq`); said once, with its version, where a figure is set against it.
let jqSaid = false;
const sayJq = () => {
	if (jqSaid || !has('jq')) return;
	jqSaid = true;
	const where = spawnSync('sh', ['-c', 'command -v jq']).stdout.toString().trim();
	note(`jq: ${spawnSync('jq', ['--version']).stdout.toString().trim()} at ${where} (the first jq on PATH)`);
};
const endMark = 'End of the bench session';
/**
 * Environment switches that turn a streaming optimisation off (source/settings.ts): each case is
 * run with each off too. The optimisations whose equivalence a property test proves against a
 * reference it keeps have no switch (docs/performance.md): `--baseline OTHER/dist/cli.js` shows
 * their gain against a build without them.
 */
const streamingSwitches = ['PENGUIN_VIEW_KEYS_AT_ONCE', 'PENGUIN_VIEW_QUIET_OFFSCREEN'];

// ----------------------------------------------------------------------------- traces

/**
 * The generated trace of `sizeMb` (made once, kept in bench/out), with its stats. `real`: shaped
 * like a real coding session (generate-trace.mjs --real: `cat -n` read_file outputs with tabs,
 * shell output with colours, progress lines and CRLF, non-ASCII text, JSON arguments, images).
 */
function trace(sizeMb, images = false, real = false, mix = undefined) {
	const dir = path.join(out, `${sizeMb}mb${images ? '-images' : ''}${real ? '-real' : ''}${mix ? `-${mix}` : ''}`);
	const file = () => {
		const name = existsSync(dir)
			? readdirSync(dir)
					.filter(f => f.endsWith('.jsonl'))
					.sort()[0]
			: undefined;
		return name && path.join(dir, name);
	};
	// A trace from an older generator (no end mark, no stats, an older shape: tool arguments named otherwise, a random
	// sequence that cycled) is made again.
	const current = file();
	const stats = path.join(dir, 'stats.json');
	if (
		!current ||
		!existsSync(stats) ||
		JSON.parse(readFileSync(stats, 'utf8')).shape !== 3 ||
		!tailOf(current).includes(endMark)
	) {
		note(`generating a ${sizeMb} MB trace${images ? ' with images' : ''}…`);
		const made = spawnSync(
			process.execPath,
			[
				path.join(root, 'bench', 'generate-trace.mjs'),
				dir,
				String(sizeMb),
				...(images ? ['--images'] : []),
				...(real ? ['--real'] : []),
				...(mix ? ['--mix', mix] : []),
			],
			{stdio: ['ignore', 'ignore', 'inherit']},
		);
		if (made.status !== 0) throw new Error('the trace generator failed');
	}
	const made = file();
	// A trace of several shards (the summary mix): print opens the first and reads on through the others.
	const files = readdirSync(dir)
		.filter(f => f.endsWith('.jsonl'))
		.sort()
		.map(f => path.join(dir, f));
	return {
		file: made,
		files,
		dir,
		real,
		mix,
		mb: files.reduce((sum, f) => sum + statSync(f).size, 0) / (1 << 20),
		stats: JSON.parse(readFileSync(path.join(dir, 'stats.json'), 'utf8')),
	};
}

function tailOf(file) {
	const size = statSync(file).size;
	const buffer = Buffer.alloc(Math.min(size, 4096));
	const fd = openSync(file, 'r');
	readSync(fd, buffer, 0, buffer.length, size - buffer.length);
	closeSync(fd);
	return buffer.toString('utf8');
}

// ----------------------------------------------------------------------------- processes

/**
 * Runs a command `runs` times with stdout to /dev/null; the best wall and CPU times (bash's
 * `time`: real, user + sys of the process and its threads) and, for penguin-view, peak RSS.
 */
function timed(command, args, runs, env = {}) {
	let wall = Infinity;
	let cpu = Infinity;
	let rss;
	for (let i = 0; i < runs; i++) {
		const result = spawnSync(
			'bash',
			['-c', 'TIMEFORMAT="%3R %3U %3S"; time "$@" > /dev/null', 'bash', command, ...args],
			{
				stdio: ['ignore', 'ignore', 'pipe'],
				maxBuffer: 1 << 26,
				env: {...process.env, PENGUIN_VIEW_RSS: '1', ...env},
			},
		);
		const stderr = String(result.stderr);
		if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${stderr}`);
		const [real, user, sys] = stderr.trim().split('\n').at(-1).split(' ').map(Number);
		wall = Math.min(wall, real * 1000);
		cpu = Math.min(cpu, (user + sys) * 1000);
		const match = /maxRSS=(\d+)/.exec(stderr);
		if (match) rss = Math.max(rss ?? 0, Number(match[1]) / 1024);
	}
	return {wall, cpu, rss};
}

/**
 * Two commands run in turn, `runs` times each, so that a busy moment on a shared machine
 * falls on both alike: the best of each, and the median of the pairs' wall-time ratios.
 */
function timedSideBySide(first, second, runs) {
	const a = [];
	const b = [];
	for (let i = 0; i < runs; i++) {
		a.push(timed(...first, 1));
		b.push(timed(...second, 1));
	}
	const best = list => ({
		wall: Math.min(...list.map(time => time.wall)),
		cpu: Math.min(...list.map(time => time.cpu)),
		rss: list.some(time => time.rss !== undefined) ? Math.max(...list.map(time => time.rss ?? 0)) : undefined,
	});
	const ratios = a.map((time, i) => b[i].wall / time.wall).sort((x, y) => x - y);
	return {first: best(a), second: best(b), medianRatio: ratios[Math.floor(ratios.length / 2)]};
}

const both = time => `${ms(time.wall)} (CPU ${ms(time.cpu)})`;

/** Node's raw read limit: 1 MiB reads, newline scan, keep only offsets. */
function rawRead(file) {
	const started = performance.now();
	const fd = openSync(file, 'r');
	const buffer = Buffer.allocUnsafe(1 << 20);
	let _lines = 0;
	let read;
	while ((read = readSync(fd, buffer, 0, buffer.length, null)) > 0) {
		let index = buffer.indexOf(10, 0);
		while (index !== -1 && index < read) {
			_lines++;
			index = buffer.indexOf(10, index + 1);
		}
	}
	closeSync(fd);
	return performance.now() - started;
}

// ----------------------------------------------------------------------------- targets 2, 5, 6: print mode

function printMode(traces) {
	const jq = has('jq');
	if (!jq) note('jq not installed: the throughput ratio is not measured');
	sayJq();
	const perMb = [];
	for (const {file, mb: megabytes, real} of traces) {
		const size = `${megabytes.toFixed(0)} MB${real ? ', real-shaped' : ''}`;
		note(`\nprint mode, ${size} trace`);
		const runs = megabytes >= 500 ? 1 : printRuns;
		row('baseline', `wc -l (${size})`, both(timed('wc', ['-l', file], runs)));
		row('baseline', `node raw read, offsets only (${size})`, ms(rawRead(file)));
		const printCommand = [process.execPath, ['--import', rssProbe, cli, '--print', '--no-follow', file]];
		// jq empty and print mode side by side: run in turn, best of each.
		const pair = jq ? timedSideBySide(['jq', ['empty', file]], printCommand, runs) : undefined;
		const jqTime = pair?.first;
		if (jqTime) row('baseline', `jq empty (${size})`, both(jqTime));
		else row('baseline', `jq empty (${size})`, 'jq not installed');
		// jq printing what it reads: closer to print mode's work (every line out), for context.
		if (jq && megabytes <= 200)
			row('baseline', `jq -c . > /dev/null (${size})`, both(timed('jq', ['-c', '.', file], 1)));
		const print = pair?.second ?? timed(...printCommand, runs);
		const ratio = jqTime ? print.wall / jqTime.wall : undefined;
		const cpuRatio = jqTime ? print.cpu / jqTime.cpu : undefined;
		const median = pair && runs > 1 ? `; median of ${runs} pairs ${pair.medianRatio.toFixed(2)} ×` : '';
		row(
			'2 throughput',
			`--print --no-follow > /dev/null (${size}), in turn with jq`,
			`${both(print)}${ratio === undefined ? '' : ` = ${ratio.toFixed(2)} × jq (CPU ${cpuRatio.toFixed(2)} ×)${median}`}`,
			// The target is set on the 100 MB real-shaped trace; the bench's older trace is shown for
			// context (its tool outputs are plain numbered words), and below 100 MB the fixed start-up
			// (Node's own ~60 ms and the program's ~110, against jq's few) is most of the time.
			real && megabytes >= 100 ? '≤ 1.0 × jq' : megabytes >= 100 ? '(old shape, context)' : '(start-up bound)',
			ratio === undefined || !real || megabytes < 100 ? undefined : ratio <= 1,
		);
		if (real) printSwitches(printCommand, print, runs);
		const limit = megabytes >= 500 ? 400 : 250;
		row(
			'5 memory',
			`peak RSS, print (${size})`,
			mb(print.rss),
			`≤ ${limit} MB`,
			print.rss !== undefined && print.rss <= limit,
		);
		if (!real) perMb.push({mb: megabytes, ms: print.wall, cpu: print.cpu});
	}
	if (perMb.length > 1) {
		// Start-up is paid once whatever the size: the cost per MB is taken between sizes.
		const costs = perMb.map(({mb: size, cpu}) => `${(cpu / size).toFixed(1)} ms/MB @ ${size.toFixed(0)} MB`);
		const [first, last] = [perMb[0], perMb.at(-1)];
		const marginal = (last.cpu - first.cpu) / (last.mb - first.mb);
		const middle = perMb.length > 2 ? (perMb[1].cpu - first.cpu) / (perMb[1].mb - first.mb) : marginal;
		const growth = marginal / middle;
		row('6 scale', 'print CPU per MB (incl. start-up)', costs.join(', '));
		row(
			'6 scale',
			'print CPU per MB between sizes',
			`${middle.toFixed(1)} → ${marginal.toFixed(1)} ms/MB (${growth.toFixed(2)} ×)`,
			'constant (≤ 1.5 ×)',
			growth <= 1.5,
		);
	}
}

/**
 * Target 5 for --export: the peak RSS of each format over a trace, written to /dev/null. Markdown
 * and STS are written as they are rendered, their texts read back from the trace (≤ 250 MB);
 * JSON writes the whole view at once (shown for context).
 */
function exportMemory(t) {
	const size = `${t.mb.toFixed(0)} MB${t.real ? ', real-shaped' : ''}`;
	note(`\n--export, ${size} trace`);
	for (const format of ['md', 'json', 'sts']) {
		const run = timed(process.execPath, ['--import', rssProbe, cli, '--export', format, t.file], 1);
		const judged = format !== 'json';
		const pass = judged ? run.rss !== undefined && run.rss <= 250 : undefined;
		row(
			'5 memory',
			`peak RSS, --export ${format} (${size}); ${both(run)}`,
			mb(run.rss),
			judged ? '≤ 250 MB' : '(context)',
			pass,
		);
	}
}

/** Issue 51: --export html's peak RSS, its page's size, and the page's load in Chromium (bench/html-page.mjs). */
async function htmlExport(t) {
	const size = `${t.mb.toFixed(0)} MB${t.real ? ', real-shaped' : ''}`;
	note(`\n--export html, ${size} trace`);
	const page = path.join(out, 'export.html');
	const run = await htmlPageFigures({cli, rssProbe, trace: t.file, page});
	row('5 memory', `peak RSS, --export html (${size}); ${both(run)}`, mb(run.rss), '≤ 250 MB', run.rss <= 250);
	row('9 html', `page size (${size})`, mb(run.bytes / 1048576), '≤ 30 MB', run.bytes <= 30 * 1048576);
	const load = run.load === undefined ? run.why : `${(run.load / 1000).toFixed(2)} s (CPU ${ms(run.loadCpu)})`;
	row('9 html', 'Chromium load of the page (best of 3)', load, '≤ 10 s', run.load !== undefined && run.load <= 10_000);
	rmSync(page, {force: true});
}

/** The generator's mixes (generate-trace.mjs --mix): data unlike the bench's own. */
const mixNames = ['small', 'loguniform', 'huge', 'thinking', 'code', 'shell', 'summary'];

/**
 * Print mode on each mix, in turn with `jq empty` on the same file: the ratio, and the worst mix
 * (the figure). Beside it, the ratio past start-up: each side's time on a trace of a few lines
 * (Node's start and the bundle's, ~75 ms, against jq's few) taken off first, so that what is
 * compared is the work per byte, which a bigger trace weighs more.
 */
function printMixes(sizeMb, runs, program = cli, label = '') {
	const jq = has('jq');
	if (!jq) return row('2 throughput', 'print on the mixes', 'jq not installed');
	sayJq();
	if (process.env.NODE_EXTRA_CA_CERTS)
		note(
			'NODE_EXTRA_CA_CERTS is set: every Node start loads those certificates (~45 ms here); unset it to ' +
				'measure penguin-view alone',
		);
	const ratios = [];
	// Start-up does not depend on the trace: measured once, on the first mix's first lines.
	const start = startUp(trace(sizeMb, false, false, mixNames[0]).file, runs, program);
	row(
		'2 throughput',
		`${label}start-up: print / jq empty on a trace of three lines`,
		`${both(start.second)} / ${both(start.first)}`,
	);
	for (const mix of mixNames) {
		const t = trace(sizeMb, false, false, mix);
		const size = `${t.mb.toFixed(0)} MB, mix ${mix}`;
		note(`\nprint mode, ${size}`);
		const pair = timedSideBySide(
			['jq', ['empty', ...t.files]],
			[process.execPath, ['--import', rssProbe, program, '--print', '--no-follow', t.file]],
			runs,
		);
		const past = (pair.second.wall - start.second.wall) / (pair.first.wall - start.first.wall);
		ratios.push({mix, ratio: pair.medianRatio, past});
		row(
			'2 throughput',
			`${label}--print --no-follow (${size}) / jq empty, median of ${runs} pairs`,
			`${both(pair.second)} / ${both(pair.first)} = ${pair.medianRatio.toFixed(2)} × (CPU ` +
				`${(pair.second.cpu / pair.first.cpu).toFixed(2)} ×); past start-up ${past.toFixed(2)} ×`,
		);
	}
	const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
	const worstPast = ratios.reduce((a, b) => (b.past > a.past ? b : a));
	row(
		'2 throughput',
		`${label}print on the worst mix (${worst.mix}) / jq empty`,
		`${worst.ratio.toFixed(2)} ×`,
		'≤ 1.0 × jq',
		worst.ratio <= 1,
	);
	row('2 throughput', `${label}the same past start-up (worst: ${worstPast.mix})`, `${worstPast.past.toFixed(2)} ×`);
}

/** The trace of the shape `seed` draws, `sizeMb` large (made once, kept in bench/out): its file and shape. */
function shapeTrace(seed, sizeMb) {
	const dir = path.join(out, `shape-${sizeMb}mb-${seed}`);
	const made = existsSync(path.join(dir, 'shape.json'))
		? JSON.parse(readFileSync(path.join(dir, 'shape.json'), 'utf8'))
		: undefined;
	const cached = made?.version === shapeVersion && made.bytes >= sizeMb * 1024 * 1024;
	return cached ? {file: path.join(dir, 'shape.jsonl'), shape: made.shape} : writeShapeTrace(dir, sizeMb, seed);
}

/**
 * The search case's trace and queries on a drawn shape: its one closing message is the rare
 * query (found last), `tests` is in nearly every output; the requests counted for the wait.
 */
function shapeSearch(seed, sizeMb) {
	const {file, shape} = shapeTrace(seed, sizeMb);
	note(`shape of seed ${seed}: ${describeShape(shape)}`);
	const counted = spawnSync('grep', ['-c', '"request_begin"', file], {encoding: 'utf8'});
	const queries = [
		{what: 'a query in a few texts', query: endMark, filter: 'bench'},
		{what: '"no match"', query: 'zebra', absent: true},
		{what: 'a word in nearly every text', query: 'tests'},
		{what: '"no match", an expression', query: 'zeb[r]a', absent: true},
	];
	return {file, mb: statSync(file).size / (1 << 20), stats: {requests: Number(counted.stdout.trim())}, queries};
}

/**
 * Print mode on traces of shapes drawn by seeds (bench/shape-trace.mjs), each in turn with
 * `jq empty`: every seed's ratio and the worst shape with its parameters. Data the bench's
 * mixes do not make: what falls off the fast path shows here first.
 */
function printShapes({seeds, first, sizeMb, runs, program = cli}) {
	if (!has('jq')) return row('2 shapes', 'print on drawn shapes', 'jq not installed');
	sayJq();
	const results = [];
	for (let seed = first; seed < first + seeds; seed++) {
		const {file, shape} = shapeTrace(seed, sizeMb);
		const pair = timedSideBySide(
			['jq', ['empty', file]],
			[process.execPath, ['--import', rssProbe, program, '--print', '--no-follow', file]],
			runs,
		);
		results.push({seed, shape, pair});
		row(
			'2 shapes',
			`seed ${seed}: print / jq empty, median of ${runs} pairs`,
			`${both(pair.second)} / ${both(pair.first)} = ${pair.medianRatio.toFixed(2)} × (CPU` +
				` ${(pair.second.cpu / pair.first.cpu).toFixed(2)} ×)`,
		);
	}
	const worst = results.reduce((a, b) => (b.pair.medianRatio > a.pair.medianRatio ? b : a));
	row('2 shapes', `worst shape: seed ${worst.seed} (${sizeMb} MB)`, describeShape(worst.shape));
	const cpu = ({pair}) => pair.second.cpu / pair.first.cpu;
	const worstCpu = results.reduce((a, b) => (cpu(b) > cpu(a) ? b : a));
	row(
		'2 shapes',
		`print / jq empty on the worst shape (seed ${worst.seed})`,
		`${worst.pair.medianRatio.toFixed(2)} ×`,
		'≤ 1.0 × jq',
		worst.pair.medianRatio <= 1,
	);
	// The load moves wall times more than CPU times: the worst by CPU, in case it is another seed.
	row(
		'2 shapes',
		`worst by CPU: seed ${worstCpu.seed}`,
		`CPU ${cpu(worstCpu).toFixed(2)} ×; ${describeShape(worstCpu.shape)}`,
	);
}

/** Print mode and jq empty in turn on the first few lines of `file` (a trace of start-up alone), best of `runs`. */
function startUp(file, runs, program) {
	const head = Buffer.alloc(64 * 1024);
	const fd = openSync(file, 'r');
	const read = readSync(fd, head, 0, head.length, 0);
	closeSync(fd);
	const lines = head.subarray(0, read).toString('utf8').split('\n').slice(0, 3);
	const tiny = path.join(os.tmpdir(), `penguin-view-bench-start-${process.pid}.jsonl`);
	writeFileSync(tiny, `${lines.join('\n')}\n`);
	try {
		return timedSideBySide(
			['jq', ['empty', tiny]],
			[process.execPath, ['--import', rssProbe, program, '--print', '--no-follow', tiny]],
			runs,
		);
	} finally {
		rmSync(tiny, {force: true});
	}
}

/**
 * Environment switches that turn a print-mode optimisation off. PENGUIN_VIEW_KERNEL=0: no
 * WebAssembly kernel (every output the usual way), the reference test/cli/print-mixes.test.ts
 * compares with. (The kernel's arena, its short lines and its skipped images are proven
 * equivalent in-process by test/output/ and have no switch: `--baseline` compares builds.
 * Measured no gain and taken out: PENGUIN_VIEW_SLAB_POOL, its
 * pool; PENGUIN_VIEW_FAST_TIME, message times read from their digits within the hour;
 * PENGUIN_VIEW_ARGS_ONCE, a call's arguments parsed once for its summary and its block: about
 * 0.7 and 1.0 % of the instructions when counted again, under the 2 % a switch must show.)
 * `--switches A,B` picks some (with --print-only).
 */
const printSwitchNames = ['PENGUIN_VIEW_KERNEL'];

// A switch's gain is a few per cent, and a run's CPU time moves by ±8 % with the machine's
// load: five pairs were too few (the same build gave 0.94 × and 1.07 ×). Each switch runs at
// least this many pairs, and is judged on its CPU time summed over all of them.
const minSwitchPairs = 9;

/**
 * Each of print mode's optimisations turned off by its switch, in turn with it on (same trace):
 * the time it saves. With `--baseline OTHER/dist/cli.js`, that build too, in turn with this one.
 */
function printSwitches(printCommand, _print, runs) {
	const only = process.argv.indexOf('--switches');
	const names = only === -1 ? printSwitchNames : process.argv[only + 1].split(',').filter(Boolean);
	const variants = names.map(name => ({
		name,
		label: `${name}=0 (off) vs on`,
		command: printCommand,
		env: {[name]: '0'},
	}));
	const base = process.argv.indexOf('--baseline');
	if (base !== -1) {
		const [node, args] = printCommand;
		const other = path.resolve(process.argv[base + 1]);
		variants.push({
			label: `baseline ${path.relative(root, other)} vs this build`,
			command: [node, args.map(arg => (arg === cli ? other : arg))],
			env: {},
		});
	}
	const pairs = Math.max(runs, minSwitchPairs);
	const sum = values => values.reduce((total, value) => total + value, 0);
	for (const {name, label, command, env} of variants) {
		const on = [];
		const off = [];
		for (let i = 0; i < pairs; i++) {
			// Which goes first alternates, so that neither always runs on a cache the other warmed.
			if (i % 2 === 0) on.push(timed(...printCommand, 1));
			off.push(timed(...command, 1, env));
			if (i % 2 === 1) on.push(timed(...printCommand, 1));
		}
		const cpu = sum(off.map(time => time.cpu)) / sum(on.map(time => time.cpu));
		const wall = sum(off.map(time => time.wall)) / sum(on.map(time => time.wall));
		const cpuMedian = median(off.map(time => time.cpu)) / median(on.map(time => time.cpu));
		const instructions =
			process.argv.includes('--instructions') && name !== undefined ? instructionRatio(printCommand, name) : undefined;
		row(
			'2 switches',
			`${label}, real-shaped, ${pairs} pairs in turn`,
			`CPU ${ms(median(off.map(time => time.cpu)))} vs ${ms(median(on.map(time => time.cpu)))} (medians); ` +
				`summed ${cpu.toFixed(2)} ×, median ${cpuMedian.toFixed(2)} ×; wall summed ${wall.toFixed(2)} ` +
				`×${instructions === undefined ? '' : `; instructions ${instructions}`}`,
			// Another build is a comparison, not a switch to judge.
			name === undefined ? undefined : 'a gain (CPU summed > 1.0 ×)',
			name === undefined ? undefined : cpu > 1,
		);
	}
}

/**
 * With --instructions (and valgrind installed): instructions counted by cachegrind, the switch
 * off against on, with `node --predictable` (no concurrent compiler or GC threads, a fixed hash
 * seed: the same build counts the same within 0.1 %, where times move by ±8 %). Slow: about
 * half a minute a run.
 */
function instructionRatio(printCommand, name) {
	if (!has('valgrind')) return 'valgrind not installed';
	const [node, args] = printCommand;
	const count = env => {
		const out = path.join(os.tmpdir(), `penguin-view-bench-${process.pid}.cachegrind`);
		const result = spawnSync(
			'valgrind',
			[
				'--tool=cachegrind',
				'--cache-sim=no',
				`--cachegrind-out-file=${out}`,
				node,
				'--predictable',
				...args.filter(arg => arg !== '--import' && arg !== rssProbe),
			],
			{
				stdio: ['ignore', 'ignore', 'pipe'],
				maxBuffer: 1 << 26,
				env: {...process.env, ...env},
			},
		);
		rmSync(out, {force: true});
		const match = /I\s+refs:\s+([\d,]+)/.exec(String(result.stderr));
		return match ? Number(match[1].replaceAll(',', '')) : undefined;
	};
	const on = count({});
	const off = count({[name]: '0'});
	if (on === undefined || off === undefined) return 'not counted';
	return `${(off / 1e9).toFixed(2)} vs ${(on / 1e9).toFixed(2)} billion (${(off / on).toFixed(3)} ×)`;
}

// ----------------------------------------------------------------------------- target 3: print tail latency

async function printTailLatency(samples) {
	const dir = path.join(out, 'tail');
	mkdirSync(dir, {recursive: true});
	const file = path.join(dir, 'session-2026-12-02-10-00-00-tail0000_001.jsonl');
	writeFileSync(
		file,
		JSON.stringify({
			timestamp: new Date().toISOString(),
			type: 'session_meta',
			payload: {session_id: 'session-2026-12-02-10-00-00-tail0000'},
		}) + '\n',
	);
	// -f: print mode reads to the end and exits, as cat does, unless told to follow, as tail -f.
	const child = spawn(process.execPath, [cli, '--print', '--follow', file], {stdio: ['ignore', 'pipe', 'inherit']});
	const seen = new Map();
	let buffered = '';
	child.stdout.setEncoding('utf8').on('data', chunk => {
		const now = performance.now();
		buffered += chunk;
		for (const match of buffered.matchAll(/marker-(\d+)-end/g))
			if (!seen.has(Number(match[1]))) seen.set(Number(match[1]), now);
		buffered = buffered.slice(-64);
	});
	await sleep(800);
	const sent = new Map();
	for (let i = 0; i < samples; i++) {
		sent.set(i, performance.now());
		appendFileSync(
			file,
			JSON.stringify({
				timestamp: new Date().toISOString(),
				type: 'model_msg',
				payload: {type: 'text', role: 'assistant', text: `marker-${i}-end`},
			}) + '\n',
		);
		await sleep(10);
	}
	await sleep(1000);
	child.kill('SIGTERM');
	const delays = [...sent].filter(([i]) => seen.has(i)).map(([i, at]) => seen.get(i) - at);
	return {
		count: delays.length,
		lost: samples - delays.length,
		p50: quantile(delays, 0.5),
		p95: quantile(delays, 0.95),
		p99: quantile(delays, 0.99),
	};
}

// ----------------------------------------------------------------------------- the screen

const screenMark = `(${endMark}|req \\d+\\b|appended-\\d+-mark)`;

/** Opens `file` on the screen; when the end is on screen and (optionally) the whole history is in. */
async function openScreen(t, {tailFirst = true, history = true, timeoutMs = 180_000, program = cli} = {}) {
	const screen = startScreen([t.file], {
		mark: screenMark,
		program,
		env: tailFirst ? {} : {PENGUIN_VIEW_TAIL_FIRST: '0'},
	});
	const start = await screen.until(events => events.find(event => event.e === 'start'), 20_000);
	const end =
		start &&
		(await screen.until(events => events.find(event => event.e === 'mark' && event.id === endMark), timeoutMs));
	// The footer counts every request once the history has taken the preview's place.
	const whole = `req ${t.stats.requests}`;
	const full =
		end && history
			? await screen.until(events => events.find(event => event.e === 'mark' && event.id === whole), timeoutMs)
			: undefined;
	return {
		screen,
		firstMs: end && end.t - start.origin,
		firstCpu: end?.cpuMs,
		historyMs: full && full.t - start.origin,
		historyCpu: full?.cpuMs,
	};
}

/** Target 1: the end of the trace on screen; baseline: Node's start-up, and reading from the start. */
async function tailFirst(traces, runs) {
	const node = timed(process.execPath, ['-e', '0'], 5);
	row('baseline', 'node -e 0 (start-up floor)', both(node));
	for (const t of traces) {
		const size = `${t.mb.toFixed(0)} MB`;
		note(`\nscreen, ${size} trace: first frame`);
		const first = [];
		const cpu = [];
		let history;
		for (let i = 0; i < runs; i++) {
			const opened = await openScreen(t, {history: i === 0});
			if (i === 0) {
				history = opened;
				// Target 5: the screen's memory once the whole history is in.
				await sleep(500);
				const window = await opened.screen.window();
				const limit = t.mb >= 500 ? 400 : 250;
				row(
					'5 memory',
					`peak RSS, screen, history loaded (${size}${t.images ? ', images' : ''})`,
					mb(window?.maxRssMb),
					`≤ ${limit} MB`,
					window !== undefined && window.maxRssMb <= limit,
				);
			}
			opened.screen.stop();
			if (opened.firstMs !== undefined) first.push(opened.firstMs);
			if (opened.firstCpu !== undefined) cpu.push(opened.firstCpu);
		}
		if (t.images) continue;
		const limit = t.mb >= 500 ? 200 : 150;
		const best = first.length ? Math.min(...first) : undefined;
		row(
			'1 tail first',
			`end of the trace on screen (${size}), from process start`,
			`best ${ms(best)}, median ${ms(median(first))} (CPU ${ms(median(cpu))}) of ${first.length}`,
			`≤ ${limit} ms`,
			best !== undefined && best <= limit,
		);
		row(
			'1 tail first',
			`whole history in, swapped in (${size})`,
			`${ms(history?.historyMs)} (CPU ${ms(history?.historyCpu)})`,
		);
		if (t.mb < 500) {
			const baseline = await openScreen(t, {tailFirst: false, history: false});
			baseline.screen.stop();
			row(
				'baseline',
				`end on screen reading from the start, PENGUIN_VIEW_TAIL_FIRST=0 (${size})`,
				`${ms(baseline.firstMs)} (CPU ${ms(baseline.firstCpu)})`,
			);
		}
	}
}

/**
 * Search on the screen, the whole history in: from Enter to the first match on screen (the
 * footer's `match i of N…`, the count still going on), to the count complete (`match i of N`)
 * or `no match`, for a query found in a few held texts, one found nowhere and one found in
 * nearly every output; then the filter (&) on the rare one; the screen's peak RSS after all of
 * them. `grep -c` on the same queries beside. `program`: another build to compare with
 * (--baseline); `profileDir`: the screen's CPU profile is written there.
 */
async function searchCase(t, {program = cli, label = '', profileDir} = {}) {
	const size = `${t.mb.toFixed(0)} MB`;
	note(`\nscreen, ${size} trace: search${label}`);
	const queries = t.queries ?? [
		{what: 'a query in a few texts', query: `Task ${t.stats.turns - 7}:`, filter: String(t.stats.turns - 7)},
		{what: '"no match"', query: 'zebra', absent: true},
		{what: 'a word in nearly every text', query: 'envelope'},
		{what: '"no match", an expression', query: 'zeb[r]a', absent: true},
	];
	const mark = `(${endMark}|req \\d+\\b|match (?:\\d+|…) of \\d+…?|no match for “[^”]*”|filter “[^”]*”)`;
	const nodeArgs = profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [];
	const screen = startScreen([t.file], {mark, program, nodeArgs});
	try {
		const start = await screen.until(events => events.find(event => event.e === 'start'), 20_000);
		const whole = `req ${t.stats.requests}`;
		if (
			!start ||
			!(await screen.until(events => events.find(event => event.e === 'mark' && event.id === whole), 180_000))
		)
			throw new Error('the history never came in');
		await sleep(1000);
		// The time from Enter to the first frame where `done` holds of a mark, for each of `dones`.
		// `keys`: what opens the prompt, then the text typed literally. (Sent as one tmux
		// send-keys, a `-l` after the first key would be typed as text: tmux reads options
		// only before the keys.)
		const answer = async ([open, text], ...dones) => {
			screen.keys(open);
			screen.keys('-l', text);
			await sleep(300);
			// The screen's CPU from Enter to the last `done` (the machine may be shared: wall time alone says little).
			await screen.window();
			const sent = epoch();
			const seen = screen.events().filter(event => event.e === 'mark').length;
			screen.keys('Enter');
			const took = [];
			for (const done of dones) {
				const found = await screen.until(
					events =>
						events
							.filter(event => event.e === 'mark')
							.slice(seen)
							.find(done),
					60_000,
				);
				took.push(found ? found.t - sent : undefined);
				ids.push(found?.id);
			}
			cpus.push((await screen.window())?.cpuMs);
			return took;
		};
		const ids = [];
		const cpus = [];
		const cpu = () => (cpus.at(-1) === undefined ? '' : `, CPU ${ms(cpus.at(-1))}`);
		for (const {what, query, absent} of queries) {
			ids.length = 0;
			const [first, whole] = await answer(
				['/', query],
				event => /^(match (\d+|…) of|no match)/.test(event.id),
				event => /^(match \d+ of \d+$|no match)/.test(event.id),
			);
			// Through cat: GNU grep writing to /dev/null stops at the first match, as -q does.
			const grep = timed('sh', ['-c', 'grep -c -i -- "$0" "$1" | cat', query, t.file], 1);
			const expected = absent === true;
			// A query that should match and said `no match` (or the reverse) is a failure, whatever its time.
			const right = ids.every(id => id === undefined || id.startsWith('no match') === expected);
			const said = right ? '' : ` (said “${ids.find(Boolean)}”)`;
			row(
				'7 search',
				`${label}/ ${what} (“${query}”, ${size}): Enter → first match (or no match) on screen; grep -ic`,
				`${ms(first)}${expected ? cpu() : ''}; grep ${ms(grep.wall)}${said}`,
				expected ? '≤ 2000 ms' : '≤ 1000 ms',
				right && first !== undefined && first <= (expected ? 2000 : 1000),
			);
			if (!expected)
				row(
					'7 search',
					`${label}/ ${what}: Enter → count complete (${ids[1] ?? '?'}); the screen's CPU`,
					`${ms(whole)}${cpu()}`,
					'≤ 2000 ms',
					right && whole !== undefined && whole <= 2000,
				);
		}
		const [filtered] = await answer(['&', queries[0].filter], event => event.id.startsWith('filter'));
		row(
			'7 search',
			`${label}& filter on a rare word (${size}): Enter → filtered screen`,
			ms(filtered),
			'≤ 2000 ms',
			filtered !== undefined && filtered <= 2000,
		);
		const window = await screen.window();
		row(
			'7 search',
			`${label}peak RSS of the screen, searches included (${size})`,
			mb(window?.maxRssMb),
			'≤ 400 MB',
			window !== undefined && window.maxRssMb <= 400,
		);
		if (profileDir) {
			// q, then wait for the process to end: the profile is written on the way out.
			const id = screen.pid();
			screen.keys('q');
			for (let tries = 0; id && tries < 600 && isAlive(id); tries++) await sleep(50);
		}
	} catch (error) {
		note(`  ${error.message}`);
	} finally {
		screen.stop();
	}
}

/**
 * The context view (C) on the screen, the whole history in (the file read once before, so
 * its pages are in the cache): from the key to the frame that shows the view, `runs` times
 * (C closes it again between). Its numbers come from the requests' token_usage and the item
 * sizes since the last compaction, never from laying out the session.
 */
async function contextCase(t, runs = 3) {
	const size = `${t.mb.toFixed(0)} MB`;
	note(`\nscreen, ${size} trace: the context view`);
	const took = [];
	// The probe notes a text's first frame only: a screen of its own for each run.
	for (let run = 0; run < runs; run++) {
		const screen = startScreen([t.file], {mark: `(${endMark}|req \\d+\\b|context & cost)`});
		try {
			const start = await screen.until(events => events.find(event => event.e === 'start'), 20_000);
			const whole = `req ${t.stats.requests}`;
			if (
				!start ||
				!(await screen.until(events => events.find(event => event.e === 'mark' && event.id === whole), 180_000))
			)
				throw new Error('the history never came in');
			// A reader's pause: the screen makes the view ahead once it has drawn nothing for a moment.
			await sleep(3000);
			const sent = epoch();
			screen.keys('C');
			const found = await screen.until(
				events => events.find(event => event.e === 'mark' && event.id === 'context & cost'),
				30_000,
			);
			took.push(found ? found.t - sent : undefined);
		} catch (error) {
			note(`  ${error.message}`);
			took.push(undefined);
		} finally {
			screen.stop();
		}
	}
	const times = took.filter(value => value !== undefined);
	const worst = times.length > 0 ? Math.max(...times) : undefined;
	row(
		'8 context',
		`C → the context view on screen (${size}, history in, warm cache)`,
		`median ${ms(median(times))}, worst ${ms(worst)} of ${took.length}`,
		'≤ 1000 ms',
		times.length === took.length && worst <= 1000,
	);
}

function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/**
 * Targets 3 and 6: on the screen, with the whole history in, lines appended to the trace
 * (a few a second, as an agent writes) and keys pressed: append → frame latency, CPU per
 * appended line and per key frame.
 */
async function appendsAndKeys(t, {appends, keys}) {
	const size = `${t.mb.toFixed(0)} MB`;
	note(`\nscreen, ${size} trace: appends and keys`);
	const before = statSync(t.file).size;
	const opened = await openScreen(t);
	const {screen} = opened;
	const result = {};
	try {
		if (opened.historyMs === undefined) throw new Error('the history never came in');
		await sleep(1000);
		await screen.window();
		// Nothing happening: what following costs at rest.
		await sleep(2000);
		const idle = await screen.window();
		result.idle = (100 * idle.cpuMs) / idle.wallMs;
		const sent = [];
		for (let i = 0; i < appends; i++) {
			sent.push(epoch());
			appendFileSync(
				t.file,
				JSON.stringify({
					timestamp: new Date().toISOString(),
					type: 'model_msg',
					payload: {type: 'text', role: 'assistant', text: `appended-${i}-mark`},
				}) + '\n',
			);
			await sleep(250);
		}
		await sleep(500);
		const appended = await screen.window();
		const marks = new Map(
			screen
				.events()
				.filter(event => event.e === 'mark')
				.map(event => [event.id, event.t]),
		);
		const delays = sent.map((at, i) => marks.get(`appended-${i}-mark`) - at).filter(delay => Number.isFinite(delay));
		result.append = {
			p50: quantile(delays, 0.5),
			p95: quantile(delays, 0.95),
			lost: appends - delays.length,
			cpuPerItem: appended.cpuMs / appends,
		};
		// Keys: k, each moves the focus one pane up (so each draws a frame).
		const keysBefore = screen.events().filter(event => event.e === 'key').length;
		const pressed = [];
		for (let i = 0; i < keys; i++) {
			pressed.push(epoch());
			screen.keys('k');
			await sleep(200);
		}
		await sleep(300);
		const keyed = await screen.window();
		const keyEvents = screen
			.events()
			.filter(event => event.e === 'key')
			.slice(keysBefore);
		const inProcess = keyEvents.map(event => event.frame - event.t);
		const endToEnd = keyEvents.map(event => event.frame - Math.max(...pressed.filter(at => at <= event.t + 1)));
		result.keys = {
			count: keyEvents.length,
			p50: quantile(inProcess, 0.5),
			p95: quantile(inProcess, 0.95),
			e2e: quantile(endToEnd, 0.5),
			cpuPerKey: keyed.cpuMs / Math.max(1, keyEvents.length),
		};
	} catch (error) {
		note(`  ${error.message}`);
	} finally {
		screen.stop();
		// The cached trace is kept as it was generated.
		truncateSync(t.file, before);
	}
	return result;
}

/**
 * The reading keys on one trace (`--keys-only`): j, k, Space, n (after a search) and G, each
 * pressed `presses` times from the middle of the session (g then half the document down);
 * key read → frame, in process, p50 and p95 per key.
 */
async function readingKeys(t, {program = cli, label = '', presses = 20} = {}) {
	const size = `${t.mb.toFixed(0)} MB`;
	note(`\nscreen, ${size} trace: reading keys${label}`);
	const opened = await openScreen(t, {program});
	const {screen} = opened;
	try {
		if (opened.historyMs === undefined) throw new Error('the history never came in');
		await sleep(1000);
		// A search for n to go on with, then the middle of the session (g, then half of it in pages
		// for a build whose : means something else), paused: every key below moves.
		screen.keys('/');
		screen.keys('-l', 'Task');
		screen.keys('Enter');
		await sleep(1500);
		screen.keys(':');
		screen.keys('-l', '50%');
		screen.keys('Enter');
		await sleep(1500);
		for (const [name, key] of [
			['j', 'j'],
			['k', 'k'],
			['Space', 'Space'],
			['n', 'n'],
			['G', 'G'],
		]) {
			const keysBefore = screen.events().filter(event => event.e === 'key').length;
			for (let i = 0; i < presses; i++) {
				// G goes back up first (k), so that each G moves.
				if (key === 'G') {
					screen.keys('k');
					await sleep(150);
				}
				screen.keys(key);
				await sleep(150);
			}
			await sleep(300);
			const keyEvents = screen
				.events()
				.filter(event => event.e === 'key')
				.slice(keysBefore);
			const inProcess = keyEvents
				.filter((_, i) => key !== 'G' || i % 2 === 1)
				.map(event => event.frame - event.t)
				.filter(Number.isFinite);
			const p95 = quantile(inProcess, 0.95);
			row(
				'6 keys',
				`${label}${name}: key read → frame, in process (${size}, ${inProcess.length} presses)`,
				`p50 ${quantile(inProcess, 0.5)?.toFixed(1)} ms, p95 ${p95?.toFixed(1)} ms`,
				'p95 ≤ 16 ms',
				p95 !== undefined && p95 <= 16,
			);
		}
	} catch (error) {
		note(`  ${error.message}`);
	} finally {
		screen.stop();
	}
}

/**
 * Target 4: partial_text deltas over SSE at `rate` a second into an answer that starts
 * `prefill` characters long (0: a short answer, 400 deltas; 200,000: a long one). Once the
 * screen is up and settled: a window of `seconds` with nothing else (frames a second, CPU),
 * then one of the same length with a key (`k`) every 500 ms (key read → frame).
 * Frames are stdout writes more than 2 ms after the previous one.
 */
async function firehose({
	rate = 1000,
	prefill = 0,
	seconds = 5,
	env = {},
	program,
	steady = false,
	scrolled = false,
} = {}) {
	// Streams longer than the windows: the screen loads Ink while the stream has begun; a long
	// answer does not end within them.
	const total = 2 * seconds + 15 + (steady ? seconds + steadyGap : 0);
	const server = await startFirehose({rate, seconds: total, prefill, perAnswer: prefill > 0 ? rate * total + 1 : 400});
	const started = new Promise(resolve => server.on('start', resolve));
	const screen = startScreen(['--sse', server.url], {mark: '(firehose-model)', env, program});
	try {
		await screen.until(events => events.find(event => event.e === 'start'), 20_000);
		await started;
		// The windows open once the screen is up (its first frame, Ink loaded) and settled.
		await screen.until(events => events.find(event => event.e === 'mark'), 20_000);
		// Scrolled up to the top: the answer streams below, out of view.
		if (scrolled) screen.keys('g');
		await sleep(1500);
		const sentBefore = server.stats.sent;
		await screen.window();
		await sleep(seconds * 1000);
		const window = await screen.window();
		const sent = server.stats.sent - sentBefore;
		// The same again once V8 has compiled what streaming runs: in the first window its
		// background compiler threads take 3–4 % of a core, later under 1 %.
		let later;
		if (steady) {
			await sleep(steadyGap * 1000);
			await screen.window();
			await sleep(seconds * 1000);
			later = await screen.window();
		}
		const keysBefore = screen.events().filter(event => event.e === 'key').length;
		const pressed = [];
		const keyer = setInterval(() => {
			pressed.push(epoch());
			// At the top, k would change nothing (no frame to time): j moves down a row.
			screen.keys(scrolled ? 'j' : 'k');
		}, 500);
		await sleep(seconds * 1000);
		clearInterval(keyer);
		const keyed = await screen.window();
		const keyEvents = screen
			.events()
			.filter(event => event.e === 'key')
			.slice(keysBefore);
		const inProcess = keyEvents.map(event => event.frame - event.t);
		const endToEnd = keyEvents.map(event => event.frame - Math.max(...pressed.filter(at => at <= event.t + 1)));
		return {
			window,
			keyed,
			fps: window && (1000 * window.frames) / window.wallMs,
			cpu: window && (100 * window.cpuMs) / window.wallMs,
			steadyCpu: later && (100 * later.cpuMs) / later.wallMs,
			keys: {
				count: keyEvents.length,
				p50: quantile(inProcess, 0.5),
				p95: quantile(inProcess, 0.95),
				max: Math.max(...inProcess),
				e2e: quantile(endToEnd, 0.5),
			},
			sent,
		};
	} finally {
		screen.stop();
		await server.close();
	}
}

/** With --steady: seconds between the first window and the steady one. */
const steadyGap = 5;

/** The streaming cases: a model's pace and a firehose, into a short and a long answer. */
const streamingCases = [
	{rate: 30, prefill: 0, name: '30/s, short answer', cpuGoal: 10},
	{rate: 30, prefill: 200_000, name: '30/s, 200 kB answer', cpuGoal: 10},
	{rate: 1000, prefill: 0, name: '1,000/s, short answer', cpuGoal: 20},
	{rate: 1000, prefill: 200_000, name: '1,000/s, 200 kB answer', cpuGoal: 20},
	// The reader scrolled up (g) while it streams below: nothing on screen changes but the keys' frames.
	{rate: 1000, prefill: 200_000, name: '1,000/s, 200 kB answer, scrolled up', cpuGoal: 20, scrolled: true},
];

const streamLine = result =>
	`${result.fps?.toFixed(1)} frames/s, ${result.cpu?.toFixed(1)} % of one ` +
	`core${result.steadyCpu === undefined ? '' : ` (steady ${result.steadyCpu.toFixed(1)} %)`} ` +
	`(${result.sent} deltas); keys p50 ${result.keys.p50?.toFixed(1)} ms, p95 ` +
	`${result.keys.p95?.toFixed(1)} ms (${result.keys.count}); event loop p99 ` +
	`${result.window?.eld.p99.toFixed(1)} ms`;

/** `--cases A,B`: only the streaming cases whose names hold one of those. */
const chosenCase = c => {
	const at = process.argv.indexOf('--cases');
	return at === -1 || process.argv[at + 1].split(',').some(part => c.name.includes(part));
};

/** Target 4's rows: every case, `runs` times (in turn), medians. */
async function streamingRows(seconds, runs, variants = [{label: '', env: {}}], steady = false) {
	const results = new Map();
	for (let run = 0; run < runs; run++) {
		for (const c of streamingCases.filter(chosenCase)) {
			for (const variant of variants) {
				note(
					`\nscreen, SSE stream: ${c.name}${variant.label ? `, ${variant.label}` : ''} (run ${run + 1} of ` +
						`${runs}, load ${os.loadavg()[0].toFixed(1)})`,
				);
				const result = await firehose({
					rate: c.rate,
					prefill: c.prefill,
					seconds,
					env: variant.env,
					program: variant.program,
					steady,
					scrolled: c.scrolled,
				});
				note(`  ${streamLine(result)}`);
				const key = `${c.name}|${variant.label}`;
				results.set(key, [...(results.get(key) ?? []), result]);
			}
		}
	}
	for (const c of streamingCases.filter(chosenCase)) {
		for (const variant of variants) {
			const list = results.get(`${c.name}|${variant.label}`) ?? [];
			const fps = median(list.map(r => r.fps));
			const cpu = median(list.map(r => r.cpu));
			const p95 = median(list.map(r => r.keys.p95 ?? Infinity));
			const label = variant.label ? ` (${variant.label})` : '';
			const judged = variant.judged ?? true;
			// Scrolled up, nothing on screen moves: no frames are wanted.
			const framesJudged = judged && !c.scrolled;
			row(
				'4 streaming',
				`${c.name}${label}: frames a second (median of ${list.length})`,
				`${fps?.toFixed(1)}`,
				framesJudged ? '≥ 20' : '',
				framesJudged ? fps >= 20 : undefined,
			);
			row(
				'4 streaming',
				`${c.name}${label}: CPU of one core`,
				`${cpu?.toFixed(1)} %`,
				judged ? `≤ ${c.cpuGoal} %` : '',
				judged ? cpu <= c.cpuGoal : undefined,
			);
			if (steady)
				row(
					'4 streaming',
					`${c.name}${label}: CPU of one core, steady (from ${1.5 + seconds + steadyGap} s on)`,
					`${median(list.map(r => r.steadyCpu))?.toFixed(1)} %`,
				);
			row(
				'4 streaming',
				`${c.name}${label}: key read → frame, p95`,
				`${p95?.toFixed(1)} ms`,
				judged ? '≤ 50 ms (one frame at 20/s)' : '',
				judged ? p95 <= 50 : undefined,
			);
		}
	}
}

// ----------------------------------------------------------------------------- main

/** Target 4 alone: every case three times, with and without the switches named on the command line. */
async function streamingOnly() {
	const variants = [{label: '', env: {}}];
	const base = process.argv.indexOf('--baseline');
	if (base !== -1)
		variants.push({
			label: `baseline ${process.argv[base + 1]}`,
			env: {},
			program: process.argv[base + 1],
			judged: false,
		});
	const only = process.argv.indexOf('--switches');
	const names = only === -1 ? streamingSwitches : process.argv[only + 1].split(',').filter(Boolean);
	for (const name of names) variants.push({label: `${name}=0`, env: {[name]: '0'}, judged: false});
	await streamingRows(
		5,
		Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3,
		variants,
		process.argv.includes('--steady'),
	);
	printTable();
}

/** The soak's cases in turn: slopes after the first two minutes, against the text's own growth. */
async function soakOnly() {
	const at = process.argv.indexOf('--soak');
	const minutes = Number(process.argv[at + 1]) || 30;
	const only = process.argv.indexOf('--cases');
	const names = only === -1 ? undefined : process.argv[only + 1].split(',');
	const base = process.argv.indexOf('--baseline');
	const program = base === -1 ? undefined : path.resolve(process.argv[base + 1]);
	const cases = soakCases(minutes)
		.filter(c => !names || names.includes(c.id))
		.map(c => ({...c, program, name: program ? `${c.name} (${path.relative(root, program)})` : c.name}));
	const mb = value => (value === undefined ? '?' : `${value.toFixed(2)} MB/min`);
	for (const c of cases) {
		note(`\nsoak: ${c.name}, ${c.minutes} min`);
		const result = await soak(c, {snapshot: !process.argv.includes('--no-snapshot'), log: note});
		const last = result.samples.at(-1);
		// The screen may keep the text it was sent (print mode and --json keep none): beyond it, at most 1 MB a minute.
		const allowance = c.mode === 'screen' ? Math.max(0, result.textSlope ?? 0) : 0;
		const pass = !result.lived ? false : result.heapSlope === undefined ? undefined : result.heapSlope <= 1 + allowance;
		row(
			'soak',
			`${c.name}: heap after GC, slope after 2 min (text ${mb(result.textSlope)})`,
			`${mb(result.heapSlope)} (end ${last?.heapMb.toFixed(1)} MB)`,
			'≤ 1 MB/min beyond the text',
			pass,
		);
		row(
			'soak',
			`${c.name}: RSS slope after 2 min`,
			`${mb(result.rssSlope)} (end ${last?.rssMb.toFixed(1)} MB)${result.lived ? '' : ', DIED'}`,
			'lives',
			result.lived,
		);
		if (result.snapshot) note(`\nheap snapshot at the end (${c.name}):\n${result.snapshot}`);
	}
	printTable();
}

async function main() {
	if (!existsSync(cli)) spawnSync('npm', ['run', 'build'], {cwd: root, stdio: 'inherit'});
	if (process.argv.includes('--overview')) return (await import('./overview.mjs')).overviewBench();
	if (process.argv.includes('--grep')) return (await import('./grep.mjs')).grepBench();
	if (process.argv.includes('--soak')) return soakOnly();
	if (process.argv.includes('--streaming')) return streamingOnly();
	if (process.argv.includes('--mixes-only')) {
		// `--mixes-only [--runs N] [--mb M] [--baseline OTHER/dist/cli.js]`: print mode on each mix
		// (50 MB each, or M) against jq empty; with another build's rows first.
		const size = process.argv.indexOf('--mb');
		const mb = size === -1 ? 50 : Number(process.argv[size + 1]);
		const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
		const at = process.argv.indexOf('--baseline');
		if (at !== -1) printMixes(mb, runs, path.resolve(process.argv[at + 1]), 'baseline: ');
		printMixes(mb, runs);
		return printTable();
	}
	if (process.argv.includes('--context-only')) {
		const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
		await contextCase(trace(quick ? 100 : 1000), runs);
		return printTable(os.loadavg()[0]);
	}
	if (process.argv.includes('--shapes')) {
		const value = (name, fallback) =>
			process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback;
		const at = process.argv.indexOf('--baseline');
		printShapes({
			seeds: value('--seeds', 20),
			first: value('--first', 1),
			sizeMb: value('--mb', 40),
			runs: value('--runs', 3),
			program: at === -1 ? cli : path.resolve(process.argv[at + 1]),
		});
		return printTable();
	}
	if (process.argv.includes('--keys-only')) {
		// `--keys-only [--baseline OTHER/dist/cli.js]`: j, k, Space, n and G on the 100 MB trace.
		const t = trace(100);
		const at = process.argv.indexOf('--baseline');
		if (at !== -1) await readingKeys(t, {program: path.resolve(process.argv[at + 1]), label: 'baseline: '});
		await readingKeys(t);
		return printTable();
	}
	if (process.argv.includes('--search-only')) {
		// `--search-only [--seed N [--mb M]] [--baseline OTHER/dist/cli.js] [--cpu-prof DIR]`: the search case alone, on
		// the 1 GB trace (100 MB with --quick), or on the shape seed N draws (1 GB, or M); --cpu-prof writes the screen's
		// CPU profile into DIR.
		const seed = process.argv.indexOf('--seed');
		const size = process.argv.indexOf('--mb');
		const t =
			seed === -1
				? trace(quick ? 100 : 1000)
				: shapeSearch(Number(process.argv[seed + 1]), size === -1 ? 1000 : Number(process.argv[size + 1]));
		const at = process.argv.indexOf('--baseline');
		const profile = process.argv.indexOf('--cpu-prof');
		if (at !== -1) await searchCase(t, {program: path.resolve(process.argv[at + 1]), label: 'baseline: '});
		await searchCase(t, {profileDir: profile === -1 ? undefined : path.resolve(process.argv[profile + 1])});
		return printTable();
	}
	if (process.argv.includes('--export-only')) {
		// `--export-only [--smoke]`: the peak memory of --export md, json and sts on the 100 MB
		// real-shaped trace (5 MB with --smoke).
		exportMemory(trace(smoke ? 5 : 100, false, true));
		return printTable();
	}
	if (process.argv.includes('--html-only')) {
		await htmlExport(trace(smoke ? 5 : 100, false, true));
		return printTable();
	}
	if (process.argv.includes('--print-only')) {
		const loadBefore = os.loadavg()[0];
		printMode([trace(10), trace(100), trace(100, false, true)]);
		return printTable(loadBefore);
	}
	const loadBefore = os.loadavg()[0];
	const sizes = smoke ? [5] : quick ? [10, 100] : [10, 100, 1000];
	const traces = sizes.map(size => trace(size));
	// The target's trace: shaped like real sessions (the 100 MB one; the smoke run's 5 MB).
	const realTrace = trace(smoke ? 5 : 100, false, true);
	const images = smoke ? undefined : {...trace(100, true), images: true};

	printMode([...traces.slice(0, 2), realTrace, ...traces.slice(2)]);
	exportMemory(realTrace);
	if (!smoke) printMixes(50, 3);
	if (images) {
		const print = timed(process.execPath, ['--import', rssProbe, cli, '--print', '--no-follow', images.file], 3);
		row('2 throughput', `--print --no-follow, with images (${images.mb.toFixed(0)} MB)`, both(print));
		row(
			'5 memory',
			`peak RSS, print, with images (${images.mb.toFixed(0)} MB)`,
			mb(print.rss),
			'≤ 250 MB',
			print.rss !== undefined && print.rss <= 250,
		);
	}

	note('\nprint mode, tail latency (one append every 10 ms)');
	const tail = await printTailLatency(smoke ? 50 : 200);
	row(
		'3 tail latency',
		`print mode, append → stdout (${tail.count} samples, ${tail.lost} lost)`,
		`p50 ${tail.p50?.toFixed(1)} ms, p95 ${tail.p95?.toFixed(1)} ms, p99 ${tail.p99?.toFixed(1)} ms`,
		'p95 ≤ 5 ms',
		tail.lost === 0 && tail.p95 <= 5,
	);

	if (!has('tmux')) {
		note('\ntmux not installed: the screen targets (1, 3 on screen, 4, 5 and 6 on screen) are not measured');
		row('1, 4', 'the screen in a terminal', 'tmux not installed');
	} else {
		await tailFirst(images ? [...traces, images] : traces, smoke ? 1 : 3);
		await searchCase(traces.at(-1));
		await contextCase(traces.at(-1));
		const scale = [];
		for (const t of traces)
			scale.push({t, ...(await appendsAndKeys(t, {appends: smoke ? 8 : 30, keys: smoke ? 6 : 16}))});
		for (const {t, append, keys, idle} of scale) {
			const size = `${t.mb.toFixed(0)} MB`;
			if (idle !== undefined)
				row('baseline', `screen at rest, following (${size})`, `${idle.toFixed(1)} % of one core`);
			if (append) {
				row(
					'3 tail latency',
					`screen, append → frame (${size}, one line every 250 ms, ${append.lost} lost)`,
					`p50 ${append.p50?.toFixed(1)} ms, p95 ${append.p95?.toFixed(1)} ms`,
					'p95 ≤ 40 ms',
					append.lost === 0 && append.p95 <= 40,
				);
				row('6 scale', `screen CPU per appended line (${size})`, `${append.cpuPerItem.toFixed(1)} ms`);
			}
			if (keys) {
				row(
					'6 scale',
					`screen CPU per key frame (${size}); key read → frame`,
					`${keys.cpuPerKey.toFixed(1)} ms; p50 ${keys.p50?.toFixed(1)} ms, p95 ${keys.p95?.toFixed(1)} ms`,
				);
			}
		}
		const measured = scale.filter(entry => entry.append && entry.keys);
		if (measured.length > 1) {
			const [first, last] = [measured[0], measured.at(-1)];
			const item = last.append.cpuPerItem / first.append.cpuPerItem;
			const frame = last.keys.cpuPerKey / first.keys.cpuPerKey;
			const span = `${first.t.mb.toFixed(0)} → ${last.t.mb.toFixed(0)} MB`;
			row(
				'6 scale',
				`screen cost per appended line, ${span}`,
				`${item.toFixed(2)} ×`,
				'constant (≤ 1.5 ×)',
				item <= 1.5,
			);
			row('6 scale', `screen cost per frame, ${span}`, `${frame.toFixed(2)} ×`, 'constant (≤ 1.5 ×)', frame <= 1.5);
		}
		if (!process.argv.includes('--no-streaming'))
			await streamingRows(smoke ? 2 : 5, smoke ? 1 : 3, [
				{label: '', env: {}},
				...streamingSwitches.map(name => ({label: `${name}=0`, env: {[name]: '0'}, judged: false})),
			]);
	}

	printTable(loadBefore);
}

function printTable(loadBefore = os.loadavg()[0]) {
	const loadAfter = os.loadavg()[0];
	const columns = ['target', 'what', 'value', 'goal', 'verdict'];
	const widths = columns.map(key => Math.max(key.length, ...rows.map(r => String(r[key]).length)));
	const line = r => columns.map((key, i) => String(r[key]).padEnd(widths[i])).join(' | ');
	console.log(`\n${line(Object.fromEntries(columns.map(key => [key, key])))}`);
	console.log(widths.map(w => '-'.repeat(w)).join('-|-'));
	for (const r of rows) console.log(line(r));
	console.log(
		`\nnode ${process.version}, ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} at the ` +
			`start and ${loadAfter.toFixed(1)} at the end; ${new Date().toISOString()}`,
	);
}

await main();
