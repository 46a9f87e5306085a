// Print mode's code in colour (the built program): with FORCE_COLOR an edit_file call is a coloured diff and a ```ts fence is coloured; without it (a pipe, NO_COLOR, --no-color) the same trace prints as before, without escapes.
import {mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/run-cli.js';

const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'penguin-view-code-')), 'code_001.jsonl');
const line = (payload: Record<string, unknown>, second: number) => JSON.stringify({timestamp: `2026-12-02T14:00:0${second}.000Z`, type: 'model_msg', payload});

beforeAll(() => {
	const edit = {file_path: 'src/a.ts', old_string: 'export function f(n: number) {\n  return n + 1;\n}', new_string: 'export function f(n: number) {\n  return n + 2;\n}'};
	writeFileSync(
		file,
		[
			line({type: 'tool_call', role: 'assistant', name: 'edit_file', arguments: JSON.stringify(edit), tool_call_id: 'e1', stop_reason: 'completed'}, 1),
			line({type: 'tool_call_output', role: 'user', output: 'Replaced 1 occurrence', tool_call_id: 'e1', stop_reason: 'completed'}, 2),
			line({type: 'text', role: 'assistant', text: 'Done:\n\n```ts\nconst x: number = 1; // \u001b]0;owned\u0007one\n```', stop_reason: 'completed'}, 3),
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
		// The title escape inside the code was removed before it was coloured.
		expect(result.stdout).not.toContain('\u001b]');
		expect(result.stdout).toContain('// one');
	});

	it('in a pipe, with NO_COLOR or with --no-color: no escape at all, the arguments as before', async () => {
		for (const [args, env] of [[[], {}], [[], {FORCE_COLOR: '1', NO_COLOR: '1'}], [['--no-color'], {FORCE_COLOR: '1'}]] as const) {
			const result = await runCli(['--print', '--no-follow', ...args, file], {env});
			expect(result.code).toBe(0);
			expect(result.stdout).not.toContain('\u001b');
			expect(result.stdout).toContain('"old_string": "export function f(n: number) {\\n  return n + 1;\\n}"');
			expect(result.stdout).toContain('const x: number = 1; // one');
		}
	});
});
