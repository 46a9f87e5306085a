/**
 * Which palette a run draws with: the theme from --theme (or config.toml), else the terminal's background as it
 * answered OSC 11, else COLORFGBG, else dark; the depth from COLORTERM and TERM. Pure: what was read is handed in.
 */
import type {TerminalEnv} from '../../settings.js';
import {palette, type Depth, type Palette, type Rgb, type Theme, type ThemeChoice} from './palette.js';

/** WCAG's relative luminance of a colour. */
export function luminance([r, g, b]: Rgb): number {
	const linear = (value: number): number => {
		const c = value / 255;
		return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
	const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
	return (light + 0.05) / (dark + 0.05);
}

/** A background is light when black text on it reads better than white. */
export function themeOfBackground(background: Rgb): Theme {
	return contrast(background, [0, 0, 0]) > contrast(background, [255, 255, 255]) ? 'light' : 'dark';
}

/**
 * The theme COLORFGBG says (`15;0`, `0;default;15`: the last field is the background's basic colour), as vim reads
 * it: 0–6 and 8 are dark, the others light; undefined when it says nothing.
 */
export function themeOfColorFgBg(value: string | undefined): Theme | undefined {
	const last = value?.split(';').at(-1);
	if (last === undefined || !/^\d+$/.test(last)) return undefined;
	const index = Number(last);
	return index <= 6 || index === 8 ? 'dark' : 'light';
}

/**
 * The colours the terminal takes: 24-bit for COLORTERM=truecolor or 24bit, or a terminfo entry of 2^24 colours
 * (`xterm-direct`); 256 for a TERM of 256 colours by name or by its entry (`colours`: its terminfo entry's
 * `colors`); the 16 basic ones otherwise.
 */
export function depthOf(env: TerminalEnv, colours = 0): Depth {
	const colorTerm = env.COLORTERM?.toLowerCase();
	if (colorTerm === 'truecolor' || colorTerm === '24bit' || colours >= 2 ** 24) return 'rgb';
	return env.TERM?.includes('256color') || colours >= 256 ? '256' : '16';
}

/** The theme of a run: the choice when it names one, else the background's answer, else COLORFGBG, else dark. */
export function themeOf(choice: ThemeChoice, answer: Rgb | undefined, env: TerminalEnv): Theme {
	if (choice !== 'auto') return choice;
	if (answer !== undefined) return themeOfBackground(answer);
	return themeOfColorFgBg(env.COLORFGBG) ?? 'dark';
}

/** The palette of a run (`terminfoColours`: the `colors` of TERM's terminfo entry, when one was found). */
export function paletteOf(
	choice: ThemeChoice,
	answer: Rgb | undefined,
	env: TerminalEnv,
	terminfoColours?: number,
): Palette {
	return palette(themeOf(choice, answer, env), depthOf(env, terminfoColours));
}
