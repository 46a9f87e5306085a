/** The screen's colours in a light and a dark palette, and which one a run draws with. */

/** What --theme and config.toml's theme ask for. */
export type ThemeChoice = 'auto' | 'dark' | 'light';

/** The choice of a checked flag value (flag-checks.ts refuses any other word); undefined is auto. */
export function themeChoiceOf(word: string | undefined): ThemeChoice {
	return word === 'dark' || word === 'light' ? word : 'auto';
}
