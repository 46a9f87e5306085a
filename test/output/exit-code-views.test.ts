// Which calls show an exit code is the tool registry's word (`exitCode`), in every view: the
// screen's row, print mode the usual way, and print mode through the kernel. A grep_files that
// matched `[exit code: 1]` in a file did not exit 1.
import {expect, test} from 'vitest';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {PlainRenderer} from '../../source/render/plain.js';
import {toolPresenters} from '../../source/render/tool-registry.js';
import {carriesExitCode} from '../../source/render/tool-summary.js';
import {outputEntry, printedBytes} from '../helpers/print-entry.js';
import {msg, paneTexts, viewFrom} from '../ui/helpers.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const failedOutput = 'line one\nline two\n[exit code: 1]\n';
/** Every tool the registry knows, one it does not, and an MCP server's. */
const names = [...toolPresenters.keys(), 'grep_files', 'some_new_tool', 'mcp__files__search'];

/** The closed row of a failed call of `name` on the screen. */
function screenRow(name: string, output = failedOutput, stop = 'failed'): string {
	const view = viewFrom([
		msg({type: 'tool_call', role: 'assistant', name, arguments: '{}', tool_call_id: 'c1'}),
		msg({type: 'tool_call_output', role: 'user', output, tool_call_id: 'c1', stop_reason: stop}),
	]);
	return paneTexts(view)[0]!;
}

/** The output's head line as print mode writes it the usual way. */
const printedUsual = (name: string, output = failedOutput): string =>
	printedBytes(new PlainRenderer({color: false}), outputEntry(output, name)).toString('utf8');

/** The same through the kernel: a line long enough to be cut and rendered ahead. */
function printedByKernel(name: string, output = failedOutput): string {
	const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	prerendered.stripColor = true;
	const line = Buffer.from(
		`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output",` +
			`"role":"user","output":${JSON.stringify(output)},"tool_call_id":"c1","note":"${'p'.repeat(3000)}"}}`,
	);
	const cut = prerendered.cut(line);
	expect(cut, 'the kernel took the line').toBeDefined();
	const token = (cut!.value as {payload: {output: string}}).payload.output;
	return printedBytes(new PlainRenderer({color: false, prerendered}), outputEntry(token, name)).toString('utf8');
}

test(
	'a failed call shows `exit 1` on the screen and in print, ' + 'either way, exactly when its tool carries exit codes',
	() => {
		const shown = {carries: 0, not: 0};
		for (const name of names) {
			const carries = carriesExitCode(name);
			shown[carries ? 'carries' : 'not']++;
			expect(screenRow(name).includes('exit 1'), `${name} on the screen`).toBe(carries);
			expect(printedUsual(name).includes('exit 1'), `${name} printed`).toBe(carries);
			expect(printedByKernel(name).includes('exit 1'), `${name} printed through the kernel`).toBe(carries);
		}
		// Both kinds were tried: exec_command carries one, grep_files and an unknown tool do not.
		expect(carriesExitCode('exec_command')).toBe(true);
		expect(carriesExitCode('grep_files')).toBe(false);
		expect(shown.carries).toBeGreaterThan(0);
		expect(shown.not).toBeGreaterThan(2);
	},
);

test('a command that exited 0 says nothing of it: no `exit 0` on the screen or in print', () => {
	const succeeded = 'all good\n[exit code: 0]\n';
	expect(screenRow('exec_command', succeeded, 'completed')).not.toContain('exit');
	expect(printedUsual('exec_command', succeeded)).toMatch(/ · 2 lines\n/);
	expect(printedUsual('exec_command', succeeded)).not.toContain('exit 0');
	expect(printedByKernel('exec_command', succeeded)).not.toContain('exit 0');
	// The same command failing with 2 says so everywhere.
	const failed = 'no such file\n[exit code: 2]\n';
	expect(screenRow('exec_command', failed)).toContain('exit 2');
	expect(printedUsual('exec_command', failed)).toContain(' · exit 2');
	expect(printedByKernel('exec_command', failed)).toContain(' · exit 2');
});

test('a command stopped by the user reads as aborted on the screen, though its output ends in an exit code', () => {
	// Only a failure says how it ended by its code; an abort has its word.
	const row = screenRow('exec_command', 'partial\n[exit code: 130]\n', 'aborted');
	expect(row).not.toContain('exit 130');
	expect(row).toContain('aborted');
});
