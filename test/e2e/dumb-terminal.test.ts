// End to end, on a terminal that says it cannot move its cursor (TERM=dumb): the program prints plain text, as in a
// pipe, instead of drawing the cursor-addressed screen (no clear, no cursor home, no rules).
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const shard = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-dumb-'));
	copyFileSync(path.join(root, 'test', 'fixtures', 'traces', shard), path.join(folder, shard));
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

test('TERM=dumb: print mode (plain lines), never the screen', async () => {
	pane = new FaultTmux(folder, 'e2e-dumb', 80, 24);
	await pane.clear(folder);
	pane.record();
	pane.run(`TERM=dumb node ${cli} --no-follow ${shard}; echo exited-$?`);
	await pane.until(text => /^exited-\d+$/m.test(text), 'the program to end');
	const raw = pane.raw();
	// What print mode writes: the session's header line and its calls, one per line.
	expect(raw).toContain('session session-2026-12-02-14-43-17-694155ee');
	expect(raw).toContain('$ ls /definitely/not/here');
	expect(raw).toContain('exited-0');
	// None of the screen's drawing: no erase, no cursor home or movement, no box rules.
	expect(raw).not.toMatch(/\u001b\[(2J|H|\d*;?\d*H|\d+A)/);
	expect(raw).not.toMatch(/─{10,}/);
});
