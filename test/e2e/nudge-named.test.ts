// End to end (tmux): a trace named by its path under the data root still has its neighbours watched: another session
// that starts and then waits for approval is named in the footer, L opens it, and --notify writes OSC 9 for it once;
// the named session waiting too is never a nudge.
import {appendFileSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
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
let home = '';
let folder = '';
let pane: FaultTmux;
const footer = (screen: string): string => screen.trimEnd().split('\n').at(-1) ?? '';
const until = (check: (screen: string) => boolean, what: string, ms = 20_000): Promise<string> =>
	pane.until(screen => wholeFrame(screen) && check(screen), what, ms);
const callOf = (lines: string[]): number => lines.findIndex(line => line.includes('"type":"tool_call"'));
const osc9 = (raw: string): number => raw.split('\u001b]9;penguin-view: ⏸ 1fcdf9f5 waits').length - 1;

beforeAll(() => {
	let dataRoot: string;
	({home, dataRoot, folder} = makeDataRootHome('nudge-named'));
	// The named session runs: its first request open.
	const named = linesOf(tools);
	writeFileSync(
		path.join(folder, `${tools}_001.jsonl`),
		named
			.slice(0, callOf(named))
			.map(line => `${line}\n`)
			.join(''),
	);
	pane = new FaultTmux(home, 'e2e-nudge-named', 120, 30, {PENGUIN_HOME: dataRoot, TZ: 'UTC'});
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('a trace named by path: another session in its data root that waits is a nudge, L opens it, --notify ' +
	'says it once', async () => {
	pane.run(`clear && node ${cli} --notify ${path.join(folder, `${tools}_001.jsonl`)}`);
	await until(screen => screen.includes('session…14-43-17-694155ee'), 'the named session');
	pane.record();
	// Another session starts (its first request open): the footer offers it.
	const lines = linesOf(child);
	const call = callOf(lines);
	const childFile = path.join(folder, `${child}_001.jsonl`);
	writeFileSync(
		childFile,
		lines
			.slice(0, call)
			.map(line => `${line}\n`)
			.join(''),
	);
	await until(
		screen => footer(screen).includes('▸ session …1fcdf9f5 started · L to switch'),
		'the new session offered',
		30_000,
	);
	expect(osc9(pane.raw())).toBe(0);

	// Both sessions' tool calls come: both wait for approval; only the other one is a nudge.
	const named = linesOf(tools);
	appendFileSync(path.join(folder, `${tools}_001.jsonl`), `${named[callOf(named)]}\n`);
	appendFileSync(childFile, `${lines[call]}\n`);
	const screen = await until(
		screen => footer(screen).includes('⏸ 1fcdf9f5 waits: exec_command $'),
		'the nudge in the footer',
		30_000,
	);
	expect(footer(screen)).toContain('· L to switch');
	expect(screen).toContain('session…14-43-17-694155ee');
	await pane.until(() => osc9(pane.raw()) > 0, 'the desktop notification');

	pane.keys('L');
	await until(screen => screen.includes('session…14-43-19-1fcdf9f5'), 'the waiting session opened');
	pane.keys('q');
	await pane.until(screen => /^\$ *$/m.test(screen), 'the shell prompt');
	pane.stopRecording();
	expect(osc9(pane.raw())).toBe(1);
	expect(pane.raw()).toContain('\u001b]777;notify;penguin-view;⏸ 1fcdf9f5 waits: exec_command $');
	// The session on screen waited too: never a word of it.
	expect(pane.raw()).not.toContain('694155ee waits');
}, 120_000);
