// End to end: the built program in tmux (80×24) opened as `--grep --json`'s record says (SESSION +/PATTERN): the search
// is set and the cursor is on the session's first match; n goes to the next.
import {copyFileSync, rmSync, utimesSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {makeDataRootHome} from '../support/data-root-home.js';
import {runCli} from '../helpers/run-cli.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const tools = 'session-2026-12-02-14-43-17-694155ee';
const thinker = 'session-2026-12-02-14-43-08-07326dfd';
let home = '';
let dataRoot = '';
let pane: FaultTmux;
const until = (check: (screen: string) => boolean, what: string): Promise<string> =>
	pane.until(screen => wholeFrame(screen) && check(screen), what);

beforeAll(() => {
	let folder = '';
	({home, dataRoot, folder} = makeDataRootHome('grep-open'));
	for (const id of [tools, thinker])
		copyFileSync(path.join(traces, `${id}_001.jsonl`), path.join(folder, `${id}_001.jsonl`));
	// The tools session is the older: the thinker's opens first.
	const old = Date.now() / 1000 - 3600;
	utimesSync(path.join(folder, `${tools}_001.jsonl`), old, old);
	pane = new FaultTmux(home, 'e2e-grep-open', 80, 24, {PENGUIN_HOME: dataRoot});
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (home) rmSync(home, {recursive: true, force: true, maxRetries: 5});
});

test('the command of a --json record opens the session with the cursor on the first match, n to the next', async () => {
	const found = await runCli(['--grep', 'slow-done', '--json'], {env: {PENGUIN_HOME: dataRoot}});
	const first = JSON.parse(found.stdout.split('\n')[0]!) as {sessionId: string; open: string};
	expect(first.sessionId).toBe(tools);
	expect(first.open).toBe(`penguin-view ${tools} +/slow-done`);
	pane.keys(`clear && node ${cli} ${first.open.replace(/^penguin-view /, '')}`, 'Enter');
	const opened = await until(screen => screen.includes('match 1 of 3'), 'the first match');
	// The cursor (›) is on the call whose command holds the first match.
	expect(opened).toMatch(/›✓ exec_command +\$ sleep 2; echo slow-done/);
	pane.keys('n');
	await until(screen => screen.includes('match 2 of 3'), 'the next match');
	pane.keys('q');
	await pane.untilShell();
});

test("the picker's / filter narrows to sessions whose contents hold it; Enter opens at the first match", async () => {
	await pane.clear();
	pane.keys(`node ${cli}`, 'Enter');
	// The thinker's session is the newest: it opens first.
	await until(screen => screen.includes('session…14-43-08-07326dfd'), 'the newest session');
	pane.keys('s');
	await until(screen => screen.includes('694155ee') && screen.includes('07326dfd'), 'the picker');
	pane.keys('/');
	pane.keys('-l', 'slow-do');
	const narrowed = await until(screen => screen.includes('1 session holds it'), 'the contents searched');
	expect(narrowed).toMatch(/694155ee .*3× cmd: sleep 2; echo slow-do/);
	expect(narrowed).not.toMatch(/07326dfd\*? +idle/);
	// Typed on: the search starts again for the longer filter.
	pane.keys('-l', 'nee');
	await until(screen => screen.includes('no session matches'), 'nothing holds the longer filter');
	pane.keys('BSpace', 'BSpace', 'BSpace');
	await until(screen => screen.includes('1 session holds it'), 'the filter back');
	pane.keys('Enter');
	const opened = await until(screen => screen.includes('match 1 of 3'), 'the session opened at its first match');
	expect(opened).toContain('session…14-43-17-694155ee');
	expect(opened).toMatch(/›✓ exec_command +\$ sleep 2; echo slow-done/);
	pane.keys('n');
	await until(screen => screen.includes('match 2 of 3'), 'n: the next match');
	pane.keys('q');
	await pane.untilShell();
});
