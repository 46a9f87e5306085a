// End to end, | and w at 80×24: the pane under the cursor piped to a command through the shell (its output on the
// normal screen, a key to go back, the footer saying how it ended) and written to a file (~ expanded, an existing
// file asked about), the trace's escapes never in either.
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux, removeFolder, wholeFrame} from '../support/fault-tmux.js';
import {waitFor} from '../support/wait-for.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const shard = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
const seq = `${Array.from({length: 300}, (_, i) => i + 1).join('\n')}\n`;
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-hand-'));
	copyFileSync(path.join(root, 'test', 'fixtures', 'traces', shard), path.join(folder, shard));
}, 60_000);

afterEach(() => {
	pane?.kill();
	pane = undefined;
});

afterAll(() => removeFolder(folder));

/** The footer's last row (the frame keeps the terminal's last row free). */
const footer = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

/** The screen on the session with the `seq 1 300` call under the cursor. */
async function onSeq(name: string, env: Record<string, string> = {}): Promise<FaultTmux> {
	const tmux = new FaultTmux(folder, name, 80, 24, env);
	await tmux.clear(folder);
	tmux.run(`node ${cli} --no-follow ${shard}`);
	await tmux.until(text => wholeFrame(text) && text.includes('tools 4'), 'the session');
	tmux.keys('/');
	tmux.keys('-l', 'seq 1 300');
	tmux.keys('Enter');
	await tmux.until(
		text => /›.*seq 1 300/.test(text) && footer(text).includes('match 1 of'),
		'the call under the cursor',
	);
	return tmux;
}

/** Waits until a `sleep` runs in the program's job (its process group): the command or the pager has started. */
async function untilSleeping(tmux: FaultTmux): Promise<void> {
	await waitFor(() => {
		const job = tmux.program();
		return job !== undefined && spawnSync('pgrep', ['-g', String(job), '-x', 'sleep']).status === 0;
	}, 'the sleep to run');
}

/** Types a line into the footer's prompt opened by `key`, and Enter. */
function prompt(tmux: FaultTmux, key: string, line: string): void {
	tmux.keys(key);
	tmux.keys('-l', line);
	tmux.keys('Enter');
}

test(
	'| wc -l: the output on the normal screen, a key to go back, ' +
		'the footer says how it ended; a missing command and Ctrl+C say so',
	async () => {
		pane = await onSeq('e2e-pipe');
		prompt(pane, '|', 'wc -l');
		const shown = await pane.until(
			text => text.includes('| wc -l: exit 0: press a key to go back'),
			'the command done',
		);
		expect(shown).toMatch(/^\s*300\s*$/m);
		expect(pane.info('#{alternate_on}')).toBe('0');
		pane.keys('j');
		await pane.until(text => wholeFrame(text) && footer(text).startsWith(' | wc -l: exit 0'), 'the screen again');
		expect(pane.info('#{alternate_on}')).toBe('1');
		prompt(pane, '|', 'penguin-view-no-such-command');
		await pane.until(text => text.includes('press a key to go back'), 'the command done');
		pane.keys('Enter');
		await pane.until(
			text => wholeFrame(text) && footer(text).includes('| penguin-view-no-such-command: exit 127 (command not found)'),
			'the failure said',
		);
		// Ctrl+C stops the command, not the screen (the terminal sends SIGINT to the whole job).
		prompt(pane, '|', 'sleep 60');
		await untilSleeping(pane);
		pane.keys('C-c');
		await pane.until(text => text.includes('| sleep 60: killed by SIGINT: press a key'), 'the command stopped');
		pane.keys('Enter');
		await pane.until(
			text => wholeFrame(text) && footer(text).includes('| sleep 60: killed by SIGINT'),
			'the screen again',
		);
		expect(pane.program()).toBeDefined();
		pane.keys('q');
		await pane.untilShell();
	},
);

test("w: the pane's text to a file, ~ as home; an existing file is asked about and kept unless o", async () => {
	pane = await onSeq('e2e-write');
	prompt(pane, 'w', 'out.txt');
	await pane.until(text => footer(text).startsWith(' wrote 300 lines (1 KB) to out.txt'), 'written');
	expect(readFileSync(path.join(folder, 'out.txt'), 'utf8')).toBe(seq);
	writeFileSync(path.join(folder, 'out.txt'), 'kept\n');
	prompt(pane, 'w', 'out.txt');
	await pane.until(text => footer(text).includes('out.txt exists: o overwrite · a append'), 'the question');
	pane.keys('n');
	await pane.until(text => footer(text).includes('not written: out.txt is as it was'), 'kept');
	expect(readFileSync(path.join(folder, 'out.txt'), 'utf8')).toBe('kept\n');
	prompt(pane, 'w', 'out.txt');
	await pane.until(text => footer(text).includes('out.txt exists'), 'the question again');
	pane.keys('o');
	await pane.until(text => footer(text).startsWith(' wrote 300 lines'), 'overwritten');
	expect(readFileSync(path.join(folder, 'out.txt'), 'utf8')).toBe(seq);
	// The pane's HOME is the test's folder.
	prompt(pane, 'w', '~/home.txt');
	await pane.until(text => footer(text).startsWith(' wrote 300 lines (1 KB) to ~/home.txt'), 'written under ~');
	expect(readFileSync(path.join(folder, 'home.txt'), 'utf8')).toBe(seq);
	pane.keys('q');
	await pane.untilShell();
});

test('a text with escape sequences reaches the command and the file without them', async () => {
	const trace = 'escapes.jsonl';
	const at = '2026-12-02T14:43:17.000Z';
	writeFileSync(
		path.join(folder, trace),
		[
			JSON.stringify({
				timestamp: at,
				type: 'session_meta',
				payload: {session_id: 'session-2026-12-02-14-43-17-0e5c0e5c', provider: 'custom', model_id: 'm'},
			}),
			JSON.stringify({
				timestamp: at,
				type: 'model_msg',
				payload: {
					type: 'text',
					role: 'assistant',
					text: 'red \u001b[31mword\u001b[0m title \u001b]0;pwned\u0007 end',
					stop_reason: 'completed',
				},
			}),
		].join('\n') + '\n',
	);
	pane = new FaultTmux(folder, 'e2e-escapes', 80, 24);
	await pane.clear(folder);
	pane.run(`node ${cli} --no-follow ${trace}`);
	await pane.until(text => wholeFrame(text) && text.includes('end'), 'the answer');
	prompt(pane, '|', 'cat > piped.txt');
	await pane.until(text => text.includes('press a key to go back'), 'the command done');
	pane.keys('Enter');
	await pane.until(text => wholeFrame(text) && footer(text).includes('exit 0'), 'the screen again');
	prompt(pane, 'w', 'written.txt');
	await pane.until(text => footer(text).includes('wrote 1 line'), 'written');
	for (const name of ['piped.txt', 'written.txt']) {
		const text = readFileSync(path.join(folder, name), 'utf8');
		expect(text, name).toContain('word');
		expect(text, name).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
	}
	pane.keys('q');
	await pane.untilShell();
});

test("Ctrl+C in the pager (v) is the pager's: the screen comes back when it ends, and does not quit", async () => {
	// A pager that only waits (the file's name commented out), so that Ctrl+C is all that ends it.
	pane = await onSeq('e2e-pager-interrupt', {PAGER: 'sleep 60 #'});
	pane.keys('v');
	await untilSleeping(pane);
	pane.keys('C-c');
	await pane.until(text => wholeFrame(text) && footer(text).includes('back from the pager'), 'the screen again');
	expect(pane.program()).toBeDefined();
	pane.keys('q');
	await pane.untilShell();
});
