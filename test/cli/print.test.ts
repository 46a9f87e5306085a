// The built program in print mode: every fixture in full, following a file as it grows, colour rules, errors and exit
// codes.
import {
	appendFileSync,
	chmodSync,
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {helpText} from '../../source/command-line/help-text.js';
import {fixturesDir} from '../helpers/recordings.js';
import {runCli, startCli, waitFor, waitForExit} from '../helpers/run-cli.js';
import {ioBytes, untilQuiet, untilRead} from '../support/process-state.js';

const traces = path.join(fixturesDir, 'traces');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'penguin-view-print-'));

/** Every piece of content a trace holds, as lines the printout must contain. */
function expectedLines(file: string): string[] {
	const lines: string[] = [];
	for (const raw of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
		const payload = (JSON.parse(raw) as {payload: Record<string, unknown>}).payload;
		for (const field of ['text', 'thinking', 'output']) {
			const value = payload[field];
			if (
				typeof value === 'string' &&
				!(payload['role'] === 'user' && field === 'text' && value.startsWith('Summarize the task'))
			) {
				lines.push(...value.split('\n').filter(line => line.trim() !== ''));
			}
		}
		if (payload['type'] === 'tool_call') lines.push(String(payload['tool_call_id']));
		if (payload['type'] === 'request_end' && typeof payload['error_message'] === 'string')
			lines.push(payload['error_message']);
	}
	return lines;
}

describe('--print --no-follow', () => {
	for (const name of readdirSync(traces).filter(file => file.endsWith('_001.jsonl'))) {
		it(`prints ${name} completely`, async () => {
			const result = await runCli(['--print', '--no-follow', path.join(traces, name)]);
			expect(result.stderr).toBe('');
			expect(result.code).toBe(0);
			const shards = readdirSync(traces).filter(file => file.startsWith(name.replace('_001.jsonl', '')));
			for (const shard of shards) {
				for (const line of expectedLines(path.join(traces, shard))) expect(result.stdout).toContain(line.trim());
			}
			expect(result.stdout).toContain('── session totals');
			expect(result.stdout).not.toContain('\u001b[');
		});
	}

	it('shows the whole session when given its second shard, with the boundary', async () => {
		const result = await runCli([
			'--print',
			'--no-follow',
			path.join(traces, 'session-2026-12-02-14-45-42-8e7b556c_002.jsonl'),
		]);
		expect(result.stdout.indexOf('[fake:chat] What is a trace file?')).toBeGreaterThan(-1);
		expect(result.stdout).toContain('═══ context 2 · after compaction ═══');
		expect(result.stdout.indexOf('compaction completed')).toBeLessThan(result.stdout.indexOf('context 2'));
	});

	it('labels each tool output with the call it answers, in completion order', async () => {
		const result = await runCli([
			'--print',
			'--no-follow',
			path.join(traces, 'session-2026-12-02-14-43-17-694155ee_001.jsonl'),
		]);
		const slow = result.stdout.indexOf('tool output exec_command (call_cdd12f875f4c8df5) done');
		const requestEnd = result.stdout.indexOf('request 2 completed');
		expect(slow).toBeGreaterThan(requestEnd);
		expect(result.stdout).toMatch(/tool output exec_command \(call_c8481775619f2843\) failed .* exit 2/);
	});

	it('prints large tool outputs in place, whole and indented, the hostile ones cleaned, in a subagent too', async () => {
		const file = path.join(scratch, 'large-outputs_001.jsonl');
		const line = (type: string, payload: Record<string, unknown>, at: number, origin?: string[]) =>
			JSON.stringify({
				timestamp: new Date(Date.UTC(2026, 11, 2, 10, 0, at)).toISOString(),
				type,
				...(origin ? {origin} : {}),
				payload,
			});
		const code = Array.from({length: 300}, (_, i) => `${i}: const s = "C:\\dir\\${i}"; // 日本語 🐧`).join('\n');
		const hostile = `${'safe line\n'.repeat(300)}\u001b]52;c;aGk=\u0007\u001b[2Jgone?\n`;
		writeFileSync(
			file,
			[
				line('session_meta', {session_id: 'large', provider: 'p', model_id: 'm'}, 0),
				line(
					'model_msg',
					{
						type: 'tool_call',
						role: 'assistant',
						tool_call_id: 'c1',
						name: 'exec_command',
						arguments: '{"cmd":"cat a"}',
					},
					1,
				),
				line(
					'model_msg',
					{
						type: 'tool_call_output',
						role: 'user',
						output: `${code}\n[exit code: 4]\n`,
						tool_call_id: 'c1',
						stop_reason: 'completed',
					},
					2,
				),
				line(
					'model_msg',
					{type: 'tool_call_output', role: 'user', output: hostile, tool_call_id: 'c2', stop_reason: 'completed'},
					3,
				),
				line(
					'model_msg',
					{
						type: 'tool_call_output',
						role: 'user',
						output: 'x'.repeat(3000),
						tool_call_id: 'c3',
						stop_reason: 'completed',
					},
					4,
					['child-1'],
				),
				line('model_msg', {type: 'text', role: 'assistant', text: 'after the outputs'}, 5),
				'',
			].join('\n'),
		);
		const result = await runCli(['--print', '--no-follow', file]);
		expect(result.code).toBe(0);
		const out = result.stdout;
		expect(out).toMatch(
			new RegExp(
				String.raw`tool output exec_command \(c1\) done · 1\.0 s · 301 lines · exit 4\n {2}0: const s =` +
					String.raw` "C:\\dir\\0"; \/\/ 日本語 🐧\n {2}1: `,
			),
		);
		expect(out).toContain('\n  299: const s = "C:\\dir\\299"; // 日本語 🐧\n  [exit code: 4]\n');
		expect(out).toContain('tool output ? (c2) done · 0.0 s · 301 lines\n  safe line\n');
		expect(out).toContain('  safe line\n  gone?\n');
		expect(out).toContain(`│ [10:00:04] tool output ? (c3) done · 0.0 s · 1 line\n│   ${'x'.repeat(3000)}\n`);
		expect(out.indexOf('[exit code: 4]')).toBeLessThan(out.indexOf('gone?'));
		expect(out.indexOf('gone?')).toBeLessThan(out.indexOf('after the outputs'));
		expect(out).not.toContain('\u001b');
		expect(out).not.toContain('\ufdd0');
	});

	it('expands a tab after an emoji sequence by its real width (string-width, built lazily in the bundle)', async () => {
		const file = path.join(scratch, 'emoji-tab_001.jsonl');
		const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
		writeFileSync(
			file,
			JSON.stringify({
				timestamp: '2026-12-02T10:00:00.000Z',
				type: 'model_msg',
				payload: {type: 'tool_call_output', role: 'user', output: `${family}\tX\n1️⃣\tY`, tool_call_id: 'c1'},
			}) + '\n',
		);
		const result = await runCli(['--print', '--no-follow', file]);
		// Two columns each: the tab stop is six cells on (counted a code point at a time it would be two).
		expect(result.stdout).toContain(`  ${family}      X\n  1️⃣      Y\n`);
	});

	it('colours only when FORCE_COLOR asks in a pipe, and never passes escape sequences from the trace', async () => {
		const file = path.join(scratch, 'hostile_001.jsonl');
		writeFileSync(
			file,
			[
				JSON.stringify({
					type: 'model_msg',
					payload: {
						type: 'text',
						role: 'assistant',
						text: 'clear\u001b[2J\u001b]52;c;cGF3bmVk\u0007 title\u001b]0;owned\u0007 done',
					},
				}),
				JSON.stringify({
					type: 'model_msg',
					payload: {
						type: 'tool_call_output',
						role: 'user',
						tool_call_id: 'x',
						output: '\u001b[31mred\u001b[0m\u001b[1A',
					},
				}),
			].join('\n') + '\n',
		);
		const plain = await runCli(['--print', '--no-follow', file]);
		expect(plain.stdout).toContain('clear');
		expect(plain.stdout).toContain('done');
		expect(plain.stdout).not.toMatch(/\u001b/);
		const colored = await runCli(['--print', '--no-follow', file], {env: {FORCE_COLOR: '1'}});
		expect(colored.stdout).toContain('\u001b[31mred');
		expect(colored.stdout).not.toContain('\u001b[2J');
		expect(colored.stdout).not.toContain('\u001b]');
		expect(colored.stdout).not.toContain('\u001b[1A');
	});

	it(
		'--color=always colours a pipe (for less -R) whatever ' +
			'NO_COLOR says; --color=never and --no-color win over FORCE_COLOR',
		async () => {
			const file = path.join(scratch, 'coloured_001.jsonl');
			writeFileSync(
				file,
				`${JSON.stringify({
					type: 'model_msg',
					payload: {type: 'tool_call_output', role: 'user', tool_call_id: 'x', output: 'out'},
				})}\n`,
			);
			const sgr = /\u001b\[\d+m/;
			for (const args of [['--color=always'], ['--color'], ['--no-color', '--color=always']]) {
				const always = await runCli(['--print', '--no-follow', ...args, file], {env: {NO_COLOR: '1'}});
				expect(always.stdout, args.join(' ')).toMatch(sgr);
			}
			for (const args of [['--color=never'], ['--no-color'], ['--color=always', '--color=never']]) {
				const never = await runCli(['--print', '--no-follow', ...args, file], {env: {FORCE_COLOR: '1'}});
				expect(never.stdout, args.join(' ')).not.toMatch(/\u001b/);
			}
			// auto is the default: a pipe has no colour unless FORCE_COLOR asks.
			expect((await runCli(['--print', '--no-follow', '--color=auto', file])).stdout).not.toMatch(/\u001b/);
			expect(
				(await runCli(['--print', '--no-follow', '--color=auto', file], {env: {FORCE_COLOR: '1'}})).stdout,
			).toMatch(sgr);
			const wrong = await runCli(['--print', '--color=yes', file]);
			expect(wrong.code).toBe(2);
			expect(wrong.stderr).toBe("penguin-view: --color takes auto, always or never, not 'yes' (try --help)\n");
		},
	);

	it('counts a malformed line, shows it with its line number, and keeps the lines around it', async () => {
		const file = path.join(scratch, 'broken_001.jsonl');
		const good = (text: string) => JSON.stringify({type: 'model_msg', payload: {type: 'text', role: 'user', text}});
		writeFileSync(file, `${good('first good line')}\n{"type":"model_msg","payload":{"ty\n${good('third good line')}\n`);
		const result = await runCli(['--print', '--no-follow', file]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('first good line');
		expect(result.stdout).toContain('third good line');
		expect(result.stdout).toMatch(/malformed line 2 of shard 1/);
		expect(result.stdout).toContain('1 malformed line');
	});

	it('reads a trace from standard input with -', async () => {
		const text = readFileSync(path.join(traces, 'session-2026-12-02-14-43-08-07326dfd_001.jsonl'), 'utf8');
		const result = await runCli(['--print', '-'], {input: text});
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('Unicode check: naïve café — 日本語 — emoji 🐧.');
	});

	it('--replay prints what the trace read whole prints, its subagent in full where its pointer is', async () => {
		const parent = path.join(traces, 'session-2026-12-02-14-43-17-a1f608ba_001.jsonl');
		const whole = await runCli(['--print', '--no-follow', parent]);
		const replayed = await runCli(['--print', '--replay', '4', parent]);
		expect({code: replayed.code, stderr: replayed.stderr}).toEqual({code: 0, stderr: ''});
		expect(replayed.stdout).toContain(
			'│ [14:43:20] assistant\n│   Child report: the workspace was listed successfully (hello-from-child).',
		);
		expect(replayed.stdout).toBe(whole.stdout);
	});
});

describe('following', () => {
	it('prints appends as they arrive, picks up the next shard, and exits 0 on SIGTERM', async () => {
		const folder = path.join(scratch, 'follow');
		mkdirSync(folder);
		const id = 'session-2026-12-02-14-45-42-8e7b556c';
		const shard1 = path.join(folder, `${id}_001.jsonl`);
		const lines = readFileSync(path.join(traces, `${id}_001.jsonl`), 'utf8')
			.split('\n')
			.filter(Boolean);
		writeFileSync(shard1, `${lines.slice(0, 3).join('\n')}\n`);
		const child = startCli(['--print', '-f', shard1]);
		await waitFor(() => child.output().includes('[fake:chat] What is a trace file?'), 'the first lines');
		appendFileSync(shard1, `${lines.slice(3).join('\n')}\n`);
		await waitFor(() => child.output().includes('compaction completed'), 'the appended lines');
		copyFileSync(path.join(traces, `${id}_002.jsonl`), path.join(folder, `${id}_002.jsonl`));
		await waitFor(() => child.output().includes('After compaction: what is a trace file again?'), 'the next shard');
		expect(child.output()).toContain('═══ context 2 · after compaction ═══');
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('── session totals');
	});

	it('prints a large tool output appended in pieces, once its line is whole', async () => {
		const file = path.join(scratch, 'follow-large_001.jsonl');
		const first = [
			{timestamp: '2026-12-02T10:00:00.000Z', type: 'session_meta', payload: {session_id: 'follow-large'}},
			{
				timestamp: '2026-12-02T10:00:00.500Z',
				type: 'model_msg',
				payload: {type: 'text', role: 'assistant', text: 'before the output'},
			},
		];
		writeFileSync(file, `${first.map(entry => JSON.stringify(entry)).join('\n')}\n`);
		const child = startCli(['--print', '--follow', file]);
		await waitFor(() => child.output().includes('before the output'), 'the first lines');
		const output = Array.from({length: 400}, (_, i) => `row ${i}: "quoted" \\ 🐧`).join('\n');
		const line =
			JSON.stringify({
				timestamp: '2026-12-02T10:00:01.000Z',
				type: 'model_msg',
				payload: {type: 'tool_call_output', role: 'user', output, tool_call_id: 'c9'},
			}) + '\n';
		const cut = Math.floor(line.length / 2);
		const before = ioBytes(child.pid!).read;
		appendFileSync(file, line.slice(0, cut));
		// Read, then asleep again: the program has taken the half line in, and held it.
		await untilRead(child.pid!, before + cut, 'the program to read the half line');
		await untilQuiet(child.pid!, 'the program to have handled the half line');
		expect(child.output()).not.toContain('row 0');
		appendFileSync(file, line.slice(cut));
		await waitFor(() => child.output().includes('row 399'), 'the whole output');
		child.kill('SIGTERM');
		const result = await waitForExit(child, 5000);
		expect(result.stdout).toContain('tool output ? (c9) done · 0.0 s · 400 lines\n  row 0: "quoted" \\ 🐧\n  row 1:');
		expect(result.stdout).toContain('  row 399: "quoted" \\ 🐧\n');
		expect(result.stdout).not.toContain('\ufdd0');
		expect(result.stdout.match(/row 0:/g)).toHaveLength(1);
	});
});

describe('errors', () => {
	it('names a missing file in one line and exits 1', async () => {
		const result = await runCli(['--print', path.join(scratch, 'nope_001.jsonl')]);
		expect(result.code).toBe(1);
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
		expect(result.stderr).toContain('nope_001.jsonl');
	});

	it('names an unknown session id and the root it searched', async () => {
		const root = path.join(scratch, 'root');
		mkdirSync(root, {recursive: true});
		const result = await runCli(['--print', 'session-2026-01-01-00-00-00-deadbeef'], {env: {PENGUIN_HOME: root}});
		expect(result.code).toBe(1);
		expect(result.stderr).toContain('session-2026-01-01-00-00-00-deadbeef');
		expect(result.stderr.trim().split('\n')).toHaveLength(1);
	});

	it('says so for a folder with no traces', async () => {
		const empty = path.join(scratch, 'empty');
		mkdirSync(empty);
		const result = await runCli(['--print', empty]);
		expect(result.code).toBe(1);
		expect(result.stderr).toContain(empty);
	});

	it('says so for a file it may not read', async () => {
		const file = path.join(scratch, 'secret_001.jsonl');
		writeFileSync(file, '{}\n');
		chmodSync(file, 0o000);
		chmodSync(scratch, 0o755);
		// Root reads anything: run as nobody there, so the permission really is missing.
		const result = await runCli(['--print', file], {uid: process.getuid?.() === 0 ? 65_534 : undefined});
		expect(result.code).toBe(1);
		expect(result.stderr).toMatch(/permission/i);
	});

	it('prints usage on stderr and exits 2 for a bad flag', async () => {
		const result = await runCli(['--print', '--frobnicate']);
		expect(result.code).toBe(2);
		expect(result.stderr).toMatch(/frobnicate/);
		expect(result.stdout).toBe('');
	});

	it('refuses a bad --expand value with exit 2', async () => {
		const result = await runCli([
			'--print',
			'--expand',
			'everything',
			path.join(traces, 'session-2026-12-02-14-43-08-07326dfd_001.jsonl'),
		]);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain("--expand takes thinking, outputs or all, not 'everything'");
	});

	it('answers --help with every flag', async () => {
		const result = await runCli(['--help']);
		expect(result.code).toBe(0);
		for (const flag of [
			'--print',
			'--json',
			'--no-follow',
			'--replay',
			'--expand',
			'--no-color',
			'--sse',
			'--cookie',
			'--header',
			'--user',
			'--insecure',
			'--debug',
			'--no-bell',
		]) {
			expect(result.stdout).toContain(flag);
		}
	});

	it("answers --help with the flag table's whole text (made by the build, not at each start)", async () => {
		const result = await runCli(['--help']);
		const indented = helpText()
			.trimEnd()
			.split('\n')
			.map(line => (line ? `  ${line}` : line))
			.join('\n');
		expect(result.stdout).toContain(indented);
	});
});
