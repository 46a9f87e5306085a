// → and ← move the body sideways by half a screen (as less -S) so a row cut at the edge can be read; 0 returns; the
// header and footer stay.
import {afterEach, expect, test} from 'vitest';
import {dropColumns} from '../../source/ui/reading/sideways.js';
import {seg} from '../../source/ui/panes/segments.js';
import {mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

// A call's description is what a narrow row cuts at its end (a long command loses its middle instead).
const description = `${'word '.repeat(10)}THE-END`;
const right = '\u001b[C';
const left = '\u001b[D';

const session = () =>
	storeFrom([
		msg({type: 'text', role: 'user', text: 'say many words'}, '2026-12-02T14:00:00.000Z'),
		msg(
			{
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: JSON.stringify({cmd: 'ls', description}),
				tool_call_id: 'c1',
				stop_reason: 'completed',
			},
			'2026-12-02T14:00:01.000Z',
		),
		msg(
			{
				type: 'tool_call_output',
				role: 'user',
				output: 'ok\n\n[exit code: 0]',
				tool_call_id: 'c1',
				stop_reason: 'completed',
			},
			'2026-12-02T14:00:02.000Z',
		),
	]);

test('→ reveals the end of a row cut at the screen edge; ← and 0 come back; header and footer stay', async () => {
	screen = await mount(session(), {columns: 80, rows: 14});
	const before = await frameWhere(screen, f => f.includes('exec_command'));
	expect(before).not.toContain('THE-END');
	await screen.press(right);
	let frame = await frameWhere(screen, f => f.includes('THE-END'));
	// The row's start moved off the left; the header and footer did not move.
	expect(frame).not.toContain('exec_command');
	expect(frame.split('\n')[0]).toContain('penguin-view');
	expect(frame).toMatch(/→ 39/);
	expect(frame).toContain('q quit');
	await screen.press(left);
	frame = await frameWhere(screen, f => f.includes('exec_command'));
	expect(frame).not.toContain('THE-END');
	await screen.press(right, right, '0');
	frame = await frameWhere(screen, f => f.includes('exec_command'));
	expect(frame).not.toMatch(/→ \d/);
	// ← at the left edge stays there.
	await screen.press(left);
	expect(screen.frame()).toContain('exec_command');
});

test('a wide character cut in half by the shift leaves a space, never half a glyph', () => {
	expect(dropColumns([seg('ab'), seg('漢字x', {bold: true})], 3)).toEqual([{text: ' 字x', bold: true}]);
	expect(dropColumns([seg('abc')], 0)).toEqual([{text: 'abc'}]);
});
