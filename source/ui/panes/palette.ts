/**
 * The screen's colours: every colour a row, the code highlighter and the frame's rules use is a
 * role (`Color` in segments.ts, and `dim` for dim text), and a palette gives each role its colour
 * for the terminal's background (dark or light) and its depth (24-bit, 256 or the 16 basic
 * colours). Every pair the screen draws has a WCAG contrast of at least 4.5 (text) or 3 (dim text)
 * on the backgrounds of each theme (test/ui/palette-contrast.test.ts); docs/themes.md says why.
 */
import type {Color} from './segments.js';

/** What --theme and config.toml's theme ask for. */
export type ThemeChoice = 'auto' | 'dark' | 'light';

/** A theme a run draws with. */
export type Theme = 'dark' | 'light';

/** How many colours the terminal takes: 24-bit, the 256 of xterm, or the 16 basic ones. */
export type Depth = 'rgb' | '256' | '16';

/** A role: a colour name the rows use, or dim text (drawn in a colour of its own, not SGR 2). */
export type Role = Color | 'dim';

/** Red, green and blue, 0–255 each. */
export type Rgb = readonly [number, number, number];

/** A role's look: its foreground, and a background of its own where no foreground alone reads well. */
export type Look<Colour> = {readonly fg: Colour; readonly bg?: Colour};

/** The choice of a checked flag value (flag-checks.ts refuses any other word); undefined is auto. */
export function themeChoiceOf(word: string | undefined): ThemeChoice {
	return word === 'dark' || word === 'light' ? word : 'auto';
}

const hex = (text: string): Rgb => [
	Number.parseInt(text.slice(0, 2), 16),
	Number.parseInt(text.slice(2, 4), 16),
	Number.parseInt(text.slice(4, 6), 16),
];

/** xterm's default RGB values of the 16 basic colours (0–7, then the bright 8–15). */
export const xtermBasic: readonly Rgb[] = [
	'000000',
	'cd0000',
	'00cd00',
	'cdcd00',
	'0000ee',
	'cd00cd',
	'00cdcd',
	'e5e5e5',
	'7f7f7f',
	'ff0000',
	'00ff00',
	'ffff00',
	'5c5cff',
	'ff00ff',
	'00ffff',
	'ffffff',
].map(hex);

/**
 * The 24-bit and 256-colour palettes: every colour is one of xterm's 256 (its 6×6×6 cube or its
 * grey ramp), so that both depths draw the very same RGB.
 */
const rich: Record<Theme, Record<Role, string>> = {
	dark: {
		red: 'ff5f5f',
		green: '5fd75f',
		yellow: 'ffd75f',
		blue: '5fafff',
		magenta: 'd787ff',
		cyan: '5fd7d7',
		gray: 'a8a8a8',
		white: 'e4e4e4',
		dim: '808080',
	},
	light: {
		red: 'af0000',
		green: '005f00',
		yellow: '875f00',
		blue: '0000d7',
		magenta: '870087',
		cyan: '005f87',
		gray: '585858',
		white: '262626',
		dim: '767676',
	},
};

/**
 * The 16-colour palettes, as indexes of the basic colours. No basic red or blue reads on a dark grey
 * background, and no basic green, yellow, cyan or magenta on white: those roles are drawn as a badge,
 * black or white on the colour, which keeps the hue and reads on any background.
 */
const basic: Record<Theme, Record<Role, Look<number>>> = {
	dark: {
		red: {fg: 15, bg: 1},
		green: {fg: 2},
		yellow: {fg: 3},
		blue: {fg: 15, bg: 4},
		magenta: {fg: 13},
		cyan: {fg: 6},
		gray: {fg: 7},
		white: {fg: 15},
		dim: {fg: 8},
	},
	light: {
		red: {fg: 1},
		green: {fg: 0, bg: 2},
		yellow: {fg: 0, bg: 3},
		blue: {fg: 4},
		magenta: {fg: 15, bg: 5},
		cyan: {fg: 0, bg: 6},
		gray: {fg: 0},
		white: {fg: 0},
		dim: {fg: 8},
	},
};

/** The roles, in one order. */
export const roles: readonly Role[] = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'gray', 'white', 'dim'];

/** Each role's colours as RGB, in `theme` at `depth` (the 16 basic ones as xterm draws them by default). */
export function paletteColours(theme: Theme, depth: Depth): Record<Role, Look<Rgb>> {
	const out = {} as Record<Role, Look<Rgb>>;
	for (const role of roles) {
		if (depth === '16') {
			const look = basic[theme][role];
			out[role] = {fg: xtermBasic[look.fg]!, ...(look.bg === undefined ? {} : {bg: xtermBasic[look.bg]!})};
		} else out[role] = {fg: hex(rich[theme][role])};
	}
	return out;
}

/** The SGR that starts and ends each role. */
export type Palette = {readonly theme: Theme | 'classic'; readonly sgr: Readonly<Record<Role, Sgr>>};

/** An SGR pair: the parameters that turn a look on, and the ones that turn it off. */
export type Sgr = {readonly open: string; readonly close: string};

const cube = [0, 95, 135, 175, 215, 255];

/** The xterm-256 index of an RGB that is one of its colours (the palettes above hold no other). */
export function xterm256Index([r, g, b]: Rgb): number {
	const at = (value: number): number => cube.indexOf(value);
	if (at(r) >= 0 && at(g) >= 0 && at(b) >= 0) return 16 + 36 * at(r) + 6 * at(g) + at(b);
	// The grey ramp: 8, 18, …, 238.
	return 232 + Math.round((r - 8) / 10);
}

const sgrOfBasic = (index: number, ground: 30 | 40): string =>
	String(index < 8 ? ground + index : ground + 60 + index - 8);

/** The palette of `theme` at `depth`. */
export function palette(theme: Theme, depth: Depth): Palette {
	const sgr = {} as Record<Role, Sgr>;
	for (const role of roles) {
		if (depth === '16') {
			const look = basic[theme][role];
			const bg = look.bg === undefined ? undefined : sgrOfBasic(look.bg, 40);
			sgr[role] = {
				open: bg === undefined ? sgrOfBasic(look.fg, 30) : `${sgrOfBasic(look.fg, 30)};${bg}`,
				close: bg === undefined ? '39' : '39;49',
			};
		} else {
			const rgb = hex(rich[theme][role]);
			sgr[role] = {open: depth === '256' ? `38;5;${xterm256Index(rgb)}` : `38;2;${rgb.join(';')}`, close: '39'};
		}
	}
	return {theme, sgr};
}

/**
 * The colours the screen drew before it had themes (the basic colours by name, dim as SGR 2): what a screen drawn
 * without a palette (a test's) still shows.
 */
export const classicPalette: Palette = {
	theme: 'classic',
	sgr: {
		red: {open: '31', close: '39'},
		green: {open: '32', close: '39'},
		yellow: {open: '33', close: '39'},
		blue: {open: '34', close: '39'},
		magenta: {open: '35', close: '39'},
		cyan: {open: '36', close: '39'},
		gray: {open: '90', close: '39'},
		white: {open: '37', close: '39'},
		dim: {open: '2', close: '22'},
	},
};
