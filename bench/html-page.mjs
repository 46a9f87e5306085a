/**
 * Issue 51's figures for `--export html` (node bench/run.mjs --html-only [--smoke]): the
 * export's peak RSS and time on a trace (its output written to a file, not /dev/null), the
 * page's size, and how long headless Chromium (the system's, driven by playwright-core) takes
 * to load it from disk: the wall time from navigation to the `load` event, and the CPU time all
 * of Chromium's processes spent over it (CDP's SystemInfo.getProcessInfo), best of `runs` each.
 */
import {spawnSync} from 'node:child_process';
import {statSync} from 'node:fs';
import {pathToFileURL} from 'node:url';

/** Runs the export into `page` and loads it in Chromium; the figures, or a reason they are missing. */
export async function htmlPageFigures({cli, rssProbe, trace, page, runs = 3}) {
	const result = spawnSync(
		'bash',
		[
			'-c',
			'TIMEFORMAT="%3R %3U %3S"; time "$@" > "$PAGE"',
			'bash',
			process.execPath,
			'--import',
			rssProbe,
			cli,
			'--export',
			'html',
			trace,
		],
		{stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, PENGUIN_VIEW_RSS: '1', PAGE: page}},
	);
	const stderr = String(result.stderr);
	if (result.status !== 0) throw new Error(`--export html failed: ${stderr}`);
	const [real, user, sys] = stderr.trim().split('\n').at(-1).split(' ').map(Number);
	const rss = Number(/maxRSS=(\d+)/.exec(stderr)?.[1] ?? Number.NaN) / 1024;
	const figures = {wall: real * 1000, cpu: (user + sys) * 1000, rss, bytes: statSync(page).size};
	const chromium = spawnSync('bash', ['-c', 'command -v chromium'], {encoding: 'utf8'}).stdout.trim();
	if (!chromium) return {...figures, load: undefined, why: 'chromium not installed'};
	const {chromium: launcher} = await import('playwright-core');
	const browser = await launcher.launch({executablePath: chromium, args: ['--no-sandbox']});
	try {
		// CPU seconds of every Chromium process (browser, renderers, GPU): what the load cost the machine,
		// whatever else it runs; the wall time alone grows with the machine's load.
		const session = await browser.newBrowserCDPSession();
		const cpuSeconds = async () =>
			(await session.send('SystemInfo.getProcessInfo')).processInfo.reduce((sum, info) => sum + info.cpuTime, 0);
		let best = Number.POSITIVE_INFINITY;
		let cpu = Number.POSITIVE_INFINITY;
		for (let i = 0; i < runs; i++) {
			const context = await browser.newContext();
			const tab = await context.newPage();
			const before = await cpuSeconds();
			const started = performance.now();
			await tab.goto(pathToFileURL(page).href, {waitUntil: 'load', timeout: 120_000});
			best = Math.min(best, performance.now() - started);
			cpu = Math.min(cpu, 1000 * ((await cpuSeconds()) - before));
			await context.close();
		}
		return {...figures, load: best, loadCpu: cpu};
	} finally {
		await browser.close();
	}
}
