// End to end at 160×40 (tmux): the sessions beside the session, live as a session grows in a temp data root (its row
// says what it does now), Enter opening one on the right with the list kept, Tab and s; and the footer's nudge when the
// other one finishes.
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
const child = 'session-2026-12-02-14-43-19-1fcdf9f5';
const linesOf = (id: string): string[] =>
	readFileSync(path.join(traces, `${id}_001.jsonl`), 'utf8')
		.split('\n')
		.filter(line => line !== '');
const typeOf = (line: string): string | undefined => (JSON.parse(line) as {payload: {type?: string}}).payload.type;
let home = '';
let folder = '';
let pane: FaultTmux;
const until = (check: (screen: string) => boolean, what: string, ms = 20_000): Promise<string> =>
	pane.until(screen => wholeFrame(screen) && check(screen), what, ms);
const rowOf = (screen: string, id: string): string =>
	screen.split('\n').find(line => line.includes(`${id.slice(-8)}`) && line.includes('│')) ?? '';

beforeAll(() => {
	let dataRoot: string;
	({home, dataRoot, folder} = makeDataRootHome('beside'));
	const old = Date.now() / 1000 - 600;
	const finished = path.join(folder, `${tools}_001.jsonl`);
	writeFileSync(
		finished,
		linesOf(tools)
			.map(line => `${line}\n`)
			.join(''),
	);
	utimesSync(finished, old, old);
	// The growing one: its first request just sent (the newest session: it opens first).
	const lines = linesOf(child);
	const begin = lines.findIndex(line => typeOf(line) === 'request_begin');
	writeFileSync(
		path.join(folder, `${child}_001.jsonl`),
		lines
			.slice(0, begin + 1)
			.map(line => `${line}\n`)
			.join(''),
	);
	pane = new FaultTmux(home, 'e2e-beside', 160, 40, {PENGUIN_HOME: dataRoot, TZ: 'UTC'});
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('the overview beside the session follows a growing session; Enter opens another on the right and keeps ' +
	'the list; its end is a nudge', async () => {
	pane.run(`clear && node ${cli}`);
	await until(screen => screen.includes('session…14-43-19-1fcdf9f5'), 'the newest session');
	pane.keys('s');
	let screen = await until(
		screen => screen.includes(' sessions ') && rowOf(screen, child).includes('thinking…'),
		'the list beside, the growing session thinking',
	);
	// The list on the left, the session still on the right of the rule.
	expect(screen).toContain('session…14-43-19-1fcdf9f5');
	expect(rowOf(screen, child)).toMatch(/● running +1fcdf9f5\* +thinking…/);
	expect(rowOf(screen, tools)).toMatch(/○ idle +694155ee +idle \d+ [smhd]/);

	// Its tool call comes and is approved: the row says the command it runs.
	const lines = linesOf(child);
	const begin = lines.findIndex(line => typeOf(line) === 'request_begin');
	const decision = lines.findIndex(line => typeOf(line) === 'approval_decision');
	appendFileSync(
		path.join(folder, `${child}_001.jsonl`),
		lines
			.slice(begin + 1, decision + 1)
			.map(line => `${line}\n`)
			.join(''),
	);
	screen = await until(screen => /exec_command \$ /.test(rowOf(screen, child)), 'the running command in its row');

	// Enter on the other session opens it on the right; the list stays beside it.
	pane.keys('Down', 'Enter');
	screen = await until(
		screen => screen.includes('session…14-43-17-694155ee') && screen.includes(' sessions '),
		'the chosen session beside the list',
	);
	expect(rowOf(screen, tools)).toContain('694155ee*');

	// The first session finishes: it is not on screen, so the footer offers it.
	appendFileSync(
		path.join(folder, `${child}_001.jsonl`),
		lines
			.slice(decision + 1)
			.map(line => `${line}\n`)
			.join(''),
	);
	screen = await until(
		screen => screen.trimEnd().split('\n').at(-1)!.includes('✓ 1fcdf9f5 finished · L to switch'),
		'the nudge in the footer',
		30_000,
	);

	// Tab gives the keys to the session, s hides the list; L goes to the finished one.
	pane.keys('Tab', 's');
	screen = await until(screen => !screen.includes(' sessions '), 'the list hidden');
	pane.keys('L');
	await until(screen => screen.includes('session…14-43-19-1fcdf9f5'), 'the offered session');
	pane.keys('q');
	await pane.until(screen => /^\$ *$/m.test(screen), 'the shell prompt');
}, 120_000);
