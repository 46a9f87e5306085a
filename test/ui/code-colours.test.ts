// The screen's code colours are lazy and remembered, and a read file's rows hold exactly its sanitized lines: no
// highlighter is loaded for panes with no code drawn, each block is highlighted once however often it is laid out
// (other widths, frames), and rows laid out before the highlighter came are laid out again in colour.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {codeLines, languageOfPath, type Highlighter} from '../../source/render/code-colour.js';
import {sanitize} from '../../source/render/sanitize.js';
import {numberedLineSegments} from '../../source/ui/panes/pane-code.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {makeHighlighter} from '../../source/render/load-highlighter.js';
import {CodeColours, type CodePainter} from '../../source/ui/panes/code-colours.js';
import {allPanes, Layouter} from '../../source/ui/panes/layout.js';
import {openStateFrom} from '../../source/ui/panes/open-state.js';
import {msg, testNow, viewFrom} from './helpers.js';

/** A real highlighter that counts its calls. */
function counting(): {highlighter: Highlighter; calls: string[]} {
	const real = makeHighlighter();
	const calls: string[] = [];
	return {
		calls,
		highlighter: {
			registered: name => real.registered(name),
			highlight: (language, code, options) => {
				calls.push(code);
				return real.highlight(language, code, options);
			},
		},
	};
}

const view = viewFrom([
	msg({
		type: 'tool_call',
		role: 'assistant',
		name: 'read_file',
		arguments: JSON.stringify({file_path: 'a.ts'}),
		tool_call_id: 'r1',
		stop_reason: 'completed',
	}),
	msg({
		type: 'tool_call_output',
		role: 'user',
		output: '     1\tconst a = 1;\n     2\tlet b = "x";',
		tool_call_id: 'r1',
		stop_reason: 'completed',
	}),
	msg({type: 'text', role: 'assistant', text: '```py\ndef f():\n    pass\n```', stop_reason: 'completed'}),
]);

describe('code colours: lazy, once per block', () => {
	test('closed panes and no fences: the highlighter is never loaded', () => {
		let loads = 0;
		const colours = new CodeColours(
			async () => {
				loads++;
				return makeHighlighter();
			},
			() => {},
		);
		const plainView = viewFrom([
			msg({type: 'text', role: 'assistant', text: 'no code here', stop_reason: 'completed'}),
		]);
		allPanes(new Layouter(undefined, true, colours).layout(plainView, 80, openStateFrom(), testNow));
		// The read_file call closed (outputs are closed by default): nothing of its code is drawn.
		allPanes(
			new Layouter(undefined, true, colours).layout(
				viewFrom([
					msg({
						type: 'tool_call',
						role: 'assistant',
						name: 'read_file',
						arguments: '{"file_path":"a.ts"}',
						tool_call_id: 'r1',
						stop_reason: 'completed',
					}),
					msg({
						type: 'tool_call_output',
						role: 'user',
						output: '     1\tconst a = 1;',
						tool_call_id: 'r1',
						stop_reason: 'completed',
					}),
				]),
				80,
				openStateFrom(),
				testNow,
			),
		);
		expect(loads).toBe(0);
	});

	test('loaded on the first drawn block, then each block highlighted once across widths and frames', async () => {
		const {highlighter, calls} = counting();
		let loads = 0;
		let ready!: () => void;
		const done = new Promise<void>(resolve => (ready = resolve));
		const colours = new CodeColours(
			async () => {
				loads++;
				return highlighter;
			},
			() => ready(),
		);
		const layouter = new Layouter(undefined, true, colours);
		const open = openStateFrom(['all']);
		const first = allPanes(layouter.layout(view, 80, open, testNow));
		expect(
			first.flatMap(pane => pane.rows).some(row => row.segments.some(segment => segment.color === 'magenta')),
		).toBe(false);
		await done;
		for (const width of [80, 60, 80, 100]) allPanes(layouter.layout(view, width, open, testNow));
		expect(loads).toBe(1);
		expect(calls.sort()).toEqual(['const a = 1;\nlet b = "x";', 'def f():\n    pass']);
		// Laid out again once the highlighter came: the keywords are coloured now.
		const rows = allPanes(layouter.layout(view, 80, open, testNow)).flatMap(pane => pane.rows);
		expect(
			rows.some(row => row.segments.some(segment => segment.text === 'const' && segment.color === 'magenta')),
		).toBe(true);
		expect(rows.some(row => row.segments.some(segment => segment.text === 'def' && segment.color === 'magenta'))).toBe(
			true,
		);
	});
});

test(
	'of a long output only what the pane shows is ' + 'highlighted: its head and tail, all of it once x shows it',
	async () => {
		const {highlighter, calls} = counting();
		let ready!: () => void;
		const done = new Promise<void>(resolve => (ready = resolve));
		const colours = new CodeColours(
			async () => highlighter,
			() => ready(),
		);
		const output = Array.from({length: 300}, (_, i) => `${String(i + 1).padStart(6)}\tlet v${i + 1} = ${i + 1};`).join(
			'\n',
		);
		const long = viewFrom([
			msg({
				type: 'tool_call',
				role: 'assistant',
				name: 'read_file',
				arguments: JSON.stringify({file_path: 'long.ts'}),
				tool_call_id: 'r1',
				stop_reason: 'completed',
			}),
			msg({type: 'tool_call_output', role: 'user', output, tool_call_id: 'r1', stop_reason: 'completed'}),
		]);
		const layouter = new Layouter(undefined, true, colours);
		const open = openStateFrom(['all']);
		allPanes(layouter.layout(long, 80, open, testNow));
		await done;
		allPanes(layouter.layout(long, 80, open, testNow));
		expect(calls.map(code => code.split('\n').length)).toEqual([8, 8]);
		expect(calls[1]!.split('\n')[0]).toBe('let v293 = 293;');
		const item = long.items.find(entry => entry.kind === 'tool_call')!;
		allPanes(layouter.layout(long, 80, {...open, full: new Set([item.id])}, testNow));
		expect(calls.map(code => code.split('\n').length)).toEqual([8, 8, 300]);
	},
);

describe('a read file’s rows', () => {
	test('property: each row’s text is the sanitized line, numbered or not, whatever it holds', () => {
		const highlighter = makeHighlighter();
		const painter: CodePainter = {
			file: (code, path) => {
				const language = languageOfPath(highlighter, path);
				return language === undefined ? undefined : codeLines(highlighter, code, language);
			},
			fence: () => undefined,
			version: 1,
		};
		const text = fc
			.array(
				fc.oneof(
					fc.constantFrom('const', ' ', '\t', '"', '//', '\u001b[2J', '\u001b]0;t\u0007', '\r', '界', '\u202e', '12'),
					fc.string({maxLength: 5}),
				),
				{maxLength: 20},
			)
			.map(parts => parts.join(''));
		fc.assert(
			fc.property(fc.array(fc.tuple(fc.boolean(), text), {minLength: 1, maxLength: 10}), lines => {
				const raw = lines.map(([numbered, body], i) => (numbered ? `${String(i + 1).padStart(6)}\t${body}` : body));
				const clean = raw.map(line => sanitize(line));
				const rows = numberedLineSegments(raw, clean, 'a.ts', painter);
				if (rows === undefined) return;
				expect(rows.map(row => rowText(row))).toEqual(clean);
			}),
			{numRuns: 200},
		);
	});
});
