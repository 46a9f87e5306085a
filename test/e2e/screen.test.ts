// End to end: the built program (dist/cli.js) in a real pseudo-terminal (tmux, 100×30) on a trace file the test keeps
// appending to.
import {execFileSync} from 'node:child_process';
import {appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame as whole} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const fixture = path.join(root, 'test', 'fixtures', 'traces', 'session-2026-12-02-14-43-17-694155ee_001.jsonl');
const lines = readFileSync(fixture, 'utf8')
	.split('\n')
	.filter(line => line !== '');
let folder = '';
let trace = '';
// A tmux server on a socket of our own: the test never touches anyone else's.
let pane: FaultTmux;
const info = (format: string): string => pane.info(format);
const until = (check: (screen: string) => boolean, what: string): Promise<string> => pane.until(check, what);

/** The body: the rows between the header's rule and the footer's rule. */
function body(screen: string[]): string[] {
	const rules = screen.map((line, index) => (/^─{20,}$/.test(line) ? index : -1)).filter(index => index !== -1);
	return screen.slice(rules[0]! + 1, rules[1]);
}

const append = (from: number, to: number): void =>
	appendFileSync(
		trace,
		lines
			.slice(from, to)
			.map(line => `${line}\n`)
			.join(''),
	);

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-'));
	trace = path.join(folder, path.basename(fixture));
	writeFileSync(trace, '');
	// A plain shell with a known prompt, in a terminal of a known size and type.
	pane = new FaultTmux(folder, 'e2e-screen');
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

test('follows appends, holds still when paused, resumes with F, and q leaves the terminal clean', async () => {
	append(0, 8);
	pane.keys(`cd ${folder} && clear && node ${cli} ${path.basename(trace)}`, 'Enter');
	const first = (await until(screen => whole(screen) && screen.includes('you  [fake:tools]'), 'the first frame')).split(
		'\n',
	);
	expect(info('#{alternate_on}')).toBe('1');
	expect(first[0]).toContain('session…14-43-17-694155ee  custom/fake-model');
	expect(first).toHaveLength(30);
	// The frame is one row shorter than the terminal: the footer's hints on row 29, row 30 empty.
	expect(first[28]).toContain('j/k move');
	expect(first[29]).toBe('');

	// Pinned to the bottom: what is appended shows up.
	append(8, 16);
	const grown = await until(
		screen => whole(screen) && screen.includes('$ seq 1 300'),
		'appended calls while following',
	);
	expect(grown.split('\n')[1]).toMatch(/following\s*$/);

	// o opens every output: the session is now taller than the screen, the bottom still pinned.
	pane.keys('o');
	await until(screen => screen.includes('│ 300') && screen.includes('more lines'), 'outputs opened');

	// k pauses: appends arrive (the footer counts them) but the body does not move.
	pane.keys('k');
	const paused = body((await until(screen => whole(screen) && /paused\s*$/m.test(screen), 'paused')).split('\n'));
	// A full screen: anything that moved would show.
	expect(paused.at(-1)).not.toBe('');
	append(16, lines.length);
	const counted = await until(screen => whole(screen) && /↓ \d+ new/.test(screen), 'the count of new panes');
	expect(body(counted.split('\n'))).toEqual(paused);
	expect(counted).not.toContain('printed slow-done');

	// F follows again: the end of the session comes into view.
	pane.keys('F');
	const again = await until(
		screen => whole(screen) && screen.includes('slow-done.') && /following\s*$/m.test(screen),
		'following again',
	);
	expect(again).not.toMatch(/↓ \d+ new/);

	// A resize lays the screen out again for the new width.
	pane.tmux('resize-window', '-t', pane.session, '-x', '70', '-y', '24');
	const narrow = await until(screen => whole(screen) && screen.split('\n')[2] === '─'.repeat(70), 'the narrower frame');
	for (const line of narrow.split('\n')) expect(line.length).toBeLessThanOrEqual(70);

	// q: the program ends, the shell prompt is back, nothing of the frame is left, the cursor shows.
	pane.keys('q');
	await until(screen => !screen.includes('penguin-view') && /^\$ *$/m.test(screen), 'the shell prompt');
	expect(info('#{alternate_on}')).toBe('0');
	expect(info('#{cursor_flag}')).toBe('1');
	expect(info('#{pane_current_command}')).toBe('bash');
	const after = pane.text();
	expect(after).not.toContain('─────');
	expect(after).not.toContain('exec_command');
}, 20_000);

test('SIGTERM also leaves the terminal clean', async () => {
	pane.keys(`clear && node ${cli} ${path.basename(trace)}`, 'Enter');
	await until(screen => screen.includes('penguin-view'), 'the second run');
	const shell = info('#{pane_pid}');
	const program = execFileSync('pgrep', ['-P', shell], {encoding: 'utf8'}).trim().split('\n')[0]!;
	process.kill(Number(program), 'SIGTERM');
	await until(screen => !screen.includes('penguin-view') && /^\$ *$/m.test(screen), 'the shell prompt after SIGTERM');
	expect(info('#{alternate_on}')).toBe('0');
	expect(info('#{cursor_flag}')).toBe('1');
}, 15_000);
