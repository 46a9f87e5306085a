// A private tmux server for the fault and end-to-end tests: a plain shell in a pane of known size, the raw bytes the
// pane received, and polling helpers.
import {execFileSync, spawnSync} from 'node:child_process';
import {readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {waitFor, waitForText, waitLimitMs} from './wait-for.js';

/** The built program. */
export const builtCli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** A capture or a process listing costs a few ms: checked less often than the default. */
const paneCheckMs = 25;

/** Panes made by this test process: each gets a tmux server (socket) of its own. */
let panesMade = 0;

/** One tmux server on a socket of its own, with one session running bash in `folder`. */
export class FaultTmux {
	readonly socket: string;
	readonly session = 'faults';
	private readonly rawFile: string;
	private clears = 0;

	constructor(
		readonly folder: string,
		name: string,
		readonly width = 100,
		readonly height = 30,
		env: Record<string, string> = {},
	) {
		// A server of its own for each pane: a server just killed by the test before may still be
		// going away on its socket, and a new session there fails with "server exited unexpectedly".
		this.socket = `penguin-view-${name}-${process.pid}-${++panesMade}`;
		this.rawFile = path.join(folder, `${name}.raw`);
		this.tmux(
			'new-session',
			'-d',
			'-x',
			String(width),
			'-y',
			String(height),
			'-s',
			this.session,
			`env -i PATH="${process.env['PATH'] ?? ''}" HOME="${folder}" ${Object.entries(env)
				.map(([key, value]) => `${key}="${value}" `)
				.join('')}HISTFILE=/dev/null CI=false TERM=xterm-256color PS1='$ ' bash --norc --noprofile`,
		);
		// Only this server's options change; the real user's tmux is never touched.
		this.tmux('set-option', '-g', 'set-clipboard', 'on');
		this.tmux('set-option', '-g', 'allow-rename', 'on');
		this.tmux('set-window-option', '-g', 'automatic-rename', 'off');
		this.tmux('rename-window', '-t', this.session, 'clean-window');
		this.tmux('select-pane', '-t', this.session, '-T', 'clean-title');
	}

	tmux(...args: string[]): string {
		return execFileSync('tmux', ['-L', this.socket, ...args], {encoding: 'utf8'});
	}

	/** The pane's text, one string per row. */
	rows(): string[] {
		return this.tmux('capture-pane', '-p', '-t', this.session).replace(/\n$/, '').split('\n');
	}

	/** The pane's text. */
	text(): string {
		return this.rows().join('\n');
	}

	/** The pane with its attributes as escape sequences (`capture-pane -e`). */
	styled(): string {
		return this.tmux('capture-pane', '-p', '-e', '-t', this.session);
	}

	/** A tmux format for the pane, e.g. `#{alternate_on}`. */
	info(format: string): string {
		return this.tmux('display-message', '-p', '-t', this.session, format).trim();
	}

	/** The names of tmux's paste buffers (an OSC 52 clipboard write makes one). */
	buffers(): string[] {
		return this.tmux('list-buffers', '-F', '#{buffer_name}').split('\n').filter(Boolean);
	}

	/** Types a line into the shell. */
	run(command: string): void {
		this.tmux('send-keys', '-t', this.session, '-l', command);
		this.tmux('send-keys', '-t', this.session, 'Enter');
	}

	/**
	 * Clears the pane (after a `cd` into `folder`, if given) and waits until the shell has done
	 * it. A pane that merely looks clear proves nothing: the command's echo and the clear come
	 * a moment after the keys, and a recording started in between would hold them. So the shell
	 * prints a marker once the clear is done, and the wait is for that marker alone.
	 */
	async clear(folder?: string): Promise<void> {
		const marker = `cleared-${++this.clears}`;
		this.run(`${folder === undefined ? '' : `cd '${folder}' && `}clear && echo ${marker}`);
		await this.until(text => text.trim() === `${marker}\n$`, 'a clear pane');
	}

	/** Presses keys (tmux key names: q, C-c, NPage, …). */
	keys(...keys: string[]): void {
		this.tmux('send-keys', '-t', this.session, ...keys);
	}

	/** Starts recording every byte the pane receives (to `raw()`), from now on. */
	record(): void {
		writeFileSync(this.rawFile, '');
		this.tmux('pipe-pane', '-t', this.session, `cat >> '${this.rawFile}'`);
	}

	/** Stops recording. */
	stopRecording(): void {
		this.tmux('pipe-pane', '-t', this.session);
	}

	/** What the pane received since `record()`. */
	raw(): string {
		return readFileSync(this.rawFile, 'utf8');
	}

	/** The pid of the program the shell is running (its first child), if any. */
	program(): number | undefined {
		const shell = this.info('#{pane_pid}');
		const found = spawnSync('pgrep', ['-P', shell], {encoding: 'utf8'}).stdout.trim().split('\n')[0];
		return found ? Number(found) : undefined;
	}

	/** Waits until `check(pane text)` holds and returns that text; fails showing the pane. */
	async until(check: (text: string) => boolean, what: string, ms = waitLimitMs): Promise<string> {
		return waitForText(() => this.text(), check, what, {timeoutMs: ms, everyMs: paneCheckMs});
	}

	/** Waits until the shell is back in front (the program has ended). */
	async untilShell(ms = waitLimitMs): Promise<void> {
		await waitFor(
			() => this.program() === undefined && this.info('#{pane_current_command}') === 'bash',
			'the program to end',
			{
				timeoutMs: ms,
				everyMs: paneCheckMs,
				show: () => this.text(),
			},
		);
	}

	kill(): void {
		spawnSync('tmux', ['-L', this.socket, 'kill-server']);
	}
}

/**
 * Whether a pane's text is one whole frame of the screen. The screen redraws by erasing its
 * last frame and writing the next from the top, and the terminal may take that in pieces:
 * until the footer's row (the one above the last) is back, the pane shows half a frame.
 */
export function wholeFrame(text: string): boolean {
	const rows = text.split('\n');
	return rows[0]!.startsWith(' penguin-view') && (rows.at(-2) ?? '').trim() !== '';
}

/** Removes a test folder; the pane's recorder may still be writing to it for a moment. */
export function removeFolder(folder: string): void {
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 10, retryDelay: 50});
}

/** The pane's state that hostile output could change; compared before, during and after a run. */
export const paneFlags = [
	'alternate_on',
	'pane_title',
	'window_name',
	'mouse_any_flag',
	'mouse_all_flag',
	'mouse_button_flag',
	'mouse_sgr_flag',
	'mouse_standard_flag',
	'mouse_utf8_flag',
	'keypad_flag',
	'keypad_cursor_flag',
	'insert_flag',
	'origin_flag',
	'wrap_flag',
	'scroll_region_upper',
	'scroll_region_lower',
] as const;

/** The current values of paneFlags. */
export function paneState(tmux: FaultTmux): Record<string, string> {
	const values = tmux.info(paneFlags.map(flag => `#{${flag}}`).join('\u001f')).split('\u001f');
	return Object.fromEntries(paneFlags.map((flag, index) => [flag, values[index] ?? '']));
}

// Numbers become `#` (`CSI #;#H`, `CSI ?#h`); OSC, DCS and the like show as `ESC ]`, `ESC P`;
// C1 and other controls by code point. A hostile run's shapes are compared with the screen's own.

/** The escape sequences and controls in `raw`, in a normalized shape. */
export function sequenceShapes(raw: string): Set<string> {
	const shapes = new Set<string>();
	// eslint-disable-next-line no-control-regex
	const pattern = new RegExp(
		String.raw`\u001b\[([\x30-\x3f]*)([\x20-\x2f]*)([\x40-\x7e])|\u001b([\x20-\x2f]*[\x30-\x7e])` +
			String.raw`|[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f-\u009f]`,
		'g',
	);
	for (const match of raw.matchAll(pattern)) {
		if (match[3] !== undefined) shapes.add(`CSI ${match[1]!.replace(/\d+/g, '#')}${match[2]}${match[3]}`);
		else if (match[4] !== undefined) shapes.add(`ESC ${match[4]}`);
		else shapes.add(`U+${match[0].charCodeAt(0).toString(16).padStart(4, '0')}`);
	}
	return shapes;
}
