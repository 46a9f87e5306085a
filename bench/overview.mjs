/**
 * `node bench/run.mjs --overview [--sessions N] [--growing N] [--seconds S]`: the overview's cost
 * (issue 34). A data root of N sessions (200), G of them (20) growing by a line each second:
 *   - the overview's listing in process (io/disk-overview.ts bundled by esbuild): cold (every
 *     head and active tail read) and warm (only what changed), best of a few;
 *   - the screen in tmux following a session that does not change while the others grow: CPU
 *     over S seconds (the watch lists the data root every 2 s and reads the growing tails), and
 *     the frames written then (0: nothing on screen changed);
 *   - memory after two full collections, once with small sessions and once with every session
 *     ten times larger: bounded by the number of sessions, not their size;
 *   - s: from the key to the frame with the overview's rows.
 * Goals: listing ≤ 300 ms, ≤ 5 % of a core while following, memory flat in the sessions' size.
 */
import {appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {epoch, sleep, startScreen} from './screen.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = path.join(root, 'test', 'fixtures', 'traces', 'session-2026-12-02-14-43-17-694155ee_001.jsonl');
const arg = (name, fallback) => {
	const at = process.argv.indexOf(name);
	return at === -1 ? fallback : Number(process.argv[at + 1]);
};

/** A data root of `count` sessions of about `scale` × 27 kB each; the first `growing` written just now. */
function makeRoot(count, growing, scale) {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'penguin-view-overview-'));
	const folder = path.join(dir, 'proj', 'agents', 'main', 'traces', '2026-12-05');
	mkdirSync(folder, {recursive: true});
	const lines = readFileSync(fixture, 'utf8').split('\n').filter(Boolean);
	const middle = lines.slice(3, -3);
	const body = [...lines.slice(0, 3), ...Array.from({length: scale}, () => middle).flat(), ...lines.slice(-3)];
	const files = [];
	const now = Date.now() / 1000;
	for (let i = 0; i < count; i++) {
		const id =
			`session-2026-12-05-01-${String(Math.floor(i / 60)).padStart(2, '0')}-` +
			`${String(i % 60).padStart(2, '0')}-${(0x10000000 + i).toString(16)}`;
		const file = path.join(folder, `${id}_001.jsonl`);
		// The growing ones stop short of their end: a request open, thinking coming.
		writeFileSync(file, (i < growing ? body.slice(0, -3) : body).map(line => `${line}\n`).join(''));
		const at = i < growing ? now : now - 3600 - i * 60;
		utimesSync(file, at, at);
		files.push(file);
	}
	// The session on screen: finished, the newest by time (it opens first), never written again.
	const shown = path.join(folder, 'session-2026-12-05-02-00-00-0000beef_001.jsonl');
	writeFileSync(shown, body.map(line => `${line}\n`).join(''));
	utimesSync(shown, now + 3600, now + 3600);
	return {
		dir,
		shown,
		growingFiles: files.slice(0, growing),
		line: lines.find(line => line.includes('"type":"thinking"')),
	};
}

/** The overview's module, bundled for this process. */
async function loadOverview() {
	const outfile = path.join(root, 'bench', 'out', 'disk-overview.mjs');
	mkdirSync(path.dirname(outfile), {recursive: true});
	await build({
		entryPoints: [path.join(root, 'source', 'io', 'disk-overview.ts')],
		bundle: true,
		platform: 'node',
		format: 'esm',
		outfile,
		logLevel: 'error',
		packages: 'external',
	});
	return import(pathToFileURL(outfile).href);
}

async function listTimes(dir, runs = 5) {
	const {DiskOverview} = await loadOverview();
	const cold = [];
	const warm = [];
	const counted = [];
	for (let i = 0; i < runs; i++) {
		const overview = new DiskOverview(dir);
		let t = performance.now();
		const entries = await overview.list(Date.now());
		cold.push(performance.now() - t);
		// The requests and costs counted behind the listing (every trace read once).
		t = performance.now();
		await overview.settled();
		counted.push(performance.now() - t);
		t = performance.now();
		await overview.list(Date.now());
		warm.push(performance.now() - t);
		if (entries.length === 0) throw new Error('nothing listed');
	}
	return {cold: Math.min(...cold), warm: Math.min(...warm), counted: Math.min(...counted)};
}

async function followCost(dir, growingFiles, line, seconds, _log, args = []) {
	// One memory sample (two full collections), after the CPU window: the sampling costs CPU itself.
	const memoryAt = (6 + seconds + 2) * 1000;
	const screen = startScreen(args, {
		cols: 160,
		rows: 40,
		env: {PENGUIN_HOME: dir, PENGUIN_VIEW_PROBE_MEMORY: String(memoryAt)},
		nodeArgs: ['--expose-gc'],
		mark: '(writing…)',
	});
	const grow = setInterval(() => {
		for (const file of growingFiles) appendFileSync(file, `${line}\n`);
	}, 1000);
	try {
		await screen.until(list => list.some(event => event.e === 'start'), 15_000);
		// Settled: the first listings (heads, tails) done.
		await sleep(6000);
		await screen.window();
		await sleep(seconds * 1000);
		const window = await screen.window();
		const memory = await screen.until(list => list.find(event => event.e === 'memory'), 10_000);
		const keyAt = epoch();
		screen.keys('s');
		const mark = await screen.until(list => list.find(event => event.e === 'mark'), 15_000);
		return {
			cpu: window.cpuMs / window.wallMs,
			frames: window.frames,
			heapMb: memory?.heapMb,
			rssMb: memory?.rssMb,
			toOverviewMs: mark ? mark.t - keyAt : undefined,
		};
	} finally {
		clearInterval(grow);
		screen.stop();
	}
}

export async function overviewBench(log = console.log) {
	const count = arg('--sessions', 200);
	const growing = arg('--growing', 20);
	const seconds = arg('--seconds', 10);
	const small = makeRoot(count, growing, 1);
	const large = makeRoot(count, growing, 10);
	try {
		const times = await listTimes(small.dir);
		const timesLarge = await listTimes(large.dir);
		log(
			`overview listing, ${count} sessions (${growing} active): cold ${times.cold.toFixed(0)} ms (then ` +
				`${times.counted.toFixed(0)} ms counting requests behind it), warm ${times.warm.toFixed(0)} ms; ` +
				`sessions ten times larger: cold ${timesLarge.cold.toFixed(0)} ms (counting ` +
				`${timesLarge.counted.toFixed(0)} ms), warm ${timesLarge.warm.toFixed(0)} ms (goal ≤ 300 ms) ` +
				`${times.cold <= 300 ? 'pass' : 'FAIL'}`,
		);
		// The baseline: the same session named on the command line, so no watch of the data root.
		const base = await followCost(small.dir, small.growingFiles, small.line, seconds, undefined, [small.shown]);
		log(
			`baseline, the session named (no overview, no watch): CPU ${(base.cpu * 100).toFixed(1)} % of a ` +
				`core; frames ${base.frames}; heap ${base.heapMb?.toFixed(1)} MB`,
		);
		for (const [label, root] of [
			['small', small],
			['10× larger', large],
		]) {
			const cost = await followCost(root.dir, root.growingFiles, root.line, seconds, log);
			log(
				`following, ${label} sessions, ${growing} growing: CPU ${(cost.cpu * 100).toFixed(1)} % of a core ` +
					`over ${seconds} s (goal ≤ 5 %) ${cost.cpu <= 0.05 ? 'pass' : 'FAIL'}; frames ${cost.frames}; heap ` +
					`${cost.heapMb?.toFixed(1)} MB, RSS ${cost.rssMb?.toFixed(0)} MB; s to the overview ` +
					`${cost.toOverviewMs?.toFixed(0)} ms`,
			);
		}
	} finally {
		rmSync(small.dir, {recursive: true, force: true});
		rmSync(large.dir, {recursive: true, force: true});
	}
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await overviewBench();
