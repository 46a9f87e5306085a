// A streaming answer or thinking is laid out from what changed: the rows of its complete lines
// are kept (not wrapped or styled again), and the result is the layout of the whole text from
// scratch, however the text was split into deltas, read from the text or from its pieces.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {SessionModel} from '../../source/model/session-model.js';
import {addPiece} from '../../source/model/text-pieces.js';
import {allPanes, Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom, toggleGroup} from '../../source/ui/panes/open-state.js';
import {growingMarkdown} from '../../source/ui/panes/pane-text.js';
import type {PaneInput} from '../../source/ui/panes/pane-types.js';
import {seg} from '../../source/ui/panes/segments.js';
import {msg, testNow} from './helpers.js';

const partial = (type: string, event: string, text: string): ReturnType<typeof msg> =>
	msg({type, role: 'assistant', event_type: event, [type === 'partial_thinking' ? 'thinking' : 'text']: text});

// Markdown-ish text: words, spaces, line breaks, inline marks, list and heading starts, fences.
const piece = fc.constantFrom(
	'word',
	'longerword',
	' ',
	'  ',
	'\n',
	'\n\n',
	'**',
	'*',
	'_',
	'`',
	'```',
	'# ',
	'- ',
	'1. ',
	'> ',
	'[a](b)',
	'é',
	'漢字',
	'\t',
	'x'.repeat(45),
);
const text = fc.array(piece, {maxLength: 60}).map(parts => parts.join(''));
const cuts = (length: number) =>
	fc
		.uniqueArray(fc.integer({min: 1, max: Math.max(1, length - 1)}), {maxLength: 12})
		.map(list => list.filter(at => at < length).sort((a, b) => a - b));

describe('growing text', () => {
	test(
		'laid out a delta at a time, from the text or its pieces, ' + 'it is laid out as the whole text is, for any split',
		() => {
			fc.assert(
				fc.property(
					text.chain(whole =>
						fc.tuple(
							fc.constant(whole),
							cuts(whole.length),
							fc.integer({min: 8, max: 60}),
							fc.integer({min: 1, max: 40}),
						),
					),
					([whole, at, width, size]) => {
						const prefix = [seg('  ')];
						let fromText: unknown;
						let fromPieces: unknown;
						const pieces: string[] = [];
						let start = 0;
						for (const end of [...at, whole.length]) {
							const sofar = whole.slice(0, end);
							addPiece(pieces, whole.slice(start, end), size);
							expect(pieces.join('')).toBe(sofar);
							const input: PaneInput = {width, open: true, full: false, now: 0, tools: [], memo: fromText};
							const step = growingMarkdown({text: sofar}, true, input, {}, prefix);
							fromText = step.memo;
							const read = growingMarkdown({text: sofar, pieces}, true, {...input, memo: fromPieces}, {}, prefix);
							fromPieces = read.memo;
							const scratch = growingMarkdown({text: sofar}, true, {...input, memo: undefined}, {}, prefix);
							expect(step.rows).toEqual(scratch.rows);
							expect(read.rows).toEqual(scratch.rows);
							start = end;
						}
						expect(start).toBe(whole.length);
					},
				),
				{numRuns: 300},
			);
		},
	);

	test('only the last piece ever changes', () => {
		fc.assert(
			fc.property(
				fc.array(fc.string({maxLength: 30}), {maxLength: 30}),
				fc.integer({min: 1, max: 12}),
				(chunks, size) => {
					const pieces: string[] = [];
					for (const chunk of chunks) {
						const before = pieces.slice(0, -1);
						addPiece(pieces, chunk, size);
						expect(pieces.slice(0, before.length)).toEqual(before);
						expect(pieces.every(one => one.length <= size)).toBe(true);
					}
					expect(pieces.join('')).toBe(chunks.join(''));
				},
			),
		);
	});

	test('the rows of complete lines are kept as they were: not wrapped or styled again', () => {
		for (const [type, open] of [
			['partial_text', openStateFrom()],
			['partial_thinking', toggleGroup(openStateFrom(), 'thinking')],
		] as const) {
			const model = new SessionModel();
			const layouter = new Layouter();
			model.apply(partial(type, 'start', ''), testNow);
			const paragraph = 'the model writes a long paragraph that wraps over a few rows of the screen. '.repeat(4);
			model.apply(partial(type, 'delta', `${paragraph}\n\n`.repeat(50)), testNow);
			const before = allPanes(layouter.layout(model.view, 60, open, testNow)).at(-1)!;
			model.apply(partial(type, 'delta', 'and a few more words'), testNow);
			const after = allPanes(layouter.layout(model.view, 60, open, testNow)).at(-1)!;
			expect(after).not.toBe(before);
			expect(after.rows.length).toBeGreaterThan(200);
			// Every row of the 50 complete paragraphs is the very same array of segments (not made
			// again), but for the thinking pane's heading, the last paragraph's last row (it had the
			// cursor), the blank row that is no longer at the end, and the growing row.
			const changed = after.rows
				.map((row, i) => (row.segments === before.rows[i]?.segments ? -1 : i))
				.filter(i => i !== -1);
			const n = after.rows.length;
			expect(changed).toEqual([...(type === 'partial_thinking' ? [0] : []), n - 3, n - 2, n - 1]);
			expect(
				after.rows
					.at(-1)!
					.segments.map(s => s.text)
					.join(''),
			).toContain('a few more words');
		}
	});
});
