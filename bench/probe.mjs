// Instrumentation for the benchmark, loaded with `node --import bench/probe.mjs dist/cli.js …`:
// nothing in penguin-view itself knows about it. Enabled by PENGUIN_VIEW_PROBE=<file>, it
// appends one JSON object a line to that file:
//   {e:'start', pid, origin}          origin: epoch ms when the process started
//   {e:'mark', id, t, cpuMs}          the first write to stdout holding PENGUIN_VIEW_PROBE_MARK
//                                     (a regex; its first group, or the match, is the id)
//   {e:'key', t, frame}               a read from stdin (a key) and the next write to stdout
//   {e:'window', cpuMs, wallMs, frames, writes, bytes, eld: {p50, p99, max}}
//                                     on SIGUSR2: since the previous SIGUSR2 (or start);
//                                     `frames` counts writes more than 2 ms after the previous
//                                     write (what a terminal shows as one picture), but not the
//                                     frame Ink writes after its own "begin synchronized update"
//                                     (it writes that alone, then works out the frame: on a
//                                     loaded machine more than 2 ms may pass); `writes` all
//   {e:'memory', t, gc, rssMb, heapMb, externalMb}
//                                     every PENGUIN_VIEW_PROBE_MEMORY ms (the soak): what is
//                                     retained, after two full collections when node runs with
//                                     --expose-gc (`gc` says whether it did)
// All times `t` are epoch ms with sub-millisecond precision (performance.timeOrigin + now),
// comparable with the benchmark's own clock.
import {appendFileSync} from 'node:fs';
import {monitorEventLoopDelay, performance} from 'node:perf_hooks';

const file = process.env.PENGUIN_VIEW_PROBE;
if (file) {
	const origin = performance.timeOrigin;
	const now = () => origin + performance.now();
	const log = event => appendFileSync(file, `${JSON.stringify(event)}\n`);
	log({e: 'start', pid: process.pid, origin});

	const markSource = process.env.PENGUIN_VIEW_PROBE_MARK;
	const mark = markSource ? new RegExp(markSource, 'g') : undefined;
	const marked = new Set();
	let frames = 0;
	let writes = 0;
	let lastWrite = 0;
	let afterBegin = false;
	let bytes = 0;
	let keyAt;
	const write = process.stdout.write;
	process.stdout.write = function (chunk, ...rest) {
		const t = now();
		writes++;
		if (t - lastWrite > 2 && !afterBegin) frames++;
		lastWrite = t;
		const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
		const begin = text === '\u001b[?2026h';
		bytes += text.length;
		if (mark) {
			for (const match of text.matchAll(mark)) {
				const id = match[1] ?? match[0];
				if (!marked.has(id)) {
					marked.add(id);
					const used = process.cpuUsage();
					log({e: 'mark', id, t, cpuMs: (used.user + used.system) / 1000});
				}
			}
		}
		if (keyAt !== undefined) {
			log({e: 'key', t: keyAt, frame: t});
			keyAt = undefined;
		}
		afterBegin = begin;
		return write.call(this, chunk, ...rest);
	};
	// Ink reads keys with read() on 'readable'; a non-empty read is a key press.
	const read = process.stdin.read;
	process.stdin.read = function (...args) {
		const chunk = read.apply(this, args);
		if (chunk !== null && chunk !== undefined && keyAt === undefined) keyAt = now();
		return chunk;
	};

	const delay = monitorEventLoopDelay({resolution: 5});
	delay.enable();
	let cpu = process.cpuUsage();
	let wall = now();
	let framesAt = 0;
	let writesAt = 0;
	let bytesAt = 0;
	const memoryEvery = Number(process.env.PENGUIN_VIEW_PROBE_MEMORY);
	if (memoryEvery > 0) {
		const sample = () => {
			const collect = globalThis.gc;
			if (typeof collect === 'function') {
				collect();
				collect();
			}
			const used = process.memoryUsage();
			const mb = bytes => bytes / (1 << 20);
			log({
				e: 'memory',
				t: now(),
				gc: typeof collect === 'function',
				rssMb: mb(used.rss),
				heapMb: mb(used.heapUsed),
				externalMb: mb(used.external),
			});
		};
		setInterval(sample, memoryEvery).unref();
	}
	process.on('SIGUSR2', () => {
		const used = process.cpuUsage(cpu);
		const t = now();
		log({
			e: 'window',
			t,
			cpuMs: (used.user + used.system) / 1000,
			wallMs: t - wall,
			frames: frames - framesAt,
			writes: writes - writesAt,
			bytes: bytes - bytesAt,
			rssMb: process.memoryUsage.rss() / (1 << 20),
			maxRssMb: process.resourceUsage().maxRSS / 1024,
			eld: {p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6},
		});
		delay.reset();
		cpu = process.cpuUsage();
		wall = t;
		framesAt = frames;
		writesAt = writes;
		bytesAt = bytes;
	});
}
