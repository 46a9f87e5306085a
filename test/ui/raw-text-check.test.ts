// The search's check on a text before it is sanitized (search-match.ts's rawTextCheck): never says no to a text that
// holds the query once sanitized, and says no to colours that split nothing, so that such a text is not sanitized.
// rawTextLines gives the lines of a text the check keeps, looking through the whole text at once.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {sanitize} from '../../source/render/sanitize.js';
import {
	isLiteral,
	matchCounter,
	rawTextCheck,
	rawTextLines,
	searchPattern,
} from '../../source/ui/reading/search-match.js';
import type {Item} from '../../source/model/view-model.js';

const pieces = [
	'a',
	'b',
	'A',
	'B',
	'k',
	'K',
	'i',
	'I',
	'İ',
	'\u212a',
	'é',
	' ',
	'\t',
	'\r',
	'\r\n',
	'\n',
	'\b',
	'\u0000',
	'\u007f',
	'\u0085',
	'\u200e',
	'\u001b',
	'\u001b[31m',
	'\u001b[0;1m',
	'\u001b[38:2::1:2:3m',
	'\u001b[2K',
	'\u001b[3D',
	'\u001b[?25l',
	'\u001b]0;ab\u0007',
	'[',
	'm',
	'1',
	';',
];
const text = fc.array(fc.constantFrom(...pieces), {maxLength: 30}).map(parts => parts.join(''));
const literal = fc
	.array(fc.constantFrom('a', 'b', 'A', 'B', 'k', 'i', ' ', 'é', 'm', '1', ';', '[', 'ab'), {
		minLength: 1,
		maxLength: 4,
	})
	.map(parts => parts.join(''))
	.filter(query => query.trim() !== '' && isLiteral(query));

/** How many matches the search counts in `raw` once sanitized. */
function matchesIn(raw: string, query: string): number {
	const pattern = searchPattern(query) as RegExp;
	return sanitize(raw)
		.split('\n')
		.reduce((sum, line) => sum + (line.match(pattern)?.length ?? 0), 0);
}

// A few pieces at a time, so that a query cut from what a text shows often runs across what sanitize changed.
const dense = fc.array(fc.constantFrom(...pieces), {maxLength: 6}).map(parts => parts.join(''));

test('a text that holds the query once sanitized is never ruled out', () => {
	const never = (raw: string, query: string): void => {
		if (isLiteral(query) && query.trim() !== '' && matchesIn(raw, query) > 0)
			expect({raw, query, may: rawTextCheck(query)(raw)}).toMatchObject({may: true});
	};
	fc.assert(fc.property(text, literal, never), {numRuns: 2000});
	// Queries cut from the text as it shows, in its case or another.
	fc.assert(
		fc.property(
			fc.oneof(text, dense),
			fc.nat(),
			fc.integer({min: 1, max: 4}),
			fc.boolean(),
			(raw, at, length, upper) => {
				const shown = sanitize(raw).replace(/\n/g, '');
				const start = shown.length === 0 ? 0 : at % shown.length;
				const piece = shown.slice(start, start + length);
				never(raw, upper ? piece.toUpperCase() : piece);
			},
		),
		{numRuns: 4000},
	);
});

test('colours that split nothing rule a text out; colours inside the word do not', () => {
	const check = rawTextCheck('zebra');
	expect(check('\u001b[32mok\u001b[0m all tests pass')).toBe(false);
	expect(check('caf\u00e9 na\u00efve')).toBe(false);
	expect(check('a ze\u001b[1mbr\u001b[0ma here')).toBe(true);
	expect(check('ZEBRA')).toBe(true);
	expect(rawTextCheck('Zebra')('zebra')).toBe(false);
	// A carriage return or a tab may make it: not told, so the text is sanitized and searched.
	expect(sanitize('xxbra\rze')).toBe('zebra');
	expect(check('xxbra\rze')).toBe(true);
	// Line ends, and tabs for a query without a space, change nothing that could make it.
	expect(check('\tze bra\r\n\tok\r')).toBe(false);
	expect(rawTextCheck('a b')('a\tb')).toBe(true);
});

test('a count over texts ruled out and not is what sanitizing each finds', () => {
	const outputs = [
		'\u001b[32mzebra\u001b[0m',
		'no\u001b[1m zebra',
		'z\u001b[1meb\u001b[0mra zebra',
		'x\rzebra',
		'plain',
	];
	const items = outputs.map(
		(output, id) => ({kind: 'tool_call', id, name: 'sh', args: '{}', output, callId: `c${id}`}) as unknown as Item,
	);
	const count = matchCounter('zebra');
	expect(items.map(item => count(item))).toEqual(outputs.map(output => matchesIn(output, 'zebra')));
	expect(outputs.map(output => matchesIn(output, 'zebra'))).toEqual([1, 1, 2, 1, 0]);
});

test("a text's lines the whole-text look keeps are those the check keeps line by line", () => {
	const lines = fc.array(text, {minLength: 1, maxLength: 6}).map(parts => parts.join('\n'));
	fc.assert(
		fc.property(lines, literal, (raw, query) => {
			const check = rawTextCheck(query);
			const byLine = raw
				.split('\n')
				.map((line, index) => ({index, text: line}))
				.filter(line => check(line.text));
			expect(rawTextLines(query)(raw)).toEqual(byLine);
		}),
		{numRuns: 4000},
	);
	// A line with two matches is given once; a line with none, not at all.
	expect(rawTextLines('ab')('ab ab\nnone\nx\u001b[1ma\u001b[0mb\n\rab')).toEqual([
		{index: 0, text: 'ab ab'},
		{index: 2, text: 'x\u001b[1ma\u001b[0mb'},
		{index: 3, text: '\rab'},
	]);
});
