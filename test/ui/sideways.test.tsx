// Chop mode (-S, S, and → from wrapped rows), as less -S: long rows cut at the edge with a marker; → and ← shift every
// row's text by half a screen without laying anything out again; $ to the end of the longest row on screen; 0 returns;
// pane heads, header and footer stay.
import {afterEach, expect, test} from 'vitest';
import {dropColumns} from '../../source/ui/reading/sideways.js';
import {seg} from '../../source/ui/panes/segments.js';
import {keys, mount, type Screen} from './app-helpers.js';
import {msg, storeFrom} from './helpers.js';
import {frameWhere} from './wait-frame.js';

let screen: Screen | undefined;
afterEach(() => {
	screen?.unmount();
	screen = undefined;
});

const json = JSON.stringify({items: Array.from({length: 30}, (_, i) => ({id: i, name: `item-${i}`})), last: 'THE-END'});
const right = '\u001b[C';
const left = '\u001b[D';

const session = () =>
	storeFrom([
		msg({type: 'text', role: 'user', text: 'print the json'}, '2026-12-02T14:00:00.000Z'),
		msg(
			{
				type: 'tool_call',
				role: 'assistant',
				name: 'exec_command',
				arguments: JSON.stringify({cmd: 'cat items.json'}),
				tool_call_id: 'c1',
				stop_reason: 'completed',
			},
			'2026-12-02T14:00:01.000Z',
		),
		msg(
			{
				type: 'tool_call_output',
				role: 'user',
				output: `${json}\n\n[exit code: 0]`,
				tool_call_id: 'c1',
				stop_reason: 'completed',
			},
			'2026-12-02T14:00:02.000Z',
		),
	]);

test(
	'S chops: the long JSON line is one row cut with a marker; → ' +
		"shifts it, the call's row stays; $ shows its end; 0 and S come back",
	async () => {
		screen = await mount(session(), {columns: 80, rows: 14});
		await screen.press(keys.enter);
		let frame = await frameWhere(screen, f => f.includes('"item-0"'));
		// Wrapped: the line takes several rows.
		expect(frame.split('\n').filter(line => line.includes('"name"')).length).toBeGreaterThan(1);
		await screen.press('S');
		frame = await frameWhere(screen, f => f.includes('long rows chopped'));
		const jsonRows = (text: string): string[] =>
			text.split('\n').filter(line => line.includes('"id"') || line.includes('THE-END'));
		expect(jsonRows(frame)).toHaveLength(1);
		expect(jsonRows(frame)[0]).toMatch(/…$/);
		expect(jsonRows(frame)[0]!.length).toBeLessThanOrEqual(80);
		const lineBefore = /line \d+ of \d+/.exec(frame)![0];
		await screen.press(right);
		frame = await frameWhere(screen, f => /→ 39/.test(f));
		// The call's row (a pane head) stays; the JSON moved left; nothing was laid out again: still one row, the same line.
		expect(frame).toMatch(/›✓ exec_command {2}\$ cat items\.json/);
		expect(jsonRows(frame)).toHaveLength(1);
		expect(jsonRows(frame)[0]).not.toContain('"items"');
		expect(frame).toContain(lineBefore);
		expect(frame.split('\n')[0]).toContain('penguin-view');
		await screen.press('$');
		frame = await frameWhere(screen, f => f.includes('THE-END"}'));
		expect(jsonRows(frame)).toHaveLength(1);
		await screen.press(left, '0');
		frame = await frameWhere(screen, f => f.includes('"items"'));
		expect(frame).not.toMatch(/→ \d/);
		await screen.press(left);
		expect(screen.frame()).toContain('"items"');
		await screen.press('S');
		frame = await frameWhere(screen, f => f.includes('long rows wrapped'));
		expect(frame.split('\n').filter(line => line.includes('"name"')).length).toBeGreaterThan(1);
	},
);

test('a wide character cut in half by the shift leaves a space, never half a glyph', () => {
	expect(dropColumns([seg('ab'), seg('漢字x', {bold: true})], 3)).toEqual([{text: ' 字x', bold: true}]);
	expect(dropColumns([seg('abc')], 0)).toEqual([{text: 'abc'}]);
});
