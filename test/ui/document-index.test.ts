// The document of lines: every pane's lines count, open or folded; a wrapped line is one line; folding and resizing
// renumber nothing.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {documentEntries, entryAt, placeOfLine} from '../../source/ui/reading/document-index.js';
import {Layouter, rowLine} from '../../source/ui/panes/layout.js';
import {LineNumbering} from '../../source/ui/reading/line-numbering.js';
import {openStateFrom, setOpen, type OpenState} from '../../source/ui/panes/open-state.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {msg, viewFrom} from './helpers.js';
import type {ModelInput} from '../../source/model/input.js';

const numbers = Array.from({length: 300}, (_, i) => `n${i + 1}`).join('\n');
/** A question, `seq 1 300` and its 300 lines, then an answer. */
const longOutput = (): ModelInput[] => [
	msg({type: 'text', role: 'user', text: 'count to three hundred'}),
	msg({
		type: 'tool_call',
		role: 'assistant',
		name: 'exec_command',
		arguments: '{"cmd":"seq 1 300"}',
		tool_call_id: 'c1',
		stop_reason: 'completed',
	}),
	msg({
		type: 'tool_call_output',
		role: 'user',
		output: `${numbers}\n\n[exit code: 0]`,
		tool_call_id: 'c1',
		stop_reason: 'completed',
	}),
	msg({type: 'text', role: 'assistant', text: 'counted them all'}),
];

const now = Date.parse('2026-12-02T14:00:10Z');

test(
	'lines are counted per pane: a place is the pane that holds it ' +
		'and the line inside it; panes of no lines are never landed on',
	() => {
		const entries = documentEntries([10, 11, 12, 13], [3, 0, 5, 1]);
		expect(entries.total).toBe(9);
		expect(placeOfLine(entries, 0)).toEqual({itemId: 10, line: 0});
		expect(placeOfLine(entries, 2)).toEqual({itemId: 10, line: 2});
		expect(placeOfLine(entries, 3)).toEqual({itemId: 12, line: 0});
		expect(placeOfLine(entries, 8)).toEqual({itemId: 13, line: 0});
		// Past the ends: the ends.
		expect(placeOfLine(entries, 99)).toEqual({itemId: 13, line: 0});
		expect(placeOfLine(entries, -4)).toEqual({itemId: 10, line: 0});
		expect(entryAt(documentEntries([], []), 0)).toBe(-1);
	},
);

test(
	'the seq 1 300 session: the question, the call and its 301 ' +
		'output lines, the answer; line 65 of the output is its number 64',
	() => {
		const view = viewFrom(longOutput());
		const numbering = new LineNumbering();
		const entries = numbering.entries(view);
		// 1 question line, 1 call line + 302 output lines (300 numbers, a blank line, the exit code), 1 answer line.
		expect(entries.total).toBe(1 + 1 + 302 + 1);
		const call = view.items.find(item => item.kind === 'tool_call')!;
		const start = numbering.startOf(view, call.id)!;
		expect(start).toBe(1);
		// Opened in full, the row that shows the call's pane line 64 reads n64, at any width.
		for (const width of [20, 80]) {
			const open = {...setOpen(openStateFrom(), call.id, 'outputs', true), full: new Set([call.id])};
			const layout = new Layouter().layout(view, width, open, now);
			const index = layout.indexOf(call.id);
			const pane = layout.pane(index);
			const count = entries.starts[index + 1]! - entries.starts[index]!;
			const row = pane.rows.findIndex((_, at) => rowLine(pane, at, count) === 64);
			expect(rowText(pane.rows[row]!.segments)).toContain('n64');
		}
	},
);

test('property: the line a row shows does not change when folds open or close, or the width changes', () => {
	fc.assert(
		fc.property(
			fc.array(fc.tuple(fc.integer({min: 0, max: 40}), fc.integer({min: 1, max: 120})), {minLength: 1, maxLength: 6}),
			fc.integer({min: 12, max: 160}),
			fc.integer({min: 12, max: 160}),
			fc.array(fc.boolean(), {minLength: 6, maxLength: 6}),
			(calls, widthA, widthB, opens) => {
				const inputs: ModelInput[] = [msg({type: 'text', role: 'user', text: 'go'})];
				calls.forEach(([lines, length], i) => {
					const output = Array.from({length: lines}, (_, n) => `c${i}l${n + 1} ${'w'.repeat(length)}`).join('\n');
					inputs.push(
						msg({
							type: 'tool_call',
							role: 'assistant',
							name: 'exec_command',
							arguments: `{"cmd":"echo ${i}"}`,
							tool_call_id: `t${i}`,
							stop_reason: 'completed',
						}),
					);
					inputs.push(
						msg({type: 'tool_call_output', role: 'user', output, tool_call_id: `t${i}`, stop_reason: 'completed'}),
					);
				});
				const view = viewFrom(inputs);
				const numbering = new LineNumbering();
				const calls_ = view.items.filter(item => item.kind === 'tool_call');
				// Every output line's number, read off the rows drawn at one width with some folds open.
				const numbered = (width: number, openFlags: readonly boolean[]): Map<string, number> => {
					let open: OpenState = {...openStateFrom(), full: new Set(calls_.map(item => item.id))};
					for (const [i, item] of calls_.entries()) open = setOpen(open, item.id, 'outputs', openFlags[i] ?? false);
					const layout = new Layouter().layout(view, width, open, now);
					const entries = numbering.entries(view);
					const found = new Map<string, number>();
					for (let index = 0; index < layout.count; index++) {
						const pane = layout.pane(index);
						const entry = numbering.indexOf(view, pane.itemId);
						const count = entries.starts[entry + 1]! - entries.starts[entry]!;
						pane.rows.forEach((row, at) => {
							const word = /c\d+l\d+/.exec(rowText(row.segments))?.[0];
							if (word && !found.has(word)) found.set(word, entries.starts[entry]! + rowLine(pane, at, count));
						});
					}
					return found;
				};
				const a = numbered(widthA, opens);
				const b = numbered(
					widthB,
					opens.map(flag => !flag),
				);
				const all = numbered(
					widthB,
					opens.map(() => true),
				);
				// Where a line is drawn in both, it has the same number; with every fold open, each number is the one the index
				// gives.
				for (const [word, line] of a) if (b.has(word)) expect(b.get(word)).toBe(line);
				for (const [word, line] of a) expect(all.get(word)).toBe(line);
				for (const [word, line] of all)
					expect(placeOfLine(numbering.entries(view), line)!.line).toBe(Number(/l(\d+)/.exec(word)![1]));
			},
		),
		{numRuns: 60},
	);
});
