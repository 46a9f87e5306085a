/**
 * The soak (bench/run.mjs --soak): penguin-view follows the SSE firehose for minutes while
 * the probe (bench/probe.mjs) samples resident memory and the heap after a forced full
 * collection every 30 s; what matters is the slope once the first two minutes are past,
 * beside how fast the text itself grows. Cases: the screen at 1,000 deltas/s (one word each,
 * a new message every 2,000 words) and at 30 deltas/s into one long message, each also under
 * `--max-old-space-size=64`; print mode and --json at 1,000 deltas/s. At the end, a heap
 * snapshot (node --heapsnapshot-signal) and its largest constructors.
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {tmpdir} from 'node:os';
import {heapSummary, summaryTable} from './heap-summary.mjs';
import {sleep, startScreen} from './screen.mjs';
import {startFirehose} from './sse-firehose.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'dist', 'cli.js');
const probe = path.join(root, 'bench', 'probe.mjs');
const sampleMs = 30_000;
/** The samples before this are the program settling (Ink loaded, V8 compiling): not in the slope. */
const settleMinutes = 2;

/** The soak's cases (`id` for --cases); `minutes` scales each (the full runs: 30 at 1,000/s, 10 at 30/s). */
export function soakCases(minutes) {
	const fast = {rate: 1000, perAnswer: 2000, prefill: 0};
	const slow = {rate: 30, perAnswer: Number.MAX_SAFE_INTEGER, prefill: 200_000};
	return [
		{id: 'screen', name: 'screen, 1,000 deltas/s', mode: 'screen', minutes, ...fast},
		{
			id: 'screen-64',
			name: 'screen, 1,000 deltas/s, --max-old-space-size=64',
			mode: 'screen',
			minutes,
			heapMb: 64,
			...fast,
		},
		{
			id: 'slow',
			name: 'screen, 30 deltas/s into a long message',
			mode: 'screen',
			minutes: Math.max(3, minutes / 3),
			...slow,
		},
		{
			id: 'slow-64',
			name: 'screen, 30 deltas/s, --max-old-space-size=64',
			mode: 'screen',
			minutes: Math.max(3, minutes / 3),
			heapMb: 64,
			...slow,
		},
		{id: 'print', name: 'print, 1,000 deltas/s', mode: 'print', minutes: Math.max(3, minutes / 2), ...fast},
		{id: 'json', name: '--json, 1,000 deltas/s', mode: 'json', minutes: Math.max(3, minutes / 2), ...fast},
	];
}

/** Least-squares slope of `ys` over `xs`. */
function slope(xs, ys) {
	const n = xs.length;
	if (n < 2) return undefined;
	const mx = xs.reduce((a, b) => a + b, 0) / n;
	const my = ys.reduce((a, b) => a + b, 0) / n;
	let num = 0;
	let den = 0;
	for (let i = 0; i < n; i++) {
		num += (xs[i] - mx) * (ys[i] - my);
		den += (xs[i] - mx) ** 2;
	}
	return den === 0 ? undefined : num / den;
}

/**
 * Starts print mode or --json on the stream, its output thrown away; the same helpers as startScreen's that the soak
 * uses.
 */
function startPlain(args, {env, nodeArgs, program}) {
	const probeFile = path.join(tmpdir(), `penguin-view-soak-${process.pid}-${Date.now()}.jsonl`);
	const child = spawn(process.execPath, [...nodeArgs, '--import', probe, program, ...args], {
		stdio: ['ignore', 'ignore', 'pipe'],
		env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), PENGUIN_VIEW_PROBE: probeFile, ...env},
	});
	let stderr = '';
	child.stderr.on('data', chunk => (stderr = (stderr + chunk).slice(-2000)));
	const events = () =>
		existsSync(probeFile)
			? readFileSync(probeFile, 'utf8')
					.split('\n')
					.filter(Boolean)
					.map(line => JSON.parse(line))
			: [];
	return {
		events,
		pid: () => child.pid,
		alive: () => child.exitCode === null && child.signalCode === null,
		stderr: () => stderr,
		stop() {
			child.kill('SIGTERM');
			rmSync(probeFile, {force: true});
		},
	};
}

function alive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

/** Waits for a heap snapshot written by --heapsnapshot-signal into `dir` to be whole (its size stops changing). */
async function snapshotIn(dir, pid) {
	process.kill(pid, 'SIGUSR1');
	let last = -1;
	for (let i = 0; i < 600; i++) {
		await sleep(1000);
		const file = readdirSync(dir).find(name => name.endsWith('.heapsnapshot'));
		if (!file) continue;
		const size = statSync(path.join(dir, file)).size;
		if (size > 0 && size === last) return path.join(dir, file);
		last = size;
	}
	return undefined;
}

/**
 * Runs one case: samples `{minute, rssMb, heapMb}`, the text sent (MB), the slopes after the
 * first two minutes (MB a minute), whether the process lived to the end, and the snapshot's summary.
 */
export async function soak(c, {snapshot = true, keep, log = () => {}} = {}) {
	const seconds = c.minutes * 60 + 30;
	const server = await startFirehose({rate: c.rate, seconds, perAnswer: c.perAnswer, prefill: c.prefill});
	const started = new Promise(resolve => server.on('start', resolve));
	const dir = path.join(root, 'bench', 'out', `soak-${process.pid}-${c.mode}-${Date.now()}`);
	mkdirSync(dir, {recursive: true});
	const nodeArgs = [
		'--expose-gc',
		`--heapsnapshot-signal=SIGUSR1`,
		`--diagnostic-dir=${dir}`,
		...(c.heapMb ? [`--max-old-space-size=${c.heapMb}`] : []),
	];
	const env = {PENGUIN_VIEW_PROBE_MEMORY: String(sampleMs)};
	const args = ['--sse', server.url, ...(c.mode === 'print' ? ['--print'] : c.mode === 'json' ? ['--json'] : [])];
	const program = c.program ?? cli;
	const child =
		c.mode === 'screen' ? startScreen(args, {env, nodeArgs, program}) : startPlain(args, {env, nodeArgs, program});
	const result = {name: c.name, minutes: c.minutes, samples: [], lived: true};
	try {
		await started;
		const streamStart = Date.now();
		let seen = 0;
		// Until the sample at `minutes` (the probe's clock starts with the process, a little before the stream).
		while (
			(result.samples.at(-1)?.minute ?? 0) < c.minutes - 0.05 &&
			Date.now() - streamStart < c.minutes * 60_000 + sampleMs
		) {
			await sleep(1000);
			const memory = child.events().filter(event => event.e === 'memory');
			for (; seen < memory.length; seen++) {
				const m = memory[seen];
				const sample = {
					minute: (m.t - streamStart) / 60_000,
					rssMb: m.rssMb,
					heapMb: m.heapMb,
					textMb: server.stats.chars / (1 << 20),
					sent: server.stats.sent,
				};
				result.samples.push(sample);
				log(
					`    ${sample.minute.toFixed(1)} min: rss ${sample.rssMb.toFixed(1)} MB, heap ` +
						`${sample.heapMb.toFixed(1)} MB, text sent ${sample.textMb.toFixed(2)} MB`,
				);
			}
			const pid = child.pid();
			if (pid && !alive(pid)) {
				result.lived = false;
				break;
			}
		}
		const later = result.samples.filter(sample => sample.minute >= settleMinutes);
		const xs = later.map(sample => sample.minute);
		result.rssSlope = slope(
			xs,
			later.map(sample => sample.rssMb),
		);
		result.heapSlope = slope(
			xs,
			later.map(sample => sample.heapMb),
		);
		result.textSlope = slope(
			xs,
			later.map(sample => sample.textMb),
		);
		const pid = child.pid();
		if (snapshot && result.lived && pid) {
			const file = await snapshotIn(dir, pid);
			if (file) {
				result.snapshot = summaryTable(heapSummary(file, 12));
				if (keep) renameSync(file, keep);
				else rmSync(file, {force: true});
			}
		}
	} finally {
		child.stop();
		await server.close();
		rmSync(dir, {recursive: true, force: true});
	}
	return result;
}
