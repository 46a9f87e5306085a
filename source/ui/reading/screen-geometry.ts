/**
 * How the screen divides the terminal, shared by the App and the first frame drawn before
 * Ink loads (ui/components/first-frame.ts), so that both show the same picture.
 */

/** The rows and columns the screen's parts take in a terminal of `columns` × `rows`. */
export type ScreenGeometry = {
	/** Rules above and below the body (a terminal of 12 rows or more). */
	rules: boolean;
	/** The body's rows. */
	height: number;
	/** The screen's width. */
	width: number;
	/** The panes' width: one column is the body's left margin. */
	paneWidth: number;
};

/** The rows the header, rules and footer take, for a terminal of `rows` rows. */
export function chromeRows(rows: number): {rules: boolean; chrome: number} {
	const rules = rows >= 12;
	return {rules, chrome: rules ? 6 : 4};
}

/**
 * The screen's geometry. One row fewer than the terminal: a frame as tall as the terminal
 * makes Ink clear the whole screen on every frame (Ink 6.8, build/ink.js, onRender: `if
 * (this.lastOutputHeight >= this.options.stdout.rows)` writes clearTerminal, ESC[2J ESC[3J
 * ESC[H, before the frame), which flickers; test/e2e/edge-layout.test.ts counts none.
 */
export function screenGeometry(columns: number, rows: number): ScreenGeometry {
	const {rules, chrome} = chromeRows(rows);
	const width = Math.max(10, columns);
	return {rules, height: Math.max(1, rows - 1 - chrome), width, paneWidth: width - 1};
}
