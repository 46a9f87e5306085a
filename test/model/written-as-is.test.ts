// Which patterns with no literal --grep may look for in a trace's bytes as they are written (model/written-as-is.ts).
import {describe, expect, it} from 'vitest';
import {writtenAsIs} from '../../source/model/written-as-is.js';

describe('a pattern looked for in the bytes as written', () => {
	it('takes one whose matches are letters, digits and punctuation JSON writes as they are', () => {
		const pattern = writtenAsIs(/[A-Z][a-z]+[0-9]{3}/g);
		expect(pattern).toMatchObject({space: false, joins: false, numeric: true});
		expect(pattern?.regex.flags).toContain('g');
		expect(writtenAsIs(/(?:ab|cd)\d\w/g)).toMatchObject({numeric: true});
		expect(writtenAsIs(/[a-d]{2}/g)).toMatchObject({numeric: false});
		// A number may be written with an `e`, in either case.
		expect(writtenAsIs(/[A-D]{2}/gi)).toMatchObject({numeric: false});
		expect(writtenAsIs(/[A-E]{2}/g)).toMatchObject({numeric: true});
	});

	it('says when a match may hold a space (a tab makes them) or what joins a call argument to its key', () => {
		expect(writtenAsIs(/[a-z][ x]+[a-z]/g)).toMatchObject({space: true, joins: true});
		expect(writtenAsIs(/[a-z][,]+[0-9]/g)).toMatchObject({space: false, joins: true});
	});

	it.each([
		['any character', /a.b/g],
		['a negated class', /[^a]b/g],
		['white space (a tab, a line end)', /a\sb/g],
		['a quote', /a["]b/g],
		['a backslash', /a[\\]b/g],
		['a slash, which may be written `\\/`', /a[/]b/g],
		['a character beyond ASCII', /[é]b/g],
		['a range holding a quote', /[ -~]+/g],
		['an anchor', /^ab/g],
		['a word boundary', /\bab/g],
		['a lookahead', /a(?=b)/g],
		['a lookbehind', /(?<=a)b/g],
		['a pattern that matches nothing', /[a-z]*/g],
		['a Unicode pattern', /[a-z]+/gu],
	])('refuses %s', (_, regex) => {
		expect(writtenAsIs(regex)).toBeUndefined();
	});
});
