// The literal every match of an expression holds (required-literal.ts), which the byte searches look for: on random
// expressions and texts, every match holds it; and what it finds in a few expressions a user types.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {requiredLiteral} from '../../source/ui/reading/required-literal.js';

// Pieces of expressions: literals, escapes, classes, groups, quantifiers (greedy and lazy), anchors, alternatives.
const pieces = [
	'a',
	'b',
	'c',
	'ab',
	'.',
	'\\.',
	'\\d',
	'\\w',
	'\\b',
	'\\x61',
	'\\u0062',
	'[ab]',
	'[^a]',
	'[]a]',
	'(ab)',
	'(?:bc)',
	'(?=a)',
	'(a|b)',
	'|',
	'?',
	'*',
	'+',
	'??',
	'+?',
	'{2}',
	'{0,1}',
	'{1,}',
	'{',
	'^',
	'$',
	'\\n',
	'1',
];
const source = fc.array(fc.constantFrom(...pieces), {minLength: 1, maxLength: 8}).map(parts => parts.join(''));
const text = fc.array(fc.constantFrom('a', 'b', 'c', '.', '1', '{', '}', '\n', ' ', 'ab'), {maxLength: 24});

test('every match of an expression holds its required literal', () => {
	fc.assert(
		fc.property(source, text, (expression, parts) => {
			let pattern: RegExp;
			try {
				pattern = new RegExp(expression, 'g');
			} catch {
				return;
			}
			const literal = requiredLiteral(expression);
			for (const match of parts.join('').matchAll(pattern))
				if (match[0] !== '')
					expect({expression, match: match[0], literal}).toMatchObject({match: expect.stringContaining(literal)});
		}),
		{numRuns: 5000},
	);
});

test('the longest run outside groups, classes and what a quantifier may leave out', () => {
	expect(requiredLiteral('error.*timeout')).toBe('timeout');
	expect(requiredLiteral('2[0-9]9')).toBe('2');
	expect(requiredLiteral('colou?r')).toBe('colo');
	expect(requiredLiteral('npm (test|run)')).toBe('npm ');
	expect(requiredLiteral('a|b')).toBe('');
	// A lone `{` is a character: the `}` of a later quantifier does not close it (that hid the `|`).
	expect(requiredLiteral('{??a|a{0,1}aa')).toBe('');
	expect(requiredLiteral('x{y|z')).toBe('');
	expect(requiredLiteral('ab{cd')).toBe('ab{cd');
	expect(requiredLiteral('v\\d+\\.\\d+ released')).toBe(' released');
});
