// End to end, what only a terminal shows of v: less (the default pager) is given a prompt naming the call it shows,
// not the path of the temporary file the text goes through.
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const shard = 'session-2026-12-02-14-43-17-694155ee_001.jsonl';
let folder = '';
let pane: FaultTmux | undefined;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-pager-'));
	copyFileSync(path.join(root, 'test', 'fixtures', 'traces', shard), path.join(folder, shard));
}, 60_000);

afterAll(() => {
	pane?.kill();
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

test("v: less's prompt names the call shown (its tool and command), never a temporary file", async () => {
	// No PAGER in the pane's environment: the default, less.
	pane = new FaultTmux(folder, 'e2e-pager', 80, 24);
	await pane.clear(folder);
	pane.run(`node ${cli} --no-follow ${shard}`);
	await pane.until(text => wholeFrame(text) && text.includes('tools 4'), 'the session');
	// e: the failed call (the session's one problem); v: it in the pager.
	pane.keys('e');
	await pane.until(text => /›.*ls \/definitely\/not\/here/.test(text), 'the failed call focused');
	pane.keys('v');
	const shown = await pane.until(text => text.includes('[exit code: 2]'), 'the pager');
	const prompt = shown.trimEnd().split('\n').at(-1)!;
	expect(prompt).toMatch(/^exec_command: ls \/definitely\/not\/here/);
	expect(shown).not.toMatch(/penguin-view-|pane\.txt|\/tmp\//);
	pane.keys('q');
	await pane.until(text => text.includes('back from the pager'), 'the screen again');
	pane.keys('q');
	await pane.untilShell();
});
