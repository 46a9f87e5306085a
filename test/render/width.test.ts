// The width measure gives string-width's answer (string-width is the reference: Ink draws with
// it) for every code point, every emoji sequence that can be built from its parts, and random
// text mixing them, without string-width loaded.
import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
import {graphemeWidth, graphemes, measureWidth} from '../../source/render/width.js';

// Our text never holds escape sequences (the sanitizer takes them out): string-width is asked
// not to strip them, so a lone ESC or CSI is a control to both.
const reference = (text: string): number => stringWidth(text, {countAnsiEscapeCodes: true});

/** The texts among `texts` that the two measure differently, each with both answers. */
function disagreements(texts: Iterable<string>, measure: (text: string) => number = measureWidth): string[] {
	const out: string[] = [];
	for (const text of texts) {
		const ours = measure(text);
		const theirs = reference(text);
		if (ours !== theirs && out.length < 20)
			out.push(`${[...text].map(char => char.codePointAt(0)!.toString(16)).join(' ')}: ${ours} ≠ ${theirs}`);
	}
	return out;
}

function* codePoints(matching: RegExp): Generator<string> {
	for (let code = 0; code <= 0x10ffff; code++) {
		const char = String.fromCodePoint(code);
		if (matching.test(char)) yield char;
	}
}

const emoji = [...codePoints(/^\p{Emoji}$/u)];
const pictographs = [...codePoints(/^\p{Extended_Pictographic}$/u)];
const modifierBases = [...codePoints(/^\p{Emoji_Modifier_Base}$/u)];
const skinTones = ['\u{1f3fb}', '\u{1f3fc}', '\u{1f3fd}', '\u{1f3fe}', '\u{1f3ff}'];
const indicators = Array.from({length: 26}, (_, i) => String.fromCodePoint(0x1f1e6 + i));
const zwj = '\u200d';
const vs16 = '\ufe0f';
const vs15 = '\ufe0e';

function* product(...lists: ReadonlyArray<readonly string[]>): Generator<string> {
	if (lists.length === 0) {
		yield '';
		return;
	}
	const [first, ...rest] = lists;
	for (const head of first!) for (const tail of product(...rest)) yield head + tail;
}

describe('one grapheme', () => {
	test('every code point, alone', {timeout: 120_000}, () => {
		const all = (function* () {
			for (let code = 0; code <= 0x10ffff; code++) yield String.fromCodePoint(code);
		})();
		expect(disagreements(all, text => (graphemeWidth(text) === measureWidth(text) ? measureWidth(text) : -1))).toEqual(
			[],
		);
	});

	test('every emoji and pictograph with a presentation selector (emoji or text) or a keycap mark', () => {
		const printable = Array.from({length: 0x5f}, (_, i) => String.fromCharCode(0x20 + i));
		expect(
			disagreements(
				product(
					[...emoji, ...pictographs, ...printable],
					[vs16, vs15, '\u20e3', vs16 + '\u20e3', vs15 + '\u20e3', vs16 + vs16],
				),
			),
		).toEqual([]);
	});

	test('every pair and triple of regional indicators (flags, and pairs that are no flag)', () => {
		expect(disagreements(product(indicators, indicators))).toEqual([]);
		expect(disagreements(product(indicators, indicators, indicators))).toEqual([]);
		expect(reference('🇫🇷')).toBe(2);
		expect(reference('\u{1f1e6}\u{1f1e6}')).toBe(1);
	});

	test('every emoji with each skin tone, with and without a selector before it', () => {
		expect(disagreements(product(emoji, ['', vs16], skinTones))).toEqual([]);
	});

	test('tag sequences: the three subdivision flags, unknown ones and tags after other emoji', () => {
		const tags = (letters: string): string =>
			[...letters].map(char => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('') + '\u{e007f}';
		const flags = ['gbeng', 'gbsct', 'gbwls', 'usca', 'zz'].map(tags);
		expect(disagreements(product(['\u{1f3f4}', '\u{1f3f3}', '\u{1f3f3}\ufe0f', '😀', 'a'], flags))).toEqual([]);
		expect(reference('\u{1f3f4}' + tags('gbsct'))).toBe(2);
	});

	test('ZWJ sequences: every emoji, toned or not, joined to each part RGI sequences join', {timeout: 120_000}, () => {
		const seconds = [
			'\u2640',
			'\u2642',
			'\u2695',
			'\u2696',
			'\u2708',
			'\u2764',
			'\u2620',
			'\u2744',
			'\u27a1',
			'\u26a7',
			'\u{1f308}',
			'\u{1f525}',
			'\u{1fa79}',
			'\u{1f4a5}',
			'\u{1f32b}',
			'\u{1f5e8}',
			'\u{1f91d}',
			'\u{1f48b}',
			'\u{1f9b0}',
			'\u{1f9b1}',
			'\u{1f9b2}',
			'\u{1f9b3}',
			'\u{1f466}',
			'\u{1f467}',
			'\u{1f468}',
			'\u{1f469}',
			'\u{1f9d1}',
			'\u{1f9d2}',
			'\u{1f4bb}',
			'\u{1f680}',
			'\u{1f373}',
			'\u{1f3a8}',
			'\u{1f527}',
			'\u{1f9af}',
			'\u{1f9bd}',
			'\u{1f37c}',
			'\u{1f384}',
			'\u{1f7e9}',
			'\u2b1b',
			'\u{1f344}',
		];
		// Those that start with a narrow symbol are the ones the measure must know by name: all of
		// them, with every part; those that start with a wide one are wide either way: a sample.
		const narrowFirst = emoji.filter(char => measureWidth(char) === 1);
		expect(disagreements(product(narrowFirst, ['', vs16, ...skinTones], [zwj], seconds, ['', vs16]))).toEqual([]);
		expect(
			disagreements(
				product(
					[...modifierBases, ...pictographs.filter((_, i) => i % 7 === 0)],
					['', vs16, '\u{1f3fd}'],
					[zwj],
					seconds.slice(0, 12),
					['', vs16],
				),
			),
		).toEqual([]);
		const people = ['\u{1f468}', '\u{1f469}', '\u{1f467}', '\u{1f466}', '\u{1f9d1}', '\u{1f9d2}'];
		expect(
			disagreements(product(people, [zwj], people, [zwj], people, ['', zwj + '\u{1f466}', zwj + '\u{1f467}'])),
		).toEqual([]);
		const couples = product(
			['\u{1f468}', '\u{1f469}', '\u{1f9d1}\u{1f3fb}'],
			[zwj + '\u2764' + vs16 + zwj, zwj + '\u2764' + zwj, zwj + '\u2764' + vs16 + zwj + '\u{1f48b}' + zwj],
			['\u{1f468}', '\u{1f469}', '\u{1f9d1}\u{1f3ff}'],
		);
		expect(disagreements(couples)).toEqual([]);
		const sequences = ['👨‍👩‍👧', '❤️‍🔥', '🏳️‍🌈', '🏴‍☠️', '🐻‍❄️', '😶‍🌫️', '👁️‍🗨️'];
		for (const text of sequences) expect(reference(text), text).toBe(2);
		// Without its selector, a sequence that needs one is no emoji: as wide as its first part.
		expect(reference('\u2764\u200d\u{1f525}')).toBe(1);
	});

	test('bases with marks, Hangul jamo, halfwidth katakana with sound marks, prepended marks', () => {
		const bases = ['a', 'é', '日', 'ｶ', '가', '\u1100', 'क', '\u0600', '\u200d', '\u0301', '😀', '\u2764'];
		const after = [
			'\u0301',
			'\u0308\u0323',
			'\u1161',
			'\u1161\u11a8',
			'\uff9e',
			'\uff9f',
			'\u094d\u0915',
			'\u0915',
			'\u200c',
			vs16,
		];
		expect(disagreements(product(bases, after))).toEqual([]);
	});
});

const pieces = fc.oneof(
	fc.constantFrom(
		'a',
		' ',
		'é',
		'日本',
		'한',
		'ｶ',
		'ﾞ',
		'\uff9f',
		'\u0301',
		'\u0308',
		zwj,
		'\u200c',
		vs16,
		vs15,
		'\u20e3',
		'\t',
		'\r',
		'\n',
		'\u001b',
		'\u009b',
		'\u0600',
		'क्ष',
		'\u1100',
		'\u1161',
		'\u11a8',
	),
	fc.constantFrom(...indicators, ...skinTones, '\u{e0067}', '\u{e0062}', '\u{e007f}', '\u{1f3f4}', '#', '1', '*'),
	fc.constantFrom(...emoji),
	fc.integer({min: 0, max: 0x10ffff}).map(code => String.fromCodePoint(code)),
);
const mixedText = fc.array(pieces, {maxLength: 24}).map(parts => parts.join(''));

describe('whole texts', () => {
	test('random text mixing every kind of piece measures as string-width measures it', () => {
		fc.assert(
			fc.property(mixedText, text => {
				expect(measureWidth(text)).toBe(reference(text));
			}),
			{numRuns: 20_000},
		);
	});

	test('a carriage return and the line feed after it are one grapheme, as the segmenter has them', () => {
		const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
		for (const text of ['\r\n', 'a\r\nb', '\r\r\n\n', 'x\ry']) {
			expect([...graphemes(text)]).toEqual([...segmenter.segment(text)].map(part => part.segment));
		}
	});

	test('graphemes splits text as the segmenter does, and their widths add up to the text’s', () => {
		const segmenter = new Intl.Segmenter(undefined, {granularity: 'grapheme'});
		fc.assert(
			fc.property(mixedText, text => {
				const parts = [...graphemes(text)];
				expect(parts).toEqual([...segmenter.segment(text)].map(part => part.segment));
				expect(parts.reduce((sum, part) => sum + graphemeWidth(part), 0)).toBe(reference(text));
			}),
			{numRuns: 5000},
		);
	});

	test('long text is segmented a window at a time without cutting a grapheme at a window’s edge', () => {
		// Each offset puts the windows' edges somewhere else in the families, flags and marks.
		for (let offset = 0; offset < 16; offset++) {
			const text = 'x'.repeat(offset) + 'ab\u0301👨‍👩‍👧🇫🇷日'.repeat(60);
			expect(measureWidth(text), `offset ${offset}`).toBe(reference(text));
			expect([...graphemes(text)], `offset ${offset}`).toEqual(
				[...new Intl.Segmenter().segment(text)].map(part => part.segment),
			);
		}
	});

	test('the same text measures the same on the first call as on any later one', () => {
		// The measure holds no state: a family is one wide glyph however early it is measured.
		expect(measureWidth('👨‍👩‍👧 ok')).toBe(5);
		expect(measureWidth('1\ufe0f\u20e3')).toBe(2);
		expect(measureWidth('👨‍👩‍👧 ok')).toBe(5);
	});
});
