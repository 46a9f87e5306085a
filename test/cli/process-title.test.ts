// ps shows what a run opens: `penguin-view trace.jsonl` (the process title set in the entry),
// and of a server only its host and path, never a password, a query or another flag's value.
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, afterEach, expect, it} from 'vitest';
import {processTitle} from '../../source/command-line/process-title.js';
import {startCli, waitFor, waitForExit} from '../helpers/run-cli.js';
import {metaLine} from '../support/fault-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const dir = makeTempDir('penguin-view-title-');
let child: ReturnType<typeof startCli> | undefined;
afterEach(async () => {
	child?.kill('SIGTERM');
	if (child) await waitForExit(child, 10_000);
	child = undefined;
});
afterAll(() => removeTempDir(dir));

it('a followed trace: ps shows penguin-view and the file named', async () => {
	const file = path.join(dir, 'trace.jsonl');
	writeFileSync(file, `${metaLine()}\n`);
	child = startCli(['--print', '-f', '--cookie', 'secret-cookie', file]);
	const cmdline = (): string => readFileSync(`/proc/${child!.pid}/cmdline`, 'utf8').replace(/\0+$/, '').replaceAll('\0', ' ');
	await waitFor(() => cmdline().startsWith('penguin-view'), 'the title set', {show: cmdline});
	expect(cmdline()).toBe(`penguin-view ${file}`);
});

it("a server's address: host and path only", () => {
	expect(processTitle('penguin-view', [], 'http://admin:pw@localhost:7364/chat/abc?token=x')).toBe('penguin-view --sse localhost:7364/chat/abc');
	expect(processTitle('penguin-view', [], 'not a url with:secret')).toBe('penguin-view --sse');
	expect(processTitle('penguin-view', ['a\u001b[2Jb.jsonl'], undefined)).toBe('penguin-view a?[2Jb.jsonl');
});
