/**
 * What the terminal is known to do beyond drawing text, from the variables it sets: hyperlinks
 * (OSC 8), a progress signal in the tab (OSC 9;4), inline images (kitty's graphics protocol,
 * iTerm2's). Pure: the variables are read once by settings.ts and handed in. Lists, not
 * guesses: a terminal not named here gets no progress signal and no images; links are on
 * everywhere but where a terminal is known to show their bytes or drop them badly.
 */

/** The variables a terminal identifies itself by (settings.ts reads them). */
export type TerminalIdentity = {
	TERM?: string;
	TERM_PROGRAM?: string;
	TERM_PROGRAM_VERSION?: string;
	/** iTerm2's feature report: `P` is the progress signal (https://iterm2.com/feature-reporting/). */
	TERM_FEATURES?: string;
	/** iTerm2 also says itself here, and ssh passes it on. */
	LC_TERMINAL?: string;
	LC_TERMINAL_VERSION?: string;
	WT_SESSION?: string;
	ConEmuANSI?: string;
	KITTY_WINDOW_ID?: string;
	GHOSTTY_RESOURCES_DIR?: string;
	WEZTERM_PANE?: string;
	INSIDE_EMACS?: string;
	NO_COLOR?: string;
};

/** The names of {@link TerminalIdentity}, for settings.ts to read. */
export const terminalIdentityNames: readonly (keyof TerminalIdentity)[] = [
	'TERM',
	'TERM_PROGRAM',
	'TERM_PROGRAM_VERSION',
	'TERM_FEATURES',
	'LC_TERMINAL',
	'LC_TERMINAL_VERSION',
	'WT_SESSION',
	'ConEmuANSI',
	'KITTY_WINDOW_ID',
	'GHOSTTY_RESOURCES_DIR',
	'WEZTERM_PANE',
	'INSIDE_EMACS',
	'NO_COLOR',
];

const set = (value: string | undefined): boolean => value !== undefined && value !== '';

/** Whether `version` (`3.6.9`) is at least `major.minor.patch`. */
export function versionAtLeast(version: string | undefined, wanted: readonly number[]): boolean {
	if (!version) return false;
	const parts = version.split('.').map(part => Number.parseInt(part, 10));
	for (let i = 0; i < wanted.length; i++) {
		const have = parts[i] ?? 0;
		if (!Number.isFinite(have)) return false;
		if (have !== wanted[i]) return have > wanted[i]!;
	}
	return true;
}

/** kitty: OSC 9 is a notification there, never a progress signal. */
export function isKitty(env: TerminalIdentity): boolean {
	return env.TERM === 'xterm-kitty' || set(env.KITTY_WINDOW_ID) || env.TERM_PROGRAM === 'kitty';
}

/** iTerm2, by its own name or the one ssh carried over. */
function isITerm(env: TerminalIdentity): boolean {
	return env.TERM_PROGRAM === 'iTerm.app' || env.LC_TERMINAL === 'iTerm2';
}

/**
 * The first WezTerm build that reads OSC 9;4 (its nightly of 2025-02-10); the releases before it (20240203 is the
 * last) take any OSC 9 for a notification, so they get none. Inside tmux its version is tmux's: none either.
 */
const wezTermProgress = 20250210;

/** The date a WezTerm version begins with (`20240203-110809-5046fc22`), or 0. */
function wezTermDate(version: string | undefined): number {
	const match = /^(\d{8})-/.exec(version ?? '');
	return match ? Number(match[1]) : 0;
}

/**
 * Whether the terminal shows OSC 9;4 in its tab: Windows Terminal, ConEmu, ghostty (1.2+),
 * WezTerm builds since 2025-02-10, iTerm2 3.6.6+ (by its feature report or its version). Never kitty.
 */
export function progressSupported(env: TerminalIdentity): boolean {
	if (env.TERM === 'dumb' || isKitty(env)) return false;
	if (set(env.WT_SESSION) || env.ConEmuANSI === 'ON') return true;
	if (env.TERM_PROGRAM === 'ghostty' || set(env.GHOSTTY_RESOURCES_DIR)) return true;
	if (env.TERM_PROGRAM === 'WezTerm') return wezTermDate(env.TERM_PROGRAM_VERSION) >= wezTermProgress;
	if (isITerm(env)) {
		if (env.TERM_FEATURES !== undefined && /(^|[^A-Za-z])P/.test(env.TERM_FEATURES)) return true;
		const version = env.TERM_PROGRAM === 'iTerm.app' ? env.TERM_PROGRAM_VERSION : env.LC_TERMINAL_VERSION;
		return versionAtLeast(version, [3, 6, 6]);
	}
	return false;
}

/**
 * Whether OSC 8 links may be written: not under TERM=dumb or NO_COLOR, nor on the Linux
 * console, Apple's Terminal or inside Emacs, which print the sequence or leave stray bytes.
 */
export function linksSupported(env: TerminalIdentity): boolean {
	if (env.TERM === 'dumb' || env.TERM === 'linux' || set(env.NO_COLOR)) return false;
	if (env.TERM_PROGRAM === 'Apple_Terminal' || set(env.INSIDE_EMACS)) return false;
	return true;
}

/** The inline image protocol the terminal speaks, if any. */
export type ImageProtocol = 'kitty' | 'iterm' | undefined;

/** kitty's graphics protocol (kitty, ghostty), iTerm2's inline images (iTerm2, WezTerm), else none. */
export function imageProtocolOf(env: TerminalIdentity): ImageProtocol {
	if (env.TERM === 'dumb') return undefined;
	if (isKitty(env) || env.TERM_PROGRAM === 'ghostty' || set(env.GHOSTTY_RESOURCES_DIR)) return 'kitty';
	if (isITerm(env) || env.TERM_PROGRAM === 'WezTerm' || set(env.WEZTERM_PANE)) return 'iterm';
	return undefined;
}
