// End to end at 80×24 in tmux: a TypeScript read_file output and an edit_file diff drawn in colour on a real terminal
// (the highlighter's chunk loaded from the built program), and none with NO_COLOR.
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, expect, test} from 'vitest';
import {FaultTmux, wholeFrame} from '../support/fault-tmux.js';
import {waitFor} from '../support/wait-for.js';
import {palette} from '../../source/ui/panes/palette.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const cli = path.join(root, 'dist', 'cli.js');
let folder = '';
let pane: FaultTmux | undefined;

const line = (payload: Record<string, unknown>, second: number) =>
	JSON.stringify({timestamp: `2026-12-02T14:00:0${second}.000Z`, type: 'model_msg', payload});

beforeAll(() => {
	if (!existsSync(cli)) execFileSync('npm', ['run', 'build'], {cwd: root, stdio: 'ignore'});
	folder = mkdtempSync(path.join(tmpdir(), 'penguin-view-e2e-code-'));
	const edit = {file_path: 'src/a.ts', old_string: 'keep();\nold();', new_string: 'keep();\nfresh();'};
	writeFileSync(
		path.join(folder, 'code_001.jsonl'),
		[
			line(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'read_file',
					arguments: JSON.stringify({file_path: 'src/a.ts'}),
					tool_call_id: 'r1',
					stop_reason: 'completed',
				},
				1,
			),
			line(
				{
					type: 'tool_call_output',
					role: 'user',
					output: '     1\tconst greeting = "hi";\n     2\texport default greeting;',
					tool_call_id: 'r1',
					stop_reason: 'completed',
				},
				2,
			),
			line(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'edit_file',
					arguments: JSON.stringify(edit),
					tool_call_id: 'e1',
					stop_reason: 'completed',
				},
				3,
			),
			line(
				{
					type: 'tool_call_output',
					role: 'user',
					output: 'Replaced 1 occurrence',
					tool_call_id: 'e1',
					stop_reason: 'completed',
				},
				4,
			),
		].join('\n') + '\n',
	);
}, 60_000);

afterEach(() => pane?.kill());

afterAll(() => {
	if (folder) rmSync(folder, {recursive: true, force: true, maxRetries: 5});
});

/** The pane with its colours (tmux's own SGR, as `capture-pane -e` gives it, without its background resets). */
const coloured = (tmux: FaultTmux) => tmux.styled().replaceAll('\u001b[49m', '');

/** The styled row holding `text`. */
const styledRow = (styled: string, text: string) =>
	styled.split('\n').find(row => row.replace(/\u001b\[[0-9;]*m/g, '').includes(text)) ?? '';

test('80×24: the code in colours, the diff red and green', async () => {
	pane = new FaultTmux(folder, 'e2e-code', 80, 24);
	await pane.clear(folder);
	// The dark theme's colours at 256 (TERM=xterm-256color), from the palette the highlighter draws with.
	const {sgr} = palette('dark', '256');
	const sgrOf = (role: keyof typeof sgr): string => `\u001b[${sgr[role].open}m`;
	pane.run(`TZ=UTC node ${cli} --theme dark --expand all code_001.jsonl`);
	await waitFor(() => coloured(pane!).includes(`${sgrOf('magenta')}const`), 'the keyword in colour', {
		show: () => coloured(pane!),
	});
	const styled = coloured(pane);
	expect(wholeFrame(pane.text())).toBe(true);
	expect(styledRow(styled, 'const greeting')).toContain(`${sgrOf('green')}"hi"`);
	expect(styledRow(styled, '- old();')).toContain(sgrOf('red'));
	expect(styledRow(styled, '+ fresh();')).toContain(sgrOf('green'));
});

test('NO_COLOR: the same screen without a colour', async () => {
	pane = new FaultTmux(folder, 'e2e-code-mono', 80, 24, {NO_COLOR: '1'});
	await pane.clear(folder);
	pane.run(`TZ=UTC node ${cli} --expand all code_001.jsonl`);
	await pane.until(text => text.includes('+ fresh();') && text.includes('const greeting'), 'the panes drawn');
	expect(pane.styled()).not.toMatch(/\u001b\[(3[0-7]|9[0-7]|38;)/);
});
