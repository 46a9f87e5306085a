// End to end: --replay plays a subagent's own trace on the session's clock, among its parent's messages. The recorded
// pair (a parent calling run_subagent, the child's trace beside it) in the built program in tmux; each wait is for a
// frame.
import {copyFileSync, mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux, removeFolder, wholeFrame} from '../support/fault-tmux.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
const traces = path.join(root, 'test', 'fixtures', 'traces');
const parent = 'session-2026-12-02-14-43-17-a1f608ba_001.jsonl';
const child = 'session-2026-12-02-14-43-19-1fcdf9f5_001.jsonl';
let folder = '';
const panes: FaultTmux[] = [];
let count = 0;

beforeAll(() => {
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-replay-'));
	// The child's trace beside its parent's: found there by its session id.
	for (const name of [parent, child]) copyFileSync(path.join(traces, name), path.join(folder, name));
}, 60_000);

afterEach(() => {
	for (const pane of panes.splice(0)) pane.kill();
});

afterAll(() => removeFolder(folder));

function start(command: string): FaultTmux {
	const pane = new FaultTmux(folder, `e2e-replay-${++count}`, 100, 30, {PENGUIN_HOME: folder});
	panes.push(pane);
	pane.keys(`cd ${folder} && clear && ${command}`, 'Enter');
	return pane;
}

/** The body: the rows between the header's rule and the footer's rule. */
function body(text: string): string {
	const rows = text.split('\n');
	const rules = rows.map((line, index) => (/^─{20,}$/.test(line) ? index : -1)).filter(index => index !== -1);
	return rows.slice(rules[0]! + 1, rules[1]).join('\n');
}

const row = (text: string, word: string): string => text.split('\n').find(line => line.includes(word)) ?? '';
/** The parent's run_subagent call is still running: its row shows the spinner, not ✓. */
const callRunning = (text: string): boolean => /^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] run_subagent/m.test(text);

test("--replay plays the child's trace among its parent's messages, on the session's clock; at the end the " +
	'screen is the one without replay', async () => {
	// Half speed: the child runs 1.8 s of the recording, 3.6 s here. Its prompt comes first, its one call 0.8 s later.
	const tmux = start(`node ${cli} --replay 0.5 ${parent}`);
	// While the parent's call spins, the child has its prompt and not yet its call (read whole, it would have it at once).
	const early = await tmux.until(
		text => wholeFrame(text) && callRunning(text) && /subagent .*· 0 tool calls · . running/.test(text),
		'the child started, its call not yet',
	);
	// The running call counts the session's time, not the child's end (1.8 s).
	expect(row(early, 'run_subagent')).not.toContain('1.8 s');
	expect(early).not.toContain('Subagent test complete');
	// Then the child's call, the parent's still running.
	await tmux.until(
		text => wholeFrame(text) && callRunning(text) && /subagent .*· 1 tool call · . running/.test(text),
		"the child's call, the parent's still running",
	);
	// The end: the same screen as the trace read without replay.
	// (Read whole, the child's trace is read after its parent's: the parent can end on screen
	// a moment before the child's call is counted, so both wait for the child's count too.)
	const done = (text: string): boolean =>
		wholeFrame(text) &&
		/ ended\s*$/m.test(text) &&
		text.includes('Subagent test complete') &&
		/subagent .*· 1 tool call · . done/.test(text);
	const replayed = await tmux.until(done, 'the end of the replay');
	const plain = start(`node ${cli} --no-follow ${parent}`);
	const read = await plain.until(done, 'the trace read whole');
	expect(body(replayed)).toBe(body(read));
	expect(replayed).not.toContain('was shortened');
	for (const pane of [tmux, plain]) {
		pane.keys('q');
		await pane.untilShell();
	}
}, 40_000);
