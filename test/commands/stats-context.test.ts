// --stats' context section: the per-request table with the screen's bars in text, plain characters in a pipe and under
// TERM=dumb, Unicode blocks on a terminal that draws them; what fills the context and its largest items.
import {copyFileSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {priceTable} from '../../source/cost/prices.js';
import {SessionModel} from '../../source/model/session-model.js';
import {plainBar, unicodeBar} from '../../source/render/context-bar.js';
import {contextSection} from '../../source/commands/stats-context.js';
import {fixturesDir, traceInputs} from '../helpers/recordings.js';
import {runCli} from '../helpers/run-cli.js';
import {builtCli, FaultTmux} from '../support/fault-tmux.js';

const example = 'session-2026-12-02-14-45-42-8e7b556c';
const prices = priceTable([
	{provider: 'custom', modelId: 'fake-model', rates: {cacheRead: 1, cacheWrite: 2, output: 10}},
]);

function exampleView() {
	const model = new SessionModel({});
	model.applyAll(
		[...traceInputs(`${example}_001.jsonl`, 1), ...traceInputs(`${example}_002.jsonl`, 2), {kind: 'end'}],
		Date.parse('2026-12-02T15:00:00Z'),
	);
	return model.view;
}

describe('the context section of --stats', () => {
	it(
		'has a row per request with its token_usage figures, the ' +
			'compaction where it was, the cost and the running total',
		() => {
			const lines = contextSection(exampleView(), prices, plainBar);
			const table = lines.slice(lines.findIndex(line => line.startsWith('Context per request')));
			expect(table[0]).toBe('Context per request  (# cached input, + fresh input, . the rest of the 64k window)');
			// 1,500 of 64,000 is 0.7 of 30 columns: one for the cache read, one for the cache write.
			// At 1 / 2 / 10 dollars per million: 750 + 1,500 + 3,550 millionths.
			expect(table[2]).toBe(`    1  #+${'.'.repeat(28)}    1.5k     355     5.3 s   $0.00580   $0.00580`);
			// The compaction's own request (750 / 750 / 151) and the total of four requests and it.
			expect(table[6]).toMatch(/^ {2}-- compaction: 1\.6k -> 1\.5k -- +\$0\.00376 +\$0\.0191$/);
			expect(table[7]).toMatch(/^ {4}5 {2}#\+\.+ +1\.5k +355 +5\.3 s +\$0\.00580 +\$0\.0249$/);
			expect(lines).toContain('Largest items');
			expect(lines.some(line => /^ {2}system prompt +~ +\d+ +\d+%$/.test(line))).toBe(true);
			// Plain text only: nothing but printable ASCII, and the quotes and ellipsis of a text's gist.
			for (const line of lines) expect(line).toMatch(/^[\x20-\x7e“”…]*$/);
		},
	);

	it('draws the same bars in Unicode blocks for a terminal', () => {
		const lines = contextSection(exampleView(), undefined, unicodeBar);
		expect(lines.find(line => line.startsWith('    1  '))).toBe(`    1  █▒${'·'.repeat(28)}    1.5k     355     5.3 s`);
		expect(lines).toContain('  ── compaction: 1.6k → 1.5k ──');
	});
});

describe('--stats from the built program', () => {
	const folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-stats-context-'));
	for (const shard of [1, 2])
		copyFileSync(
			path.join(fixturesDir, 'traces', `${example}_00${shard}.jsonl`),
			path.join(folder, `${example}_00${shard}.jsonl`),
		);
	let pane: FaultTmux | undefined;
	afterAll(() => {
		pane?.kill();
		rmSync(folder, {recursive: true, force: true, maxRetries: 5});
	});

	it('in a pipe: the table in plain characters', async () => {
		const result = await runCli(['--stats', path.join(folder, `${example}_002.jsonl`)]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`    1  #+${'.'.repeat(28)}    1.5k     355     5.3 s`);
		expect(result.stdout).toContain('-- compaction: 1.6k -> 1.5k --');
		expect(result.stdout).not.toMatch(/[█▒·]/);
	});

	it('on a terminal under TERM=dumb: plain characters; on one that draws them: blocks', async () => {
		pane = new FaultTmux(folder, 'stats-dumb', 100, 40, {TZ: 'UTC'});
		const trace = path.join(folder, `${example}_002.jsonl`);
		// The echo's own line, not the command line as typed (it names the marker too, before clear has run).
		pane.run(`clear && TERM=dumb node ${builtCli} --stats ${trace}; echo dumb-done`);
		const dumb = await pane.until(text => /^dumb-done$/m.test(text), 'the stats under TERM=dumb');
		expect(dumb).toContain(`1  #+${'.'.repeat(28)}    1.5k`);
		expect(dumb).not.toMatch(/[█▒]/);
		pane.run(`clear && node ${builtCli} --stats ${trace}; echo tty-done`);
		const tty = await pane.until(text => /^tty-done$/m.test(text), 'the stats on a terminal');
		expect(tty).toContain(`1  █▒${'·'.repeat(28)}    1.5k`);
	});
});
