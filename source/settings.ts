/**
 * Everything the run reads from its environment besides the flags, read once at the entry
 * (cli.tsx) and handed down: no other module reads `process.env` (test/architecture.test.ts).
 */
import {readFile} from 'node:fs/promises';
import {homedir, hostname} from 'node:os';
import path from 'node:path';
import {configFileName, configOf, noConfig, type ConfigFile} from './config-keys.js';
import {faultKindOf, type FaultKind} from './fault.js';
import {terminfoColours, terminfoFolders} from './terminfo-colours.js';
import {terminalIdentityNames, type TerminalIdentity} from './render/terminal-features.js';

/**
 * Switches that turn an optimisation off, kept where a test or the bench needs the reference
 * path (docs/performance.md lists them). Each is on unless its variable is `0`.
 */
export type Switches = {
	/**
	 * PENGUIN_VIEW_KERNEL=0: print mode reads every tool output and every call's arguments the usual way, without its
	 * WebAssembly kernels (the reference of test/cli/print-mixes.test.ts).
	 */
	kernel: boolean;
	/** PENGUIN_VIEW_TAIL_FIRST=0: the screen reads a trace from its first byte, not its end first. */
	tailFirst: boolean;
	/** PENGUIN_VIEW_KEYS_AT_ONCE=0: Ink's own throttle of 60 frames a second is back. */
	keysAtOnce: boolean;
	/** PENGUIN_VIEW_QUIET_OFFSCREEN=0: every change draws a frame, even one nothing on screen shows. */
	quietOffscreen: boolean;
	/**
	 * PENGUIN_VIEW_WARM_MS: how often changes that show nowhere are still drawn, to keep the frame's code warm (ms, 250).
	 */
	warmMs: number;
	/**
	 * PENGUIN_VIEW_GREP_THREADS: how many worker threads `--grep` searches sessions in (0 or 1: in the program's own;
	 * unset: one a core, at most 4, once the sessions hold 16 MiB or more).
	 */
	grepThreads: number | undefined;
};

/** The switches the screen reads. */
export type ScreenSwitches = Pick<Switches, 'keysAtOnce' | 'quietOffscreen' | 'warmMs'>;

/** The switches of a run with none turned off. */
export const defaultSwitches: Readonly<Switches> = {
	kernel: true,
	tailFirst: true,
	keysAtOnce: true,
	quietOffscreen: true,
	warmMs: 250,
	grepThreads: undefined,
};

/**
 * What decides how y copies (ui/screen/clipboard-choice.ts): where the program runs, the desktop, where commands are.
 */
export type ClipboardEnv = {
	/** SSH_CONNECTION or SSH_TTY: the program runs on another machine than the reader's screen. */
	remote: boolean;
	/** WAYLAND_DISPLAY is set (wl-copy). */
	wayland: boolean;
	/** DISPLAY is set (xclip, xsel). */
	x11: boolean;
	/** macOS (pbcopy). */
	macos: boolean;
	/** PATH, where the clipboard commands are looked for. */
	path: string;
};

/**
 * The variables that decide colour and the screen (render/color.ts reads them; COLORFGBG and COLORTERM the theme,
 * ui/panes/palette-choice.ts).
 */
export type TerminalEnv = {
	TERM?: string;
	NO_COLOR?: string;
	FORCE_COLOR?: string;
	COLORFGBG?: string;
	COLORTERM?: string;
};

export type Settings = {
	/** The `colors` of TERM's terminfo entry (terminfo-colours.ts), read by loadSettings; undefined: none found. */
	terminfoColours?: number;
	/** Where the saved logins and config.toml live (`$XDG_CONFIG_HOME/penguin-view`, else `~/.config/penguin-view`). */
	configDir: string;
	/** What config.toml sets (config-keys.ts), read once by loadSettings; the command line overrides it. */
	config: ConfigFile;
	/** The directory relative paths are read from. */
	cwd: string;
	/** The user's home folder: what --redact hides as `[redacted:home]`, and `~` in a file name w writes to. */
	home: string;
	now: () => number;
	/** PENGUIN_VIEW_COOKIE: the session cookie, as `--cookie` gives it. */
	envCookie?: string;
	/** PENGUIN_PASSWORD: the password `--user` logs in with (else asked on a terminal). */
	password?: string;
	/** The harness's data root: `$PENGUIN_HOME`, else `~/.penguin/data`. */
	dataRoot: string;
	terminal: TerminalEnv;
	/** The pager of `v`: $PAGER, else `less -R`. */
	pager: string;
	/** The shell | runs a command with: $SHELL, else /bin/sh. */
	shell: string;
	/** PENGUIN_VIEW_HISTORY_MS: how long a stream's history may go unanswered (ms; unset: the client's 10 s). */
	historyAnswerMs?: number;
	/** PENGUIN_VIEW_FAULT: a failure injected on purpose, for the fault tests (fault.ts). */
	fault?: FaultKind;
	switches: Switches;
	/** TMUX is set: escapes meant for the outer terminal (--notify) go through tmux's passthrough. */
	insideTmux: boolean;
	/** TMUX_PANE: the pane this program runs in, inside tmux (where iTerm2's pictures go: io/tmux-pane-origin.ts). */
	tmuxPane?: string;
	/** How y can copy. */
	clipboard: ClipboardEnv;
	/** The variables the terminal names itself by: what it shows besides text (render/terminal-features.ts). */
	terminalIdentity: TerminalIdentity;
	/** The editor of `O`: $VISUAL, else $EDITOR, else vi (as less's `v`). */
	editor: string;
	/** This machine's name: the host of `file://` links. */
	hostname: string;
};

/** The settings of a process with environment `env`. */
export function readSettings(
	env: NodeJS.ProcessEnv,
	home: string = homedir(),
	cwd: string = process.cwd(),
	platform: NodeJS.Platform = process.platform,
	config: ConfigFile = noConfig,
): Settings {
	const historyMs = Number(env['PENGUIN_VIEW_HISTORY_MS']);
	const warmMs = Number(env['PENGUIN_VIEW_WARM_MS']);
	const grepThreads = Number(env['PENGUIN_VIEW_GREP_THREADS']);
	const on = (name: string): boolean => env[name] !== '0';
	return {
		configDir: configDirFrom(env, home),
		config,
		cwd,
		home,
		now: Date.now,
		envCookie: env['PENGUIN_VIEW_COOKIE'],
		password: env['PENGUIN_PASSWORD'],
		dataRoot: dataRootFrom(env, home),
		terminal: {
			TERM: env['TERM'],
			NO_COLOR: env['NO_COLOR'],
			FORCE_COLOR: env['FORCE_COLOR'],
			COLORFGBG: env['COLORFGBG'],
			COLORTERM: env['COLORTERM'],
		},
		pager: pagerFrom(env),
		shell: env['SHELL']?.trim() || '/bin/sh',
		historyAnswerMs: Number.isInteger(historyMs) && historyMs > 0 ? historyMs : undefined,
		fault: faultKindOf(env['PENGUIN_VIEW_FAULT']),
		insideTmux: (env['TMUX'] ?? '') !== '',
		tmuxPane: (env['TMUX'] ?? '') !== '' && env['TMUX_PANE'] ? env['TMUX_PANE'] : undefined,
		clipboard: clipboardEnvFrom(env, platform),
		terminalIdentity: Object.fromEntries(
			terminalIdentityNames.filter(name => env[name] !== undefined).map(name => [name, env[name]]),
		),
		editor: env['VISUAL']?.trim() || env['EDITOR']?.trim() || 'vi',
		hostname: hostname(),
		switches: {
			kernel: on('PENGUIN_VIEW_KERNEL'),
			tailFirst: on('PENGUIN_VIEW_TAIL_FIRST'),
			keysAtOnce: on('PENGUIN_VIEW_KEYS_AT_ONCE'),
			quietOffscreen: on('PENGUIN_VIEW_QUIET_OFFSCREEN'),
			warmMs:
				env['PENGUIN_VIEW_WARM_MS'] !== undefined && Number.isFinite(warmMs) && warmMs >= 0
					? warmMs
					: defaultSwitches.warmMs,
			grepThreads:
				env['PENGUIN_VIEW_GREP_THREADS'] !== undefined && Number.isInteger(grepThreads) && grepThreads >= 0
					? grepThreads
					: undefined,
		},
	};
}

/** The settings of this process, config.toml and TERM's terminfo colours read with them (cli.tsx calls it once). */
export async function loadSettings(env: NodeJS.ProcessEnv): Promise<Settings> {
	const home = homedir();
	const [config, colours] = await Promise.all([
		readConfigFile(configDirFrom(env, home)),
		terminfoColours(env['TERM'], terminfoFolders(env, home)),
	]);
	const settings = readSettings(env, home, process.cwd(), process.platform, config);
	return colours === undefined ? settings : {...settings, terminfoColours: colours};
}

/**
 * The config file of a config directory: none is no problem; one that cannot be read or parsed is one line (with
 * the line of the TOML error), and every key at its default.
 */
export async function readConfigFile(dir: string): Promise<ConfigFile> {
	const file = path.join(dir, configFileName);
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'ENOENT' || code === 'ENOTDIR') return noConfig;
		return {values: {}, problems: [`${file}: cannot be read (${code ?? 'error'}); every key at its default`]};
	}
	// The parser is loaded only when there is a file (most runs have none).
	const {parse, TomlError} = await import('smol-toml');
	try {
		const read = configOf(parse(text));
		return {values: read.values, problems: read.problems.map(problem => `${file}: ${problem}`)};
	} catch (error) {
		if (!(error instanceof TomlError)) throw error;
		const first = error.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '');
		return {
			values: {},
			problems: [`${file} line ${error.line}: not TOML (${first}); every key at its default`],
		};
	}
}

/**
 * The config directory: `$XDG_CONFIG_HOME/penguin-view`, else `~/.config/penguin-view` (a relative XDG_CONFIG_HOME is
 * ignored, as the XDG spec asks).
 */
export function configDirFrom(env: NodeJS.ProcessEnv, home: string): string {
	const xdg = env['XDG_CONFIG_HOME'];
	const base = xdg !== undefined && path.isAbsolute(xdg) ? xdg : path.join(home, '.config');
	return path.join(base, 'penguin-view');
}

/** The data root: `$PENGUIN_HOME`, else `~/.penguin/data`. */
export function dataRootFrom(env: NodeJS.ProcessEnv, home: string): string {
	const fromEnv = env['PENGUIN_HOME'];
	return fromEnv && fromEnv.length > 0 ? fromEnv : path.join(home, '.penguin', 'data');
}

/** The pager command: $PAGER when set, else `less -R`. */
export function pagerFrom(env: NodeJS.ProcessEnv): string {
	const pager = env['PAGER']?.trim();
	return pager === undefined || pager === '' ? 'less -R' : pager;
}

/** The facts y's choice of clipboard reads (a variable set to nothing counts as unset). */
export function clipboardEnvFrom(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): ClipboardEnv {
	const set = (name: string): boolean => (env[name] ?? '') !== '';
	return {
		remote: set('SSH_CONNECTION') || set('SSH_TTY'),
		wayland: set('WAYLAND_DISPLAY'),
		x11: set('DISPLAY'),
		macos: platform === 'darwin',
		path: env['PATH'] ?? '',
	};
}
