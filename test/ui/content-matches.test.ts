// A search across sessions' matches in one trace line (content-matches.ts): the lines a check rules out before they
// are sanitized are lines with no match, so the matches are those of sanitizing every line; and a text sanitized line
// by line is the text sanitized whole, cut at its line ends (what lets a line be sanitized alone).
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {sanitize} from '../../source/render/sanitize.js';
import {contentMatches} from '../../source/ui/reading/content-matches.js';
import {contentPattern} from '../../source/ui/reading/content-pattern.js';
import {rawTextLines} from '../../source/ui/reading/search-match.js';

const pieces = [
	'a',
	'b',
	'A',
	'ab',
	' ',
	'\t',
	'\r',
	'\n',
	'\r\n',
	'\b',
	'é',
	'中',
	'\u0000',
	'\u001b',
	'\u001b[31m',
	'\u001b[0m',
	'\u001b[2K',
	'\u001b[3D',
	'\u001b[',
	'\u001b]0;t\u0007',
	'\u001b]8;;x',
	'\u009b',
	'\u0090',
	'\u009c',
	'\u0007',
	'\u0018',
	'\u200e',
	'[',
	'm',
];
const text = fc.array(fc.constantFrom(...pieces), {maxLength: 24}).map(parts => parts.join(''));

test('a text sanitized line by line is the text sanitized whole, cut at its line ends', () => {
	fc.assert(
		fc.property(text, raw => {
			expect(raw.split('\n').map(line => sanitize(line))).toEqual(sanitize(raw).split('\n'));
		}),
		{numRuns: 5000},
	);
});

/** A trace line of a tool's output. */
const output = (raw: string): string =>
	JSON.stringify({
		timestamp: '2026-12-02T10:00:00.000Z',
		type: 'model_msg',
		payload: {type: 'tool_call_output', role: 'user', output: raw, tool_call_id: 'c1'},
	});

test('the lines ruled out before sanitizing hold no match: the matches are those of every line', () => {
	const query = fc.oneof(
		fc.constantFrom('ab', 'a b', 'A', 'b\\s+a', 'a.b', '(a|b)b', 'é', 'm'),
		fc.array(fc.constantFrom('a', 'b', ' ', 'A'), {minLength: 1, maxLength: 3}).map(parts => parts.join('')),
	);
	fc.assert(
		fc.property(text, query, fc.boolean(), (raw, source, ignoreCase) => {
			const pattern = contentPattern(source, {ignoreCase, fixed: false});
			if ('problem' in pattern || pattern.anchor === '') return;
			const line = output(raw);
			expect(contentMatches(line, pattern.regex, rawTextLines(pattern.anchor))).toEqual(
				contentMatches(line, pattern.regex),
			);
		}),
		{numRuns: 3000},
	);
	// Strings cut from what the text shows (a carriage return, a backspace or a colour may have made them).
	fc.assert(
		fc.property(text, fc.nat(), fc.integer({min: 1, max: 4}), fc.boolean(), (raw, at, length, ignoreCase) => {
			const shown = sanitize(raw).replace(/\n/g, '');
			const start = shown.length === 0 ? 0 : at % shown.length;
			const pattern = contentPattern(shown.slice(start, start + length), {ignoreCase, fixed: true});
			if ('problem' in pattern || pattern.anchor === '') return;
			const line = output(raw);
			expect(contentMatches(line, pattern.regex, rawTextLines(pattern.anchor))).toEqual(
				contentMatches(line, pattern.regex),
			);
		}),
		{numRuns: 3000},
	);
});
