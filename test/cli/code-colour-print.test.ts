// Print mode's code in colour (the built program): with FORCE_COLOR an edit_file call is a coloured diff, read_file
// outputs and a ```ts fence are coloured; without it (a pipe, NO_COLOR, --no-color) the same trace prints as before,
// without escapes.
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/run-cli.js';

const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'penguin-view-code-')), 'code_001.jsonl');
const line = (payload: Record<string, unknown>, second: number) =>
	JSON.stringify({timestamp: `2026-12-02T14:00:0${second}.000Z`, type: 'model_msg', payload});

beforeAll(() => {
	const edit = {
		file_path: 'src/a.ts',
		old_string: 'export function f(n: number) {\n  return n + 1;\n}',
		new_string: 'export function f(n: number) {\n  return n + 2;\n}',
	};
	writeFileSync(
		file,
		[
			line(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'edit_file',
					arguments: JSON.stringify(edit),
					tool_call_id: 'e1',
					stop_reason: 'completed',
				},
				1,
			),
			line(
				{
					type: 'tool_call_output',
					role: 'user',
					output: 'Replaced 1 occurrence',
					tool_call_id: 'e1',
					stop_reason: 'completed',
				},
				2,
			),
			line(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'read_file',
					arguments: JSON.stringify({file_path: 'small.py'}),
					tool_call_id: 'r1',
					stop_reason: 'completed',
				},
				4,
			),
			line(
				{
					type: 'tool_call_output',
					role: 'user',
					output: '     1\tdef small():\n     2\t\treturn "s"',
					tool_call_id: 'r1',
					stop_reason: 'completed',
				},
				5,
			),
			// Over 1 KiB with tabs: print mode's WebAssembly kernel makes its block.
			line(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'read_file',
					arguments: JSON.stringify({file_path: 'big.go'}),
					tool_call_id: 'r2',
					stop_reason: 'completed',
				},
				6,
			),
			line(
				{
					type: 'tool_call_output',
					role: 'user',
					output: Array.from({length: 80}, (_, i) => `${String(i + 1).padStart(6)}\tfunc f${i}() {}`).join('\n'),
					tool_call_id: 'r2',
					stop_reason: 'completed',
				},
				7,
			),
			line(
				{
					type: 'text',
					role: 'assistant',
					text: 'Done:\n\n```ts\nconst x: number = 1; // \u001b]0;owned\u0007one\n```',
					stop_reason: 'completed',
				},
				3,
			),
		].join('\n') + '\n',
	);
});

describe('print mode, code in colour', () => {
	it('FORCE_COLOR: the edit as a diff (- red, + green, shared lines once) and the fence in its colours', async () => {
		const result = await runCli(['--print', '--no-follow', file], {env: {FORCE_COLOR: '1'}});
		expect(result.code).toBe(0);
		expect(result.stdout).toContain('\u001b[31m-   return n + 1;\u001b[39m');
		expect(result.stdout).toContain('\u001b[32m+   return n + 2;\u001b[39m');
		expect(result.stdout.match(/export function f/g)).toHaveLength(1);
		const code = result.stdout.split('\n').find(row => row.includes('const'))!;
		expect(code).toContain('\u001b[35mconst\u001b[39m');
		expect(code).toContain('\u001b[36mnumber\u001b[39m = \u001b[33m1\u001b[39m;');
		expect(code.replace(/\u001b\[[0-9;]*m/g, '')).toBe('  const x: number = 1; // one');
		// read_file outputs: the numbers dim, the code in its language's colours, whichever way the block was made.
		expect(result.stdout).toContain(
			'  \u001b[2m     1  \u001b[22m\u001b[35mdef\u001b[39m \u001b[34msmall\u001b[39m():\n' +
				'  \u001b[2m     2  \u001b[22m        \u001b[35mreturn\u001b[39m \u001b[32m"s"\u001b[39m',
		);
		expect(result.stdout).toContain(
			'  \u001b[2m    80  \u001b[22m\u001b[35mfunc\u001b[39m \u001b[34mf79\u001b[39m() {}',
		);
		// The title escape inside the code was removed before it was coloured.
		expect(result.stdout).not.toContain('\u001b]');
		expect(result.stdout).toContain('// one');
	});

	it('in a pipe, with NO_COLOR or with --no-color: no escape at all, the arguments as before', async () => {
		for (const [args, env] of [
			[[], {}],
			[[], {FORCE_COLOR: '1', NO_COLOR: '1'}],
			[['--no-color'], {FORCE_COLOR: '1'}],
		] as const) {
			const result = await runCli(['--print', '--no-follow', ...args, file], {env});
			expect(result.code).toBe(0);
			expect(result.stdout).not.toContain('\u001b');
			expect(result.stdout).toContain('"old_string": "export function f(n: number) {\\n  return n + 1;\\n}"');
			expect(result.stdout).toContain('const x: number = 1; // one');
			expect(result.stdout).toContain('    80  func f79() {}');
		}
	});
});
