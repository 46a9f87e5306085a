// Runs the built program's screen in a real pseudo-terminal (a private tmux server), with
// bench/probe.mjs loaded, and reads back what the probe logged. Used by bench/run.mjs.
import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = path.join(root, 'dist', 'cli.js');
const probe = path.join(root, 'bench', 'probe.mjs');
let serial = 0;

/** Whether tmux can be run here. */
export const hasTmux = () => spawnSync('sh', ['-c', 'command -v tmux']).status === 0;

/** Epoch ms, comparable with the probe's times. */
export const epoch = () => performance.timeOrigin + performance.now();

export const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

const quote = value => `'${String(value).replaceAll("'", "'\\''")}'`;

/**
 * Starts `penguin-view ARGS` on a COLS×ROWS terminal (100×30 by default, the size the README and the end-to-end tests
 * use). Returns helpers to read the probe's events, send keys, signal the process and stop it all.
 */
export function startScreen(args, {cols = 100, rows = 30, env = {}, mark, nodeArgs = [], program = cli} = {}) {
	const socket = `penguin-view-bench-${process.pid}-${serial++}`;
	const probeFile = path.join(tmpdir(), `${socket}.jsonl`);
	rmSync(probeFile, {force: true});
	const variables = {
		PATH: process.env.PATH ?? '',
		HOME: process.env.HOME ?? tmpdir(),
		TERM: 'xterm-256color',
		CI: 'false',
		PENGUIN_VIEW_PROBE: probeFile,
		...(mark ? {PENGUIN_VIEW_PROBE_MARK: mark} : {}),
		...env,
	};
	const command =
		`env -i ${Object.entries(variables)
			.map(([key, value]) => `${key}=${quote(value)}`)
			.join(' ')} ${quote(process.execPath)} ${nodeArgs.map(quote).join(' ')} --import ${quote(probe)} ` +
		`${quote(program)} ${args.map(quote).join(' ')}`;
	const tmux = (...rest) => execFileSync('tmux', ['-L', socket, ...rest], {encoding: 'utf8'});
	const launchedAt = epoch();
	tmux('new-session', '-d', '-x', String(cols), '-y', String(rows), '-s', 'bench', command);
	const events = () =>
		existsSync(probeFile)
			? readFileSync(probeFile, 'utf8')
					.split('\n')
					.filter(Boolean)
					.map(line => JSON.parse(line))
			: [];
	const pid = () => events().find(event => event.e === 'start')?.pid;
	return {
		launchedAt,
		events,
		pid,
		/** Waits until `check(events)` gives something, polling; undefined after `ms`. */
		async until(check, ms = 10_000) {
			const started = Date.now();
			for (;;) {
				const found = check(events());
				if (found !== undefined && found !== false) return found;
				if (Date.now() - started > ms) return undefined;
				await sleep(5);
			}
		},
		keys: (...keys) => tmux('send-keys', '-t', 'bench', ...keys),
		capture: () => tmux('capture-pane', '-p', '-t', 'bench'),
		signal(name) {
			const id = pid();
			if (id) process.kill(id, name);
		},
		/** Asks the probe for a window report and waits for it. */
		async window() {
			const before = events().filter(event => event.e === 'window').length;
			this.signal('SIGUSR2');
			return this.until(list => list.filter(event => event.e === 'window')[before], 5000);
		},
		stop() {
			const id = pid();
			try {
				if (id) process.kill(id, 'SIGTERM');
			} catch {
				// Already gone.
			}
			spawnSync('tmux', ['-L', socket, 'kill-server']);
			rmSync(probeFile, {force: true});
		},
	};
}
