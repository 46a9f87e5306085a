// End to end on the screen (tmux, 100×30): a gzip trace of any name opens from its start (never tail-first), shows the
// whole session and stays open at its end; a trace piped in with no `-` opens the same way, keys read from the
// terminal.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {builtCli, FaultTmux, removeFolder} from '../support/fault-tmux.js';
import {copyFixture, fixtureBytes, makeTempDir} from '../support/io-fixtures.js';

const traceName = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let dir = '';
let pane: FaultTmux;

beforeAll(() => {
	dir = makeTempDir('penguin-view-open-any-screen-');
	writeFileSync(path.join(dir, 'shared.bin'), gzipSync(fixtureBytes(traceName)));
	copyFixture(traceName, dir, 'trace.jsonl');
	pane = new FaultTmux(dir, 'open-any');
	pane.run(`cd '${dir}'`);
});

afterAll(() => {
	pane?.kill();
	removeFolder(dir);
});

/** Runs `command` in the pane, waits for the whole session on screen, checks it stays open, then q: exit code 0. */
async function opens(command: string, label: string): Promise<string[]> {
	pane.run('clear');
	await pane.until(text => text.trim() === '$', 'a clear pane');
	pane.run(`${command}; echo "rc=$?"`);
	// The last text of the session and the end of the input, on one frame.
	await pane.until(
		text => text.includes('and the slow command printed slow-done.') && / ended\s*$/m.test(text),
		`the whole session from ${label}`,
	);
	const rows = pane.rows();
	// Still open after the end, until q.
	expect(pane.program()).toBeDefined();
	expect(pane.info('#{alternate_on}')).toBe('1');
	pane.keys('q');
	await pane.untilShell();
	expect(await pane.until(text => /^rc=\d+$/m.test(text), 'the exit code')).toMatch(/^rc=0$/m);
	return rows;
}

test('a gzip file (told by its bytes, not its name) opens whole and stays open at its end', async () => {
	const rows = await opens(`node '${builtCli}' shared.bin`, 'the gzip file');
	expect(rows[0]).toContain('session…14-43-17-694155ee  custom/fake-model');
	// Before the state, the context per request (three of the same size: three full blocks).
	expect(rows[1]).toMatch(/^ shared\.bin +ctx ███ {2}ended\s*$/);
	const screen = rows.join('\n');
	// From its first line: the first prompt is there, and no line was read as malformed.
	expect(screen).toContain('you  [fake:tools] Inspect the workspace and run a few commands.');
	expect(screen).toContain('req 3 · tools 4 · ✗ 1');
	expect(screen).not.toContain('malformed');
});

test('a trace piped in with no - opens on the screen, keys read from the terminal', async () => {
	const rows = await opens(`cat trace.jsonl | node '${builtCli}'`, 'the pipe');
	expect(rows[1]).toMatch(/^ standard input +ctx ███ {2}ended\s*$/);
	expect(rows.join('\n')).toContain('req 3 · tools 4 · ✗ 1');
});
