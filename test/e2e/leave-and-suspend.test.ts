// End to end, leaving things as less does: q closes the help, the notice log and the timeline and the program goes on;
// Ctrl+Z gives the terminal back to the shell (normal screen, cursor shown) and fg brings the screen back, the keys
// typed
// at the shell meanwhile never reaching it.
import {copyFileSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux, removeFolder, wholeFrame} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const shard = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-leave-'));
	copyFileSync(path.join(root, 'test', 'fixtures', 'traces', shard), path.join(folder, shard));
}, 60_000);

afterEach(() => {
	pane?.kill();
	pane = undefined;
});

afterAll(() => removeFolder(folder));

/** The session on screen, whole, with the main view's key hints in its last row. */
const onSession = (text: string): boolean =>
	wholeFrame(text) && text.includes('tools 4') && /\? help · q quit\s*$/.test(text);

test('q closes the help, the notice log and the timeline, and returns to the session; q there quits', async () => {
	pane = new FaultTmux(folder, 'e2e-leave', 80, 24);
	await pane.clear(folder);
	pane.run(`node ${cli} --no-follow ${shard}`);
	await pane.until(onSession, 'the session');
	for (const [open, shown] of [
		['?', 'q, Esc or ? closes'],
		['M', 'notice log'],
		['T', 'requests'],
	] as const) {
		pane.keys(open);
		await pane.until(text => text.includes(shown) && !onSession(text), `${open} open`);
		pane.keys('q');
		await pane.until(onSession, `the session again after ${open} then q`);
		expect(pane.program(), `still running after ${open} then q`).toBeDefined();
	}
	pane.keys('q');
	await pane.untilShell();
});

test(
	'Ctrl+Z: the shell has the terminal as it was; keys typed there stay ' +
		'there; fg draws the screen again, at the size the terminal has now',
	async () => {
		pane = new FaultTmux(folder, 'e2e-suspend', 80, 24);
		await pane.clear(folder);
		pane.run(`node ${cli} --no-follow --mouse ${shard}`);
		await pane.until(onSession, 'the session');
		expect(pane.info('#{alternate_on} #{mouse_any_flag}#{mouse_button_flag}')).not.toBe('0 00');
		pane.keys('C-z');
		await pane.until(
			text => /Stopped\s+node/.test(text) && /\$ $/.test(text.trimEnd() + ' '),
			'the shell, the job stopped',
		);
		// The normal screen, the cursor shown, no mouse reporting.
		expect(pane.info('#{alternate_on} #{cursor_flag} #{mouse_any_flag}#{mouse_button_flag}#{mouse_all_flag}')).toBe(
			'0 1 000',
		);
		// Keys the screen would take (q quits it, / opens its search) go to the shell.
		pane.run('echo typed-at-the-shell q /');
		await pane.until(text => text.includes('\ntyped-at-the-shell q /'), 'the shell running the line');
		// A resize while stopped is told to the shell alone: the screen asks the size again when it continues.
		pane.tmux('resize-window', '-t', pane.session, '-x', '90', '-y', '26');
		pane.run('fg');
		const back = await pane.until(text => /back from the shell\s*$/.test(text) && wholeFrame(text), 'the screen again');
		expect(pane.info('#{alternate_on}')).toBe('1');
		expect(back.split('\n')[2], "the header's rule, across the new width").toBe('─'.repeat(90));
		pane.keys('q');
		await pane.untilShell();
	},
);
