/**
 * --mouse: the wheel scrolls and a click puts the cursor on a row. The terminal reports the mouse (SGR mode,
 * 1006) as `ESC [ < button ; column ; row M`; Ink hands it over without the ESC. Opt-in,
 * because a terminal that reports the mouse no longer selects text with it.
 */

/** Turn the mouse reports on (buttons and the wheel, SGR coordinates) and off. */
export const mouseOn = '\u001b[?1000h\u001b[?1006h';
export const mouseOff = '\u001b[?1006l\u001b[?1000l';

export type MouseEvent =
	| {kind: 'wheel'; delta: number}
	| {kind: 'click'; row: number; column: number}
	| {kind: 'other'};

const report = /^\u001b?\[<(\d+);(\d+);(\d+)([Mm])$/;

/** The mouse event an input is, if it is one (rows and columns from 0). */
export function parseMouse(input: string): MouseEvent | undefined {
	const match = report.exec(input);
	if (!match) return undefined;
	const button = Number(match[1]);
	const column = Number(match[2]) - 1;
	const row = Number(match[3]) - 1;
	const press = match[4] === 'M';
	// 64 and 65: the wheel up and down (with Shift, Alt or Ctrl bits set too).
	if ((button & 0b1100_0011) === 64) return {kind: 'wheel', delta: -3};
	if ((button & 0b1100_0011) === 65) return {kind: 'wheel', delta: 3};
	if (press && (button & 0b1110_0011) === 0) return {kind: 'click', row, column};
	return {kind: 'other'};
}
