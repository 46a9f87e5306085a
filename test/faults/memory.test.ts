// Memory in print mode stays bounded however slow the reader of stdout is: the built program reading a 150 MB trace
// into a pipe that is not read for two seconds peaks far below the trace's size.
import {spawn} from 'node:child_process';
import {openSync, writeSync, closeSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {cliPath} from '../helpers/run-cli.js';
import {faultSessionId, metaLine, toolOutputs} from '../support/fault-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {untilQuiet} from '../support/process-state.js';

let dir = '';
let trace = '';

beforeAll(() => {
	dir = makeTempDir('penguin-view-memory-');
	trace = path.join(dir, `${faultSessionId}_001.jsonl`);
	const fd = openSync(trace, 'w');
	writeSync(fd, `${metaLine()}\n`);
	// 150 MB of tool outputs, 10 kB each.
	for (let block = 0; block < 15; block++) writeSync(fd, toolOutputs(block * 1000, 1000, 10_000));
	closeSync(fd);
});

afterAll(() => removeTempDir(dir));

// The program's own peak RSS, reported as it exits (process.resourceUsage, no /proc needed):
// a measure that cannot be taken fails the test instead of passing it.
const peakProbe = fileURLToPath(new URL('../../bench/rss-at-exit.mjs', import.meta.url));

it('a slow pipe holds the reading back instead of queueing the output in memory', async () => {
	const child = spawn(process.execPath, ['--import', peakProbe, cliPath, '--print', '--no-follow', trace], {
		env: {...process.env, CI: 'false', PENGUIN_VIEW_RSS: '1'},
	});
	child.stdout.pause();
	let stderr = '';
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
	// Its output unread, the program reads ahead as far as it will, then waits.
	await untilQuiet(child.pid!, 'the program to stop reading while its output is not read');
	let bytes = 0;
	child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
	child.stdout.resume();
	const code = await new Promise<number | null>(resolve => child.on('close', resolve));
	expect(code).toBe(0);
	expect(bytes).toBeGreaterThan(150_000_000);
	const peak = /maxRSS=(\d+)/.exec(stderr);
	expect(peak, `no peak RSS reported; stderr: ${stderr}`).not.toBeNull();
	const peakKb = Number(peak![1]);
	// A real measure: a Node process running the program holds some tens of MB at least.
	expect(peakKb).toBeGreaterThan(20 * 1024);
	// Without backpressure the whole output (150 MB and more) would sit in Node's write queue.
	expect(peakKb).toBeLessThan(200 * 1024);
}, 30_000);
