// At 60 columns a call's row keeps what tells it apart: a long command loses its middle (not its end), the description
// goes first, a number is never cut; an open pane shows the arguments the row could not; the timeline never cuts a
// duration.
import {describe, expect, test} from 'vitest';
import {timelineOf} from '../../source/model/timeline.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {fitMiddle, rowText} from '../../source/ui/panes/segments.js';
import {timelineScreen} from '../../source/ui/views/timeline-rows.js';
import {msg, paneTexts, viewFrom} from './helpers.js';

const at = (seconds: number): string => new Date(Date.parse('2026-12-02T14:00:00Z') + seconds * 1000).toISOString();

/** Calls that differ only at the end of a long command, each with a description; the second one ran 83 s. */
function calls(): ReturnType<typeof viewFrom> {
	const inputs = [];
	for (const [i, tail] of ['alpha', 'bravo', 'charlie'].entries()) {
		const args = {
			description: `Print the last two numbers, then the word ${tail}`,
			cmd: `seq 1 40 | tail -n 2; echo the-word-${tail}`,
		};
		inputs.push(
			msg(
				{
					type: 'tool_call',
					role: 'assistant',
					name: 'exec_command',
					arguments: JSON.stringify(args),
					tool_call_id: `c${i}`,
				},
				at(i * 100),
			),
		);
		inputs.push(
			msg(
				{
					type: 'tool_call_output',
					role: 'user',
					output: `39\n40\nthe-word-${tail}\n`,
					tool_call_id: `c${i}`,
					stop_reason: 'completed',
				},
				at(i * 100 + (i === 1 ? 83 : 1)),
			),
		);
	}
	return viewFrom(inputs, Date.parse(at(400)));
}

describe('a call row at 60 columns', () => {
	test("keeps the command's end (what tells the rows apart) and its duration whole; the description goes first", () => {
		const rows = paneTexts(calls(), openStateFrom(), 58).map(text => text.split('\n')[0]!);
		expect(rows).toHaveLength(3);
		for (const [row, tail] of rows.map((row, i) => [row, ['alpha', 'bravo', 'charlie'][i]!] as const)) {
			expect(row.length).toBeLessThanOrEqual(58);
			expect(row).toMatch(/^✓ exec_command {2}\$ seq 1 (40)?…/);
			expect(row).toContain(tail.slice(-4));
			expect(row).not.toContain('Print the last');
		}
		expect(rows[1]).toMatch(/1 m 23 s +3 lines$/);
	});

	test('an open pane shows the whole command the row cut, and the description', () => {
		const view = calls();
		const open = paneTexts(view, openStateFrom(['all']), 58)[0]!;
		expect(open).toContain('$ seq 1 40 | tail -n 2; echo the-word-alpha');
		expect(open).toContain('Print the last two numbers, then the word alpha');
		// Wide enough for all of it: the row says it, the pane does not repeat it.
		const wide = paneTexts(view, openStateFrom(['all']), 200)[0]!;
		expect(wide.split('\n')[0]).toContain('$ seq 1 40 | tail -n 2; echo the-word-alpha  Print the last two numbers');
		expect(wide.split('\n').slice(1).join('\n')).not.toContain('$ seq 1 40');
	});
});

describe('the timeline at 60 columns', () => {
	test('a duration is shown whole or not at all, never cut inside a number; the command keeps its end', () => {
		const rows = timelineScreen(timelineOf(calls()), {
			width: 60,
			height: 20,
			now: Date.parse(at(400)),
			window: {selected: 0, top: 0},
		}).map(row => rowText(row.segments));
		const labels = rows.slice(4).map(row => row.slice(0, 24));
		expect(labels).toHaveLength(3);
		for (const label of labels) {
			// A number is whole: never `1 m 2…`, `1.…` or a minute without its seconds.
			expect(label).not.toMatch(/\d…|\d\.…|\d+ m(?! \d+ s)/);
		}
		expect(rows.slice(4).every(row => row.length <= 60)).toBe(true);
	});
});

test('fitMiddle keeps the start and the end of a text, and never cuts inside a number', () => {
	const command = 'seq 1 40 | tail -n 2; echo the-word-bravo';
	expect(fitMiddle(command, 60)).toBe(command);
	for (let width = 6; width < command.length; width++) {
		const cut = fitMiddle(command, width);
		expect(cut.length).toBeLessThanOrEqual(width);
		expect(cut).toContain('…');
		// `4…` or `…0` would be a cut 40; `…2` a cut `2;` is fine only when the 2 is whole.
		expect(cut).not.toMatch(/4…|…0/);
	}
});
