// Covers source/render/sanitize.ts: the hostile corpus, line rewriting, colours, tabs, bidi marks, and properties over
// arbitrary input.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {hasControlSequences, sanitize, stripAnsi} from '../../source/render/sanitize.js';
import {hostileSamples} from '../fixtures/hostile/corpus.js';

const esc = '\u001b';

// Any C0/C1 control but LF, and DEL.
// eslint-disable-next-line no-control-regex
const forbiddenPlain = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const bidiControls = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
// eslint-disable-next-line no-control-regex
const wellFormedSgr = /\u001b\[[0-9;:]*m/g;

/** Asserts that plain output is terminal-safe. */
function expectSafePlain(output: string): void {
	expect(output).not.toMatch(forbiddenPlain);
	expect(output).not.toMatch(bidiControls);
}

/** Asserts that coloured output is terminal-safe: only well-formed SGR, no other control. */
function expectSafeColored(output: string): void {
	expectSafePlain(output.replace(wellFormedSgr, ''));
}

describe('hostile corpus', () => {
	for (const sample of hostileSamples) {
		it(sample.name, () => {
			const plain = sanitize(sample.input);
			expectSafePlain(plain);
			if (sample.plain !== undefined) expect(plain).toBe(sample.plain);
			for (const text of sample.keep ?? []) expect(plain).toContain(text);
			for (const text of sample.gone ?? []) expect(plain).not.toContain(text);

			const colored = sanitize(sample.input, {keepColor: true});
			expectSafeColored(colored);
			// Colours are all keepColor adds.
			expect(colored.replace(wellFormedSgr, '')).toBe(plain);

			expect(sanitize(plain)).toBe(plain);
			expect(sanitize(colored, {keepColor: true})).toBe(colored);
		});
	}

	it('keeps the colour of the mixed sample', () => {
		const colored = sanitize(`${esc}[31mred${esc}]0;t\u0007${esc}[2J text${esc}[0m ${esc}[1;32mok${esc}[0m`, {
			keepColor: true,
		});
		expect(colored).toBe(`${esc}[31mred text${esc}[0m ${esc}[1;32mok${esc}[0m`);
	});
});

describe('sanitize', () => {
	it('returns clean text unchanged, as the same string', () => {
		const text = 'plain ASCII, ünïcödé, 日本語, emoji 😀 and\nnew lines';
		expect(sanitize(text)).toBe(text);
		expect(sanitize(text, {keepColor: true})).toBe(text);
		expect(sanitize('')).toBe('');
	});

	it('renders carriage returns as the last visible text of the line', () => {
		expect(sanitize('progress 10%\rprogress 100%')).toBe('progress 100%');
		expect(sanitize('abc\rX')).toBe('Xbc');
		expect(sanitize('abc\r')).toBe('abc');
		expect(sanitize('\rabc')).toBe('abc');
		expect(sanitize('one\r\r\ntwo\r\nthree')).toBe('one\ntwo\nthree');
		expect(sanitize('a\rb\nc\rd')).toBe('b\nd');
	});

	it('applies backspaces', () => {
		expect(sanitize('ab\bc')).toBe('ac');
		expect(sanitize('\b\bab')).toBe('ab');
		expect(sanitize('abc\b\b')).toBe('abc');
	});

	it('overwrites wide characters a column at a time', () => {
		// Overwriting half of a wide glyph blanks the other half, as terminals do.
		expect(sanitize('日本\rX')).toBe('X 本');
		expect(sanitize('ab\rx日')).toBe('x日');
		expect(sanitize('abc\r日')).toBe('日c');
		expect(sanitize('a日\rxy')).toBe('xy ');
		expect(sanitize('e\u0301x\r\bZ')).toBe('Zx');
		expect(sanitize('ab\re\u0301')).toBe('e\u0301b');
	});

	it('applies erase-line and column moves within the line', () => {
		expect(sanitize(`abcdef\r${esc}[3C${esc}[K`)).toBe('abc');
		expect(sanitize(`abcdef${esc}[2D${esc}[0K!`)).toBe('abcd!');
		expect(sanitize(`abc${esc}[2Kxy`)).toBe('xy');
		expect(sanitize(`abc${esc}[1Kxy`)).toBe('abcxy');
		expect(sanitize(`abc${esc}[99999999Gx`)).toBe('abcx');
		expect(sanitize(`abc${esc}[99999999C`)).toBe('abc');
	});

	it('expands tabs to the next multiple of 8 columns', () => {
		expect(sanitize('\tx')).toBe('        x');
		expect(sanitize('1234567\tx')).toBe('1234567 x');
		expect(sanitize('12345678\tx')).toBe('12345678        x');
		expect(sanitize('日本\tx')).toBe('日本    x');
		expect(sanitize('a\nb\tc')).toBe('a\nb       c');
		expect(sanitize('abcdefghij\r\tX')).toBe('abcdefghXj');
		expect(sanitize(`${esc}[31ma\tb`)).toBe('a       b');
	});

	it('replaces bidi controls with visible marks', () => {
		expect(sanitize('a\u202eb')).toBe('a⟪RLO⟫b');
		expect(sanitize('\u2066x\u2069')).toBe('⟪LRI⟫x⟪PDI⟫');
		expect(sanitize('\u200e\u200f\u061c')).toBe('⟪LRM⟫⟪RLM⟫⟪ALM⟫');
	});

	it('drops colours unless asked to keep them', () => {
		expect(sanitize(`${esc}[1;31mbold red${esc}[0m`)).toBe('bold red');
		expect(sanitize(`${esc}[1;31mbold red${esc}[0m`, {keepColor: true})).toBe(`${esc}[1;31mbold red${esc}[0m`);
	});

	it('closes colours left open at each line end and reopens them on the next line', () => {
		expect(sanitize(`${esc}[31mone\ntwo`, {keepColor: true})).toBe(`${esc}[31mone${esc}[0m\n${esc}[31mtwo${esc}[0m`);
		expect(sanitize(`${esc}[32mgreen`, {keepColor: true})).toBe(`${esc}[32mgreen${esc}[0m`);
		// A colour that colours nothing is not written at all.
		expect(sanitize(`x${esc}[31m\ny${esc}[0m`, {keepColor: true})).toBe(`x\n${esc}[31my${esc}[0m`);
	});

	it('writes colours in one canonical form', () => {
		const keep = {keepColor: true};
		expect(sanitize(`${esc}[38;5;208mo${esc}[m`, keep)).toBe(`${esc}[38;5;208mo${esc}[0m`);
		expect(sanitize(`${esc}[38:2::1:2:3mo`, keep)).toBe(`${esc}[38;2;1;2;3mo${esc}[0m`);
		expect(sanitize(`${esc}[48;2;10;20;30mo`, keep)).toBe(`${esc}[48;2;10;20;30mo${esc}[0m`);
		expect(sanitize(`${esc}[4:3;58:5:9mo`, keep)).toBe(`${esc}[4:3;58:5:9mo${esc}[0m`);
		expect(sanitize(`${esc}[31ma${esc}[1mb${esc}[22;39mc`, keep)).toBe(`${esc}[31ma${esc}[0;1;31mb${esc}[0mc`);
		// Concealed and blinking text is not kept: it would hide or distract.
		expect(sanitize(`${esc}[8;5msecret`, keep)).toBe('secret');
		// Colour values out of range are ignored, and take their parameters with them.
		expect(sanitize(`${esc}[38;2;300;0;0;1mx`, keep)).toBe(`${esc}[1mx${esc}[0m`);
	});

	it('keeps colour through line rewriting', () => {
		const keep = {keepColor: true};
		expect(sanitize(`${esc}[31mabc\r${esc}[32mX`, keep)).toBe(`${esc}[32mX${esc}[0;31mbc${esc}[0m`);
		expect(sanitize(`${esc}[31m10%\r100%`, keep)).toBe(`${esc}[31m100%${esc}[0m`);
	});

	it('drops SGR with private markers or intermediates even with keepColor', () => {
		expect(sanitize(`${esc}[?1mx${esc}[>4;2my${esc}[1 mz`, {keepColor: true})).toBe('xyz');
	});

	it('does not let removed bytes join into a new sequence', () => {
		expect(sanitize(`${esc}\u0000[2J`)).toBe('[2J');
		expect(sanitize(`${esc}${esc}[2Jx`)).toBe('x');
		expect(sanitize(`\u009b\u009b2Jx`)).toBe('x');
	});

	it('is linear on adversarial input', () => {
		const size = 100_000;
		const inputs = [
			`${esc}[`.repeat(size),
			`${esc}]`.repeat(size),
			`${esc}[1;`.repeat(size),
			'x'.repeat(size) + '\r'.repeat(size) + 'y',
			'x'.repeat(size) + `\ry${esc}[${size}G`.repeat(size / 10),
			'x'.repeat(size) + `${esc}[2Kx`.repeat(size / 5),
			'x'.repeat(size) + '\b'.repeat(size) + 'y'.repeat(size),
			'日\t'.repeat(size / 2),
			`${esc}[31ma${esc}[32mb`.repeat(size / 10),
			'\u0301'.repeat(size) + '\r' + 'e\u0301'.repeat(size / 2),
		];
		const started = Date.now();
		for (const input of inputs) {
			sanitize(input);
			sanitize(input, {keepColor: true});
		}
		expect(Date.now() - started).toBeLessThan(10_000);
	});
});

describe('stripAnsi', () => {
	it('is sanitize without colours', () => {
		expect(stripAnsi(`${esc}[31mred${esc}[0m\ttab`)).toBe('red     tab');
		expect(stripAnsi('clean')).toBe('clean');
	});
});

describe('hasControlSequences', () => {
	it('finds what sanitize would change', () => {
		expect(hasControlSequences('plain text\nwith lines, ünïcödé 😀')).toBe(false);
		for (const text of [esc, '\r', '\t', '\b', '\u0000', '\u007f', '\u009b', '\u202e', '\u2069', '\u200f', '\u061c']) {
			expect(hasControlSequences(`a${text}b`)).toBe(true);
		}
	});
});

describe('properties', () => {
	const fragment = fc.constantFrom(
		esc,
		'[',
		']',
		'P',
		'_',
		'^',
		'X',
		'0',
		'1',
		'2',
		'3',
		'8',
		'9',
		'38',
		'5',
		';',
		':',
		'?',
		'>',
		'm',
		'K',
		'G',
		'C',
		'D',
		'H',
		'J',
		'u',
		'\u0007',
		'\\',
		'\r',
		'\n',
		'\b',
		'\t',
		'\u0000',
		'\u009b',
		'\u009c',
		'\u009d',
		'\u202e',
		'a',
		'xyz',
		' ',
		'日',
		'😀',
		'\ud83d',
		'\u0301',
	);
	const arbitraries = [
		fc.string({unit: 'binary', maxLength: 80}),
		fc.string({unit: 'binary-ascii', maxLength: 80}),
		fc.string({unit: 'grapheme', maxLength: 40}),
		fc.array(fragment, {maxLength: 60}).map(parts => parts.join('')),
		fc
			.array(fc.oneof(fragment, fc.string({unit: 'binary-ascii', maxLength: 4})), {maxLength: 60})
			.map(parts => parts.join('')),
	];
	const input = fc.oneof(...arbitraries);

	it('never throws and leaves no control but LF without colours', () => {
		fc.assert(
			fc.property(input, text => {
				const output = sanitize(text);
				expect(output).not.toMatch(forbiddenPlain);
				expect(output).not.toMatch(bidiControls);
			}),
			{numRuns: 3000},
		);
	});

	it('leaves only well-formed SGR with colours', () => {
		fc.assert(
			fc.property(input, text => {
				const output = sanitize(text, {keepColor: true});
				for (let i = output.indexOf(esc); i !== -1; i = output.indexOf(esc, i + 1)) {
					expect(output.slice(i)).toMatch(/^\u001b\[[0-9;:]*m/);
				}
				expectSafeColored(output);
				expect(output.replace(wellFormedSgr, '')).toBe(sanitize(text));
			}),
			{numRuns: 3000},
		);
	});

	it('is idempotent', () => {
		fc.assert(
			fc.property(input, fc.boolean(), (text, keepColor) => {
				const once = sanitize(text, {keepColor});
				expect(sanitize(once, {keepColor})).toBe(once);
			}),
			{numRuns: 3000},
		);
	});
});
