// On a light terminal, at 80×24 in tmux with `window-style 'bg=white,fg=black'` (and on a dark one, black): tmux
// answers the screen's OSC 11 question with the window's background, the screen picks the palette of that theme,
// and every cell's colours read from `capture-pane -e` meet the contrast the palettes promise (4.5 for text, 3 for
// dim text and the rules' decorations) against the theme's backgrounds (#ffffff and #fdf6e3, #000000 and #1e1e1e),
// in 24-bit, 256 and the 16 basic colours; with the cursor's bar and search matches (inverse) on screen too.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, expect, test} from 'vitest';
import {contrast} from '../../source/ui/panes/palette-choice.js';
import {paletteColours, xtermBasic, type Depth, type Rgb} from '../../source/ui/panes/palette.js';
import {FaultTmux, removeFolder, wholeFrame} from '../support/fault-tmux.js';
import {needTool} from '../support/optional-tool.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const trace = path.join(root, 'examples', 'session-2026-12-02-14-45-42-8e7b556c_001.jsonl');
/** Each theme's window in tmux: its style, the backgrounds to check on, and the text's colour by default. */
const windows = {
	light: {
		style: 'bg=white,fg=black',
		grounds: [
			[255, 255, 255],
			[0xfd, 0xf6, 0xe3],
		] as Rgb[],
		text: [0, 0, 0] as Rgb,
	},
	dark: {
		style: 'bg=black,fg=white',
		grounds: [
			[0, 0, 0],
			[0x1e, 0x1e, 0x1e],
		] as Rgb[],
		text: [0xe5, 0xe5, 0xe5] as Rgb,
	},
} as const;
type Theme = keyof typeof windows;
let pane: FaultTmux | undefined;
let folder = '';

afterEach(() => {
	try {
		pane?.tmux('kill-server');
	} catch {
		// Already gone.
	}
	pane = undefined;
	removeFolder(folder);
});

const cube = [0, 95, 135, 175, 215, 255];
/** The RGB of an xterm-256 colour (0–15: xterm's defaults). */
function rgbOf256(index: number): Rgb {
	if (index < 16) return xtermBasic[index]!;
	if (index >= 232) return [8 + 10 * (index - 232), 8 + 10 * (index - 232), 8 + 10 * (index - 232)];
	const n = index - 16;
	return [cube[Math.floor(n / 36)]!, cube[Math.floor(n / 6) % 6]!, cube[n % 6]!];
}

type Cell = {char: string; fg?: Rgb; bg?: Rgb; inverse: boolean; dim: boolean; row: number};

/** The cells of a `capture-pane -e` capture that hold a visible character, with the colours they are drawn in. */
export function cellsOf(capture: string): Cell[] {
	const cells: Cell[] = [];
	let state: Omit<Cell, 'char' | 'row'> = {inverse: false, dim: false};
	capture.split('\n').forEach((line, row) => {
		const parts = line.split(/(\u001B\[[\d;:]*m)/);
		for (const part of parts) {
			const sgr = /^\u001B\[([\d;:]*)m$/.exec(part);
			if (sgr) {
				state = applySgr(state, sgr[1]!);
				continue;
			}
			for (const char of part) if (char.trim() !== '') cells.push({char, row, ...state});
		}
	});
	return cells;
}

function applySgr(state: Omit<Cell, 'char' | 'row'>, params: string): Omit<Cell, 'char' | 'row'> {
	const next = {...state};
	const codes = params === '' ? [0] : params.split(/[;:]/).map(Number);
	for (let i = 0; i < codes.length; i++) {
		const code = codes[i]!;
		if (code === 0) Object.assign(next, {fg: undefined, bg: undefined, inverse: false, dim: false});
		else if (code === 2) next.dim = true;
		else if (code === 22) next.dim = false;
		else if (code === 7) next.inverse = true;
		else if (code === 27) next.inverse = false;
		else if (code >= 30 && code <= 37) next.fg = xtermBasic[code - 30];
		else if (code >= 90 && code <= 97) next.fg = xtermBasic[code - 90 + 8];
		else if (code >= 40 && code <= 47) next.bg = xtermBasic[code - 40];
		else if (code >= 100 && code <= 107) next.bg = xtermBasic[code - 100 + 8];
		else if (code === 39) next.fg = undefined;
		else if (code === 49) next.bg = undefined;
		else if (code === 38 || code === 48) {
			const colour: Rgb = codes[i + 1] === 5 ? rgbOf256(codes[i + 2]!) : [codes[i + 2]!, codes[i + 3]!, codes[i + 4]!];
			i += codes[i + 1] === 5 ? 2 : 4;
			if (code === 38) next.fg = colour;
			else next.bg = colour;
		}
	}
	return next;
}

/** The cells whose colours read below what they must, on each background of the theme, as lines to show. */
function lowCells(cells: readonly Cell[], theme: Theme, depth: Depth): string[] {
	const dim = paletteColours(theme, depth).dim.fg;
	const low: string[] = [];
	for (const cell of cells) {
		for (const ground of windows[theme].grounds) {
			let fg = cell.fg ?? windows[theme].text;
			let bg = cell.bg ?? ground;
			if (cell.inverse) [fg, bg] = [bg, fg];
			// Dim text and the frame's decorations (rules, bars: box drawing and blocks) need 3, text 4.5.
			const decoration = /[\u2500-\u259f]/.test(cell.char);
			const needed = String(cell.fg) === String(dim) || decoration ? 3 : 4.5;
			const ratio = contrast(fg, bg);
			if (cell.dim || ratio < needed)
				low.push(`row ${cell.row} '${cell.char}' ${fg}/${bg}${cell.dim ? ' SGR 2' : ''}: ${ratio.toFixed(2)}`);
		}
	}
	return low;
}

const depths: Array<[Depth, Record<string, string>]> = [
	['rgb', {COLORTERM: 'truecolor'}],
	['256', {}],
	['16', {TERM: 'xterm'}],
];

for (const [theme, depth, env] of (['light', 'dark'] as const).flatMap(theme =>
	depths.map(([depth, env]) => [theme, depth, env] as const),
)) {
	test(`${theme} window, ${depth} colours: every cell reads (text 4.5, dim and rules 3)`, async ctx => {
		needTool(ctx, 'tmux', 'the light window test');
		if (!existsSync(cli)) execFileSync('npm', ['run', 'build'], {cwd: root, stdio: 'ignore'});
		folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-light-'));
		pane = new FaultTmux(folder, 'light', 80, 24, {XDG_CONFIG_HOME: folder, ...env});
		pane.tmux('set-option', '-g', 'window-style', windows[theme].style);
		const term = env['TERM'] === undefined ? '' : `TERM=${env['TERM']} `;
		pane.run(`${term}node '${cli}' '${trace}'`);
		await pane.until(wholeFrame, 'the first frame');
		const cells = cellsOf(pane.styled());
		// The theme's palette was picked (tmux answers OSC 11 with the window's background): the model name's cyan.
		const cyan = paletteColours(theme, depth).cyan;
		expect(cells.some(cell => String(cell.fg) === String(cyan.fg) && String(cell.bg) === String(cyan.bg))).toBe(true);
		expect(lowCells(cells, theme, depth)).toEqual([]);
		// The cursor's bar and search matches (inverse): a search for `e`, then a move up.
		pane.keys('/', 'e', 'Enter');
		await pane.until(text => /match \d+ of \d+/.test(text), 'the search');
		// The count is a notice that goes after a while: the move is waited for by the footer's line, not by it. The
		// search may have landed on the first line (it wraps), where k has nowhere to go.
		const lineOf = (text: string): string | undefined => /line ([\d,]+) of/.exec(text)?.[1];
		const before = lineOf(pane.text());
		pane.keys(before === '1' ? 'j' : 'k');
		await pane.until(text => wholeFrame(text) && lineOf(text) !== undefined && lineOf(text) !== before, 'the move');
		const searched = cellsOf(pane.styled());
		expect(searched.some(cell => cell.inverse)).toBe(true);
		expect(lowCells(searched, theme, depth)).toEqual([]);
		pane.keys('q');
	});
}
