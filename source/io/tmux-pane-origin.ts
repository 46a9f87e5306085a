/**
 * Where a tmux pane starts on the outer terminal, for what is drawn there by a cursor move
 * inside tmux's passthrough (iTerm2's pictures: render/iterm-placement.ts): the pane's top and
 * left in its window, below a status line at the top.
 */
import {spawnSync} from 'node:child_process';

/** The outer terminal's row and column (0-based) of a pane's first cell. */
export type PaneOrigin = {row: number; column: number};

/** tmux answers at once; a stuck server must not hold the screen up. */
const askMs = 1000;

/** Where `pane` (TMUX_PANE, e.g. `%3`) starts, asked of tmux; undefined if it did not say. */
export function tmuxPaneOrigin(pane: string | undefined): PaneOrigin | undefined {
	if (pane === undefined || !/^%\d+$/.test(pane)) return undefined;
	const format = '#{pane_top} #{pane_left} #{status} #{status-position}';
	const result = spawnSync('tmux', ['display-message', '-p', '-t', pane, format], {
		encoding: 'utf8',
		timeout: askMs,
	});
	const match = /^(\d+) (\d+) (\w+) (\w+)$/.exec(result.status === 0 ? result.stdout.trim() : '');
	if (!match) return undefined;
	const [, top, left, status, position] = match;
	// `status` is on, off or the number of status lines.
	const statusLines = status === 'on' ? 1 : status === 'off' ? 0 : Number(status);
	return {row: Number(top) + (position === 'top' ? statusLines : 0), column: Number(left)};
}
