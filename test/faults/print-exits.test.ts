// The fault switch in print mode (PENGUIN_VIEW_FAULT=rejection|exception): one line and a hint on stderr, the stack
// only with --debug, exit code 1; any other value changes nothing; SIGINT, SIGTERM and SIGHUP end it with 0 and the
// totals.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';
import {faultSessionId, metaLine, toolOutputs} from '../support/fault-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

let dir = '';
let trace = '';

beforeAll(() => {
	dir = makeTempDir('penguin-view-print-exits-');
	trace = path.join(dir, `${faultSessionId}_001.jsonl`);
	writeFileSync(trace, `${metaLine()}\n${toolOutputs(0, 3, 100)}`);
});

afterAll(() => removeTempDir(dir));

for (const kind of ['rejection', 'exception']) {
	it(`${kind}: one line and a hint, exit code 1`, async () => {
		const result = await runCli(['--print', trace], {env: {PENGUIN_VIEW_FAULT: kind}});
		expect(result.code).toBe(1);
		expect(result.stderr).toBe(
			`penguin-view: unexpected error: injected fault (${kind})\nRun again with --debug to see where it happened.\n`,
		);
		// What was read before is printed.
		expect(result.stdout).toContain('⟪F2⟫');
	});
}

it('with --debug: the line, then the stack', async () => {
	const result = await runCli(['--print', '--debug', trace], {env: {PENGUIN_VIEW_FAULT: 'exception'}});
	expect(result.code).toBe(1);
	const lines = result.stderr.trim().split('\n');
	expect(lines[0]).toBe('penguin-view: unexpected error: injected fault (exception)');
	expect(lines.slice(1).some(line => /^\s+at /.test(line))).toBe(true);
});

it('any other value of the switch changes nothing', async () => {
	const result = await runCli(['--print', '--no-follow', trace], {env: {PENGUIN_VIEW_FAULT: 'bogus'}});
	expect(result.code).toBe(0);
	expect(result.stderr).toBe('');
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
	it(`${signal} while following: exit code 0, the totals written`, async () => {
		const child = startCli(['--print', '-f', trace]);
		await waitFor(() => child.output().includes('⟪F2⟫'), 'the records');
		child.kill(signal);
		const result = await waitForExit(child, 5000);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('── session totals');
		expect(result.stderr).toBe('');
	});
}
