// Print mode on edits and written files carrying code, as the program runs (the arguments' kernel on, without colour):
// each call's headline counts its lines and its arguments are printed in full, as the reference path
// (PENGUIN_VIEW_KERNEL=0) prints them; a call line broken in its arguments is reported as malformed, as before.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {runCli} from '../helpers/run-cli.js';

let dir: string;
beforeEach(() => {
	dir = makeTempDir('penguin-view-args-');
});
afterEach(() => removeTempDir(dir));

const code =
	'\tfmt.Println("usage: tool FILE")\n// 日本語のコメント 🚀\n  return rows.map(row => row.text).join("\\n");\n';
const line = (second: number, payload: object): string =>
	JSON.stringify({timestamp: `2026-12-02T10:00:${String(second).padStart(2, '0')}.000Z`, type: 'model_msg', payload});
const call = (second: number, id: string, name: string, args: object): string =>
	line(second, {type: 'tool_call', role: 'assistant', name, arguments: JSON.stringify(args), tool_call_id: id});

test('edits and written files print their headline and their arguments as the reference path prints them; a ' +
	'broken call line is malformed', async () => {
	const edit = call(1, 'c1', 'edit_file', {
		file_path: 'src/live.go',
		old_string: code.repeat(20),
		new_string: code.repeat(30),
		replace_all: true,
	});
	const lines = [
		JSON.stringify({
			timestamp: '2026-12-02T10:00:00.000Z',
			type: 'session_meta',
			payload: {session_id: 's1', provider: 'p', model_id: 'm', model_context_window: 64_000},
		}),
		edit,
		line(2, {
			type: 'tool_call_output',
			role: 'user',
			output: 'Edited src/live.go: 1 replacement',
			tool_call_id: 'c1',
			stop_reason: 'completed',
		}),
		call(3, 'c2', 'write_file', {file_path: 'src/new.go', content: `${code.repeat(40)}\u202e`}),
		call(4, 'c3', 'write_file', {file_path: 'src/trace.go', content: code.repeat(40)}),
		edit.replace('"tool_call_id":"c1"', '"tool_call_id":"c4"').slice(0, 1500),
	];
	const file = path.join(dir, 'trace.jsonl');
	writeFileSync(file, `${lines.join('\n')}\n`);
	const args = ['--print', '--no-follow', file];
	const printed = await runCli(args, {timeoutMs: 30_000});
	const reference = await runCli(args, {env: {PENGUIN_VIEW_KERNEL: '0'}, timeoutMs: 30_000});
	expect(printed.code).toBe(0);
	expect(printed.stdout).toBe(reference.stdout);
	// Ten repeats more: the diff under it adds 30 lines and removes none.
	expect(printed.stdout).toContain('tool call edit_file (c1): src/live.go +30 −0 (all)');
	expect(printed.stdout).toContain(
		'    "old_string": "\\tfmt.Println(\\"usage: tool FILE\\")\\n// 日本語のコメント 🚀\\n' +
			'  return rows.map(row => row.text).join(\\"\\\\n\\");\\n\\tfmt',
	);
	expect(printed.stdout).toContain('tool call write_file (c2): src/new.go · 121 lines');
	expect(printed.stdout).toContain('⟪RLO⟫');
	expect(printed.stdout).toContain('tool call write_file (c3): src/trace.go · 120 lines');
	expect(printed.stdout).toMatch(/malformed line 6 of shard 1/);
}, 60_000);
