// Code in colour, the pure part: spans hold exactly the sanitized text (a highlighter only tags it), SGR is all that is
// added, languages by extension and fence, the edit diff, and print mode's coloured diff and fences.
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {paint} from '../../source/render/color.js';
import {codeLines, languageOf, languageOfPath, paintedLine} from '../../source/render/code-colour.js';
import {paintFences, printedCodeArgs, printedCodeOutput} from '../../source/render/code-print.js';
import {editDiff} from '../../source/render/edit-diff.js';
import {makeHighlighter} from '../../source/render/load-highlighter.js';
import {sanitize} from '../../source/render/sanitize.js';
import {summarizeToolCall} from '../../source/render/tool-summary.js';

const highlighter = makeHighlighter();
const sgr = /\u001b\[[0-9;]*m/g;

/** Code-like text with escapes, controls, tabs, bidi marks and wide characters among it. */
const hostileCode = fc
	.array(
		fc.oneof(
			fc.constantFrom(
				'const',
				'function',
				' ',
				'\n',
				'\t',
				'"',
				"'",
				'`',
				'//',
				'/*',
				'*/',
				'#',
				'{',
				'}',
				'(',
				')',
				'=',
				'42',
				'x',
				'def',
				'return',
				'<div>',
				'$HOME',
			),
			fc.constantFrom(
				'\u001b[2J',
				'\u001b]0;title\u0007',
				'\u001b]52;c;ZXZpbA==\u0007',
				'\u001b[31m',
				'\u001bP1$q\u001b\\',
				'\r',
				'\b',
				'\u009b2J',
				'\u202e',
				'\u0000',
				'界',
				'🐧',
			),
			fc.string({maxLength: 6}),
		),
		{maxLength: 40},
	)
	.map(parts => parts.join(''));

describe('highlighted code is the sanitized text, with SGR only added', () => {
	test(
		'property: for any text and language, the spans join to the sanitized text, and printed in colour it ' +
			'differs from it only by SGR',
		() => {
			const colours = paint(true);
			fc.assert(
				fc.property(
					hostileCode,
					fc.constantFrom('typescript', 'python', 'bash', 'json', 'xml', 'markdown', 'rust', 'yaml'),
					(raw, language) => {
						const clean = sanitize(raw);
						const lines = codeLines(highlighter, clean, language);
						expect(lines.map(spans => spans.map(span => span.text).join('')).join('\n')).toBe(clean);
						const printed = lines.map(spans => paintedLine(colours, spans)).join('\n');
						expect(printed.replace(sgr, '')).toBe(clean);
						// Every escape left is an SGR; and no other control character at all.
						expect(printed.replace(sgr, '')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
					},
				),
				{numRuns: 300},
			);
		},
	);

	test(
		'property: a read_file output printed in colour is its ' + 'sanitized text with SGR added, whatever its lines hold',
		() => {
			const colours = paint(true);
			fc.assert(
				fc.property(
					fc.array(fc.tuple(fc.boolean(), hostileCode), {maxLength: 12}),
					fc.constantFrom('a.ts', 'b.py', 'c.sh'),
					(lines, file) => {
						const raw = lines
							.map(([numbered, text], i) => (numbered ? `${String(i + 1).padStart(6)}\t${text}` : text))
							.join('\n');
						const clean = sanitize(raw);
						const printed = printedCodeOutput(
							'read_file',
							JSON.stringify({file_path: file}),
							clean,
							highlighter,
							colours,
						);
						if (printed === undefined) return;
						expect(printed.replace(sgr, '')).toBe(clean.endsWith('\n') ? clean.slice(0, -1) : clean);
						expect(printed.replace(sgr, '')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
					},
				),
				{numRuns: 200},
			);
		},
	);

	test('code holding escape sequences: they are gone before colour is added, and the code is still coloured', () => {
		const clean = sanitize('const a = "\u001b[2J\u001b]52;c;ZXZpbA==\u0007x"; // \u001b]0;pwned\u0007ok');
		expect(clean).toBe('const a = "x"; // ok');
		const line = paintedLine(paint(true), codeLines(highlighter, clean, 'typescript')[0]!);
		expect(line).toContain('\u001b[35mconst\u001b[39m');
		expect(line).toContain('\u001b[32m"x"\u001b[39m');
		expect(line.replace(sgr, '')).toBe(clean);
	});

	test('a TypeScript line gets more than one tone', () => {
		const tones = new Set(
			codeLines(highlighter, 'const n: number = 42; // the answer', 'typescript')[0]!.map(span => span.tone),
		);
		expect(tones).toEqual(new Set([undefined, 'keyword', 'type', 'number', 'comment']));
	});
});

describe('which language', () => {
	test('by a file’s extension or name, by a fence’s info string; none for what the highlighter lacks', () => {
		expect(languageOfPath(highlighter, 'src/app.ts')).toBe('ts');
		expect(languageOfPath(highlighter, '/x/tool.PY')).toBe('py');
		expect(languageOfPath(highlighter, 'Makefile')).toBe('makefile');
		expect(languageOfPath(highlighter, 'notes.unknownext')).toBeUndefined();
		expect(languageOfPath(highlighter, 'README')).toBeUndefined();
		expect(languageOfPath(highlighter, '.bashrc')).toBeUndefined();
		expect(languageOf(highlighter, 'rust')).toBe('rust');
		expect(languageOf(highlighter, 'constructor')).toBeUndefined();
		expect(languageOf(highlighter, '__proto__')).toBeUndefined();
	});
});

describe('the edit diff', () => {
	test('shared lines are context, changed ones removed then added', () => {
		expect(editDiff('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
			{sign: ' ', text: 'a'},
			{sign: '-', text: 'b'},
			{sign: '+', text: 'B'},
			{sign: ' ', text: 'c'},
		]);
		expect(editDiff('', 'new')).toEqual([{sign: '+', text: 'new'}]);
	});

	test("an edit_file headline counts the diff's lines, not the two strings' (+3 −2 under it, never +6 −5)", () => {
		const args = {file_path: 'src/app.ts', old_string: 'a\nb\nc\nd\ne\n', new_string: 'a\nB\nc\nD1\nD2\ne\n'};
		const diff = editDiff(args.old_string, args.new_string);
		expect([diff.filter(line => line.sign === '+').length, diff.filter(line => line.sign === '-').length]).toEqual([
			3, 2,
		]);
		expect(summarizeToolCall('edit_file', JSON.stringify(args)).headline).toBe('src/app.ts +3 −2');
		expect(summarizeToolCall('edit_file', JSON.stringify({...args, old_string: '', replace_all: true})).headline).toBe(
			'src/app.ts +6 −0 (all)',
		);
	});
});

describe('print mode in colour', () => {
	const colours = paint(true);
	test('an edit_file call is written as a coloured diff under its path', () => {
		const args = JSON.stringify({
			file_path: 'src/a.ts',
			old_string: 'keep\nold line\n',
			new_string: 'keep\nnew line\n',
		});
		expect(printedCodeArgs('edit_file', args, highlighter, colours)).toBe(
			[
				'\u001b[1msrc/a.ts\u001b[22m',
				'\u001b[2m  keep\u001b[22m',
				'\u001b[31m- old line\u001b[39m',
				'\u001b[32m+ new line\u001b[39m',
			].join('\n'),
		);
	});

	test('a written file in its language; other tools as without colour', () => {
		const written = printedCodeArgs(
			'write_file',
			JSON.stringify({file_path: 'a.py', content: 'def f():\n    return 1\n'}),
			highlighter,
			colours,
		)!;
		expect(written).toContain('\u001b[35mdef\u001b[39m');
		expect(written.replace(sgr, '')).toBe('a.py\ndef f():\n    return 1');
		expect(printedCodeArgs('exec_command', JSON.stringify({cmd: 'ls'}), highlighter, colours)).toBeUndefined();
	});

	test('an answer’s fence in its language; a fence without one as it was', () => {
		const text = 'See:\n```py\nx = 1\n```\n```\nplain = 2\n```';
		const painted = paintFences(text, highlighter, colours);
		expect(painted).toContain('x = \u001b[33m1\u001b[39m');
		expect(painted).toContain('\nplain = 2\n');
		expect(painted.replace(sgr, '')).toBe(text);
	});
});
