// End to end at 160×45 (tmux): the sessions beside the session from the start, live as a session grows in a temp data
// root (its row says what it does now, and what each session cost: the figure its footer shows), Tab giving the list
// the keys (its cursor, the session dimmed), Enter opening one on the right with the list kept, s hiding it; and the
// footer's nudge when the other one finishes. At 80×24 nothing of it shows until s (issue 46).
import {appendFileSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {makeDataRootHome} from '../support/data-root-home.js';
import {configToml} from '../cost/price-config.js';

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
	writeFileSync(path.join(dataRoot, 'proj-a', '.project_config.toml'), configToml, {mode: 0o600});
	pane = new FaultTmux(home, 'e2e-beside', 160, 45, {PENGUIN_HOME: dataRoot, TZ: 'UTC'});
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('the overview beside the session follows a growing session; Enter opens another on the right and keeps ' +
	'the list; its end is a nudge', async () => {
	pane.run(`clear && node ${cli}`);
	await until(screen => screen.includes('session…14-43-19-1fcdf9f5'), 'the newest session');
	// No s: at 160 columns the list is beside the session from the start, without a cursor (the session has the keys).
	let screen = await until(
		screen => screen.includes(' sessions ') && rowOf(screen, child).includes('thinking…'),
		'the list beside, the growing session thinking',
	);
	expect(screen.split('\n').some(line => line.startsWith('›'))).toBe(false);
	// Each row's cost: the finished session's, counted behind the listing.
	screen = await until(screen => /\$0\.\d+/.test(rowOf(screen, tools)), 'the cost of the finished session');
	const toolsCost = /\$0\.\d+/.exec(rowOf(screen, tools))![0];
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

	// Tab gives the list the keys: its cursor shows. Enter on the other session opens it on the right; the list stays.
	pane.keys('Tab');
	await until(screen => screen.split('\n').some(line => line.startsWith('›')), 'the list cursor');
	pane.keys('Down', 'Enter');
	screen = await until(
		screen => screen.includes('session…14-43-17-694155ee') && screen.includes(' sessions '),
		'the chosen session beside the list',
	);
	expect(rowOf(screen, tools)).toContain('694155ee*');
	// The session's own cost, in its header, is the row's.
	screen = await until(screen => screen.split('\n')[1]!.includes(toolsCost), 'the same cost in the header');

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
	screen = await until(screen => !screen.includes('  sessions  '), 'the list hidden');
	pane.keys('L');
	await until(screen => screen.includes('session…14-43-19-1fcdf9f5'), 'the offered session');
	pane.keys('q');
	await pane.until(screen => /^\$ *$/m.test(screen), 'the shell prompt');
}, 120_000);

test('at 80×24 the overview is not there until s, which shows the full-screen list', async () => {
	const narrow = new FaultTmux(home, 'e2e-beside-80', 80, 24, {PENGUIN_HOME: path.join(home, 'data'), TZ: 'UTC'});
	try {
		narrow.run(`clear && node ${cli}`);
		const first = await narrow.until(
			screen => wholeFrame(screen) && screen.includes('session…'),
			'the newest session at 80 columns',
			20_000,
		);
		expect(first).not.toContain('  sessions  ');
		narrow.keys('s');
		const listed = await narrow.until(
			screen => wholeFrame(screen) && screen.includes('  sessions  ') && screen.includes('694155ee'),
			'the full-screen list',
			20_000,
		);
		// Full-screen: no rule down the middle, its cursor on a row.
		expect(listed.split('\n').filter(line => line.startsWith('›'))).toHaveLength(1);
		narrow.keys('Escape');
		await narrow.until(screen => wholeFrame(screen) && !screen.includes('  sessions  '), 'the list closed', 20_000);
		narrow.keys('q');
		await narrow.until(screen => /^\$ *$/m.test(screen), 'the shell prompt');
	} finally {
		narrow.kill();
	}
}, 60_000);
