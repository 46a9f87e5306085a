// Search by match over the document: an expression, smart case, every match as a global search finds them (not
// overlapping), in closed folds too; what the highlight marks is exactly what the count counts.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {highlight} from '../../source/ui/panes/highlight.js';
import {LineNumbering} from '../../source/ui/reading/line-numbering.js';
import {findMatches} from '../../source/ui/reading/search.js';
import {matchCounter, matchRanges, occurrencesOf, searchPattern} from '../../source/ui/reading/search-match.js';
import {seg} from '../../source/ui/panes/segments.js';
import {msg, viewFrom} from './helpers.js';

const pattern = (query: string): RegExp => searchPattern(query) as RegExp;

test('aba in ababa is one match; a regular expression; smart case; an empty match is none', () => {
	expect(matchRanges('ababa', pattern('aba'))).toEqual([[0, 3]]);
	expect(matchRanges('aaaa', pattern('aa'))).toEqual([
		[0, 2],
		[2, 4],
	]);
	expect(matchRanges('209 219 229 2x9', pattern('2[0-9]9'))).toEqual([
		[0, 3],
		[4, 7],
		[8, 11],
	]);
	expect(matchRanges('Echo echo ECHO', pattern('echo'))).toHaveLength(3);
	expect(matchRanges('Echo echo ECHO', pattern('Echo'))).toEqual([[0, 4]]);
	expect(matchRanges('abc', pattern('x*'))).toEqual([]);
});

test('a pattern that does not compile is one line that says what to do', () => {
	const problem = searchPattern('(unclosed');
	expect(problem).not.toBeInstanceOf(RegExp);
	expect((problem as {problem: string}).problem).toMatch(/^\/\(unclosed: .*\\ before a special character/);
	expect((problem as {problem: string}).problem).not.toContain('\n');
});

test(
	'/29 in the seq 1 300 output counts 13 matches, each on ' + 'the line the document numbers for it, the fold closed',
	() => {
		const numbers = Array.from({length: 300}, (_, i) => String(i + 1)).join('\n');
		const view = viewFrom([
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
		]);
		const call = view.items.find(item => item.kind === 'tool_call')!;
		const found = occurrencesOf(call, pattern('29'));
		expect(found).toHaveLength(13);
		// 29 is the output's 29th line: the pane's line 29 (its head is line 0).
		expect(found[0]).toEqual({line: 29, start: 0, end: 2});
		expect(found.map(one => one.line)).toEqual([29, 129, 229, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299]);
		expect(matchCounter('29')(call)).toBe(13);
		// Every line it is on is a line of the pane: the numbering counts 303 for it (head, 300, blank, exit code).
		expect(new LineNumbering().entries(view).total).toBe(303);
		expect(matchCounter('2[0-9]9')(call)).toBe(10);
	},
);

test(
	'a filter does not change what / finds: the filter hides ' +
		'panes, search counts in those it shows and in closed ones',
	() => {
		const view = viewFrom([
			msg({type: 'text', role: 'user', text: 'alpha beta\nalpha'}),
			msg({type: 'thinking', role: 'assistant', thinking: 'alpha inside thinking'}),
		]);
		// The thinking is closed by default: its match counts.
		expect(findMatches(view, 'alpha')).toHaveLength(2);
		expect(view.items.map(item => matchCounter('alpha')(item))).toEqual([2, 1]);
	},
);

test(
	'property: what the highlight marks in a line is exactly ' +
		'what the count counts there, self-overlapping queries too',
	() => {
		const alphabet = fc.constantFrom('a', 'b', 'A', 'B', ' ', '.', '*');
		const text = fc.array(alphabet, {maxLength: 30}).map(parts => parts.join(''));
		const query = fc.oneof(
			fc.constantFrom('aba', 'aa', 'a', 'b+', 'a.a', 'ab|ba', 'A', '(ab)+', 'a*b', '\\.', 'ba?'),
			fc.array(fc.constantFrom('a', 'b'), {minLength: 1, maxLength: 4}).map(parts => parts.join('')),
		);
		fc.assert(
			fc.property(text, query, (line, q) => {
				const view = viewFrom([msg({type: 'text', role: 'user', text: line})]);
				const counted = matchCounter(q)(view.items[0]!);
				// Split into segments anywhere: the marks do not depend on how a row is cut into styles.
				const cut = Math.floor(line.length / 2);
				const marked = highlight([seg(line.slice(0, cut)), seg(line.slice(cut))], pattern(q)).filter(
					part => part.inverse,
				);
				const spans = matchRanges(line, pattern(q));
				expect(spans).toHaveLength(counted);
				expect(marked.map(part => part.text).join('')).toBe(
					spans.map(([start, end]) => line.slice(start, end)).join(''),
				);
			}),
			{numRuns: 300},
		);
	},
);

test(
	'property: a plain string counted in a text whole gives the ' +
		'count its lines give (what n visits), control characters and all',
	() => {
		const piece = fc.constantFrom('a', 'b', 'ab', ' ', '\n', '\r\n', '\r', '\t', '\u001b[31m', '\u001b[0m', 'é', 'A');
		const text = fc.array(piece, {maxLength: 30}).map(parts => parts.join(''));
		const query = fc.constantFrom('a', 'ab', 'b a', 'A', 'ba', 'é');
		fc.assert(
			fc.property(text, text, query, (output, message, q) => {
				const view = viewFrom([
					msg({
						type: 'tool_call',
						role: 'assistant',
						name: 'exec_command',
						arguments: '{"cmd":"x"}',
						tool_call_id: 'c1',
						stop_reason: 'completed',
					}),
					msg({type: 'tool_call_output', role: 'user', output, tool_call_id: 'c1', stop_reason: 'completed'}),
					msg({type: 'text', role: 'assistant', text: message}),
					msg({type: 'thinking', role: 'assistant', thinking: message}),
				]);
				for (const item of view.items) expect(matchCounter(q)(item)).toBe(occurrencesOf(item, pattern(q)).length);
			}),
			{numRuns: 300},
		);
	},
);
