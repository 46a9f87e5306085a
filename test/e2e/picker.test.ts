// End to end: the built program in tmux (110×30) on a temp data root; s opens the picker, a filter and Enter switch to
// another session, whose subagent comes from its own trace and which is then followed.
import {appendFileSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {makeDataRootHome} from '../support/data-root-home.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const tools = 'session-2026-12-02-14-43-17-694155ee';
const parent = 'session-2026-12-02-14-43-17-a1f608ba';
const child = 'session-2026-12-02-14-43-19-1fcdf9f5';
const linesOf = (id: string): string[] =>
	readFileSync(path.join(traces, `${id}_001.jsonl`), 'utf8')
		.split('\n')
		.filter(line => line !== '');
let home = '';
let dataRoot = '';
let folder = '';

// A tmux server on a socket of our own: the test never touches anyone else's.
let pane: FaultTmux;
const screenText = (): string => pane.text();
const info = (format: string): string => pane.info(format);
const keys = (...sequence: string[]): void => pane.keys(...sequence);
/** Waits for a whole frame of the screen for which `check` holds, and returns it. */
const until = (check: (screen: string) => boolean, what: string, ms?: number): Promise<string> =>
	pane.until(screen => wholeFrame(screen) && check(screen), what, ms);

const write = (id: string, lines: string[]): string => {
	const file = path.join(folder, `${id}_001.jsonl`);
	writeFileSync(file, lines.map(line => `${line}\n`).join(''));
	return file;
};

beforeAll(() => {
	({home, dataRoot, folder} = makeDataRootHome('picker'));
	// The parent stops short of its last request (appended later); its child is complete.
	const parentLines = linesOf(parent);
	const old = Date.now() / 1000 - 3600;
	utimesSync(write(parent, parentLines.slice(0, -3)), old, old);
	utimesSync(write(child, linesOf(child)), old - 60, old - 60);
	// The tools session is the newest: it is what opens first.
	write(tools, linesOf(tools));
	pane = new FaultTmux(home, 'e2e-picker', 110, 30, {PENGUIN_HOME: dataRoot});
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('s, a filter and Enter switch the screen to another session and follow it', async () => {
	keys(`clear && node ${cli}`, 'Enter');
	await until(
		screen => screen.includes('session…14-43-17-694155ee') && screen.includes('slow-done'),
		'the newest session',
	);

	keys('s');
	let screen = await until(screen => screen.includes(' sessions  ') && screen.includes('a1f608ba'), 'the picker');
	expect(screen).toContain('/ filter');
	// j moves down as in every list here, k back up.
	keys('j');
	await until(screen => /^›.*a1f608ba/m.test(screen), 'j moved the choice');
	keys('k');
	await until(screen => /^›.*694155ee/m.test(screen), 'k moved it back');
	const list = screen.split('\n').filter(line => /(idle|running) +[0-9a-f]{8}/.test(line));
	// Newest first, one line each; the session on screen is starred.
	expect(list.map(line => /([0-9a-f]{8})\*? /.exec(line)?.[1])).toEqual(['694155ee', 'a1f608ba', '1fcdf9f5']);
	// Every session is proj-a/main on fake-model: said once in the title, not in columns.
	expect(screen).toContain('all proj-a/main · fake-model');
	// Its trace ends with a finished request: idle, with the tokens its last token_usage counts.
	expect(list[0]).toMatch(
		new RegExp(
			String.raw`^›○ idle {2}694155ee\* idle (< 10 s|\d+ [smhd]) +(\d+ req +)?\d+(\.\d)?k tok {2}12-02 \d\d:43 ` +
				String.raw`{2}\[fake:tools\] Inspect the workspace`,
		),
	);
	// Idle since its newest message (the fixture's), not since its file was written.
	expect(list[2]).toMatch(/ idle \d+ [smhd] .* ↳ Caller agent/);

	keys('/fake:sub');
	await until(screen => screen.includes('filter › fake:sub▌') && screen.includes('1 of 3'), 'the filtered list');
	keys('Enter');
	screen = await until(screen => screen.includes('session…14-43-17-a1f608ba'), 'the chosen session');
	// Its subagent, read from the child's own trace, nested at its call.
	await until(
		screen => /▸ subagent {2}Delegate listing the workspace · 1 tool call · ✓ done +↳ 1fcdf9f5/.test(screen),
		'the child from disk',
	);
	expect(screenText()).not.toContain('slow-done');

	// The chosen session is followed: what is appended to it shows up.
	const parentLines = linesOf(parent);
	appendFileSync(
		path.join(folder, `${parent}_001.jsonl`),
		parentLines
			.slice(-3)
			.map(line => `${line}\n`)
			.join(''),
	);
	await until(screen => screen.includes('The subagent reported back'), 'an append to the chosen session');
	// The one left is not: an append there changes nothing on screen. Appended before a line
	// to the chosen session: once that line shows, the earlier append has had its chance too.
	appendFileSync(path.join(folder, `${tools}_001.jsonl`), `${linesOf(tools)[1]}\n`);
	const marker = {
		timestamp: '2026-12-02T14:43:22.000Z',
		type: 'model_msg',
		payload: {type: 'text', role: 'user', text: 'one more question', stop_reason: 'completed'},
	};
	appendFileSync(path.join(folder, `${parent}_001.jsonl`), `${JSON.stringify(marker)}\n`);
	screen = await until(screen => screen.includes('one more question'), 'a second append to the chosen session');
	expect(screen).toContain('session…14-43-17-a1f608ba');
	expect(screen).not.toContain('[fake:tools]');

	// Esc closes the picker without switching.
	keys('s');
	await until(screen => screen.includes('/ filter'), 'the picker again');
	keys('Escape');
	await until(
		screen => !screen.includes('/ filter') && screen.includes('The subagent reported back'),
		'the picker closed',
	);

	keys('q');
	await pane.until(screen => !screen.includes('penguin-view') && /^\$ *$/m.test(screen), 'the shell prompt');
	expect(info('#{alternate_on}')).toBe('0');
}, 30_000);
