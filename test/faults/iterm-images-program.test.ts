// iTerm2's inline images as the built program writes them, in tmux at 80×24, for a terminal that says it is iTerm2
// (TERM_PROGRAM=iTerm.app and its version) or WezTerm: the picture at its row and column under its label, sized in
// cells, the cells blank on the screen; none with --no-images, nor for a terminal not known to draw images.
import {copyFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {fixturesDir} from '../helpers/recordings.js';
import {makeTempDir} from '../support/io-fixtures.js';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';

const traceName = 'session-2026-12-02-15-00-00-1a2b3c4d_001.jsonl';
const drawn = /\u001b7\u001b\[(\d+);(\d+)H\u001b\]1337;File=inline=1;size=156;width=3;height=1;preserveAspectRatio=1:/;
let dir = '';
let tmux: FaultTmux | undefined;

afterEach(() => {
	tmux?.kill();
	removeFolder(dir);
});

/** What the program wrote in a terminal that sets `env`, from its start to its exit, and the screen while it ran. */
async function run(
	env: Record<string, string>,
	flags = '',
	split?: (pane: FaultTmux) => string,
): Promise<{raw: string; rows: string[]}> {
	dir = makeTempDir('penguin-view-iterm-program-');
	copyFileSync(path.join(fixturesDir, 'images', traceName), path.join(dir, traceName));
	tmux = new FaultTmux(dir, 'iterm', 80, 24, env);
	const inside = split?.(tmux) ?? '';
	tmux.run(`cd '${dir}'`);
	await tmux.clear();
	tmux.record();
	tmux.run(`${inside}node ${builtCli} ${flags} ${traceName}; echo "rc=$?"`);
	// Ink's frame, not the one drawn while it loads.
	await tmux.until(pane => pane.includes('read_image') && pane.includes('idle · following'), 'the screen');
	const rows = tmux.rows();
	tmux.keys('q');
	await tmux.untilShell();
	await tmux.until(pane => /^rc=\d+$/m.test(pane), 'the exit code');
	tmux.stopRecording();
	return {raw: tmux.raw(), rows};
}

describe('iTerm2 images from the built program', () => {
	it('iTerm2: the picture over blank cells under its label', async () => {
		const {raw, rows} = await run({TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.5.10'});
		const [, row, column] = drawn.exec(raw)!.map(Number);
		expect(rows[row! - 2]).toContain('▣ you  [image/png 8×6, 156 B]');
		expect(rows[row! - 2]!.indexOf('▣')).toBe(column! - 3);
		// (capture-pane leaves out a row's trailing blanks.)
		expect(rows[row! - 1]!.padEnd(80).slice(column! - 1, column! + 2)).toBe('   ');
		expect(raw).not.toContain('\u{10EEEE}');
	});

	it('inside tmux, the right pane, a status line on top: placed where the pane is, through passthrough', async () => {
		const iterm = {TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.5.10'};
		const {raw, rows} = await run(iterm, '', pane => {
			// A clean shell as the first pane's, in the new pane (the active one, which the test types into).
			const shell = `env -i PATH="${process.env['PATH'] ?? ''}" HOME="${dir}" HISTFILE=/dev/null CI=false`;
			const names = Object.entries(iterm).map(([key, value]) => `${key}="${value}"`);
			pane.tmux(
				'split-window',
				'-h',
				'-t',
				pane.session,
				`${shell} ${names.join(' ')} TERM=xterm-256color PS1='$ ' bash --norc --noprofile`,
			);
			pane.tmux('set-option', '-g', 'status-position', 'top');
			// What tmux sets in a pane (the fault panes start with a clean environment).
			const socket = pane.info('#{socket_path}');
			return `TMUX='${socket},${pane.info('#{pid}')},0' TMUX_PANE='${pane.info('#{pane_id}')}' `;
		});
		const left = Number(tmux!.info('#{pane_left}'));
		expect(left).toBeGreaterThan(30);
		const passed =
			/\u001bPtmux;\u001b\u001b7\u001b\u001b\[(\d+);(\d+)H\u001b\u001b\]1337;File=inline=1;size=156;width=3;/;
		const [, row, column] = passed.exec(raw)!.map(Number);
		// One status line above the window, the pane `left` columns from its left edge.
		const label = rows.findIndex(text => text.includes('▣ you  [image/png 8×6, 156 B]'));
		expect(row).toBe(label + 2 + 1);
		expect(column).toBe(rows[label]!.indexOf('▣') + 3 + left);
	});

	it('WezTerm: the same', async () => {
		const {raw} = await run({TERM_PROGRAM: 'WezTerm', TERM_PROGRAM_VERSION: '20240203-110809-5046fc22'});
		expect(raw).toMatch(drawn);
	});

	it('--no-images, or a terminal not known to draw them: labels alone', async () => {
		const iterm = await run({TERM_PROGRAM: 'iTerm.app', TERM_PROGRAM_VERSION: '3.5.10'}, '--no-images');
		expect(iterm.raw).not.toContain('1337;File=');
		expect(iterm.rows.join('\n')).toContain('▣ you  [image/png 8×6, 156 B]');
		tmux?.kill();
		removeFolder(dir);
		const plain = await run({});
		expect(plain.raw).not.toContain('1337;File=');
	});
});
