/**
 * Terminal columns of text: string-width's answer (the measure Ink draws with), from the first
 * frame on, without loading string-width.
 *
 * string-width splits text into graphemes and counts each: none if it is all marks, format
 * characters, controls and default-ignorables; 2 if it is an RGI emoji (a flag, a keycap, a
 * skin tone, a ZWJ family, a text symbol with U+FE0F); else the East Asian Width of its first
 * visible code point, plus that of any halfwidth or fullwidth form after it. The same rules
 * are followed here, with the costs moved off the common path: text in which every code point
 * is a grapheme of its own (any text without marks, joiners, selectors, modifiers, regional
 * indicators, tags or jamo) is measured a code point at a time with no segmenter, and which
 * emoji sequences are RGI emoji is known from a short list (below) rather than asked of the
 * engine's \p{RGI_Emoji}. Loading string-width, or building that expression, would cost the
 * first frame 10–24 ms.
 * test/render/width.test.ts compares this measure with string-width over every code point,
 * every emoji sequence and random text.
 */
import {eastAsianWidth} from 'get-east-asian-width';

const printableAscii = /^[\u0020-\u007e]*$/;

/**
 * A `u` expression made from its source the first time it is used. The engine builds the sets
 * of a \p{…} escape with ICU when it parses the script, even for a literal it never runs:
 * the four below cost every start ~9 M instructions (~2 ms), though most traces never measure
 * text that is not ASCII (print mode, --version, --help).
 */
function builtOnFirstUse(source: string): () => RegExp {
	let expression: RegExp | undefined;
	return () => (expression ??= new RegExp(source, 'u'));
}

/**
 * Text in which every code point is a grapheme of its own: nothing that joins its neighbours
 * (a carriage return, which joins a line feed after it; marks, joiners, variation selectors,
 * emoji modifiers, regional indicators, Hangul jamo, tags, prepended concatenation marks, a
 * few spacing marks that are letters).
 */
const joinsNothing = builtOnFirstUse(
	String.raw`^[^\r\p{M}\u200c\u200d\ufe00-\ufe0f\uff9e\uff9f\u0e33\u0eb3\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff` +
		String.raw`\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u0d4e\u{1f1e6}-\u{1f1ff}\u{1f3fb}-\u{1f3ff}` +
		String.raw`\u{e0000}-\u{e0fff}\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}` +
		String.raw`\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]*$`,
);

// What takes no column: marks, format characters, controls, lone surrogates, and the
// default-ignorables (joiners, variation selectors, tags, reserved ones). string-width's set.
const zeroWidthSet = String.raw`[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\p{Cs}]+`;
const zeroWidth = builtOnFirstUse(`^${zeroWidthSet}$`);
const leadingZeroWidth = builtOnFirstUse(`^${zeroWidthSet}`);

// The RGI emoji (string-width's \p{RGI_Emoji}: wide) that start with a code point of their own
// East Asian Width narrow. An emoji sequence that starts with a wide one is wide either way,
// and a single code point is never an RGI emoji unless it is wide; so these are all the
// measure needs to know of the emoji sequences. (Written out here rather than asked of the
// engine: its \p{RGI_Emoji} costs ~15 ms to build, which the first frame would pay for the
// first ❤️ it shows.) They are: a text symbol with the emoji selector; a keycap; a modifier
// base with a skin tone; a flag (below); and the few ZWJ sequences that start with a text
// symbol. Derived from the engine's \p{RGI_Emoji} (Unicode 17) and checked against
// string-width by test/render/width.test.ts.
const narrowFirstEmoji = builtOnFirstUse(
	String.raw`^(?:(?![#*0-9\p{Emoji_Presentation}])\p{Emoji}\ufe0f` +
		String.raw`|[#*0-9]\ufe0f\u20e3` +
		String.raw`|\p{Emoji_Modifier_Base}[\u{1f3fb}-\u{1f3ff}]` +
		String.raw`|[\u26f9\u{1f3cb}\u{1f3cc}\u{1f575}][\ufe0f\u{1f3fb}-\u{1f3ff}]\u200d[\u2640\u2642]\ufe0f` +
		String.raw`|\u26d3\ufe0f\u200d\u{1f4a5}` +
		String.raw`|\u2764\ufe0f\u200d[\u{1f525}\u{1fa79}]` +
		String.raw`|\u{1f3f3}\ufe0f\u200d(?:\u26a7\ufe0f|\u{1f308})` +
		String.raw`|\u{1f441}\ufe0f\u200d\u{1f5e8}\ufe0f)$`,
);

// The regions whose pair of regional indicators is an RGI flag (Unicode 17): any other pair
// is no emoji, one column as its first indicator.
const flagRegions = new Set(
	(
		'AC AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
		'CA CC CD CF CG CH CI CK CL CM CN CO CP CQ CR CU CV CW CX CY CZ DE DG DJ DK DM DO DZ EA EC EE EG EH ER ES ET EU ' +
		'FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU IC ID IE IL IM IN ' +
		'IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG ' +
		'MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL ' +
		'PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TA TC TD ' +
		'TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM UN US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
	).split(' '),
);

const halfwidthForm = /[\uff00-\uffef]/;

const regionalPair = /^[\u{1f1e6}-\u{1f1ff}]{2}$/u;

function isNarrowFirstEmoji(grapheme: string): boolean {
	if (regionalPair.test(grapheme)) {
		const letter = (index: number): string => String.fromCharCode(0x41 + grapheme.codePointAt(index)! - 0x1f1e6);
		return flagRegions.has(letter(0) + letter(2));
	}
	return narrowFirstEmoji().test(grapheme);
}

function codePointWidth(char: string): number {
	return zeroWidth().test(char) ? 0 : eastAsianWidth(char.codePointAt(0)!, {ambiguousAsWide: false});
}

/** Columns one grapheme takes (string-width's answer for it; it may be more than 2). */
export function graphemeWidth(grapheme: string): number {
	const code = grapheme.codePointAt(0);
	if (code === undefined) return 0;
	// One code point: every one that is an RGI emoji alone is wide by its East Asian Width.
	if (grapheme.length === (code > 0xffff ? 2 : 1)) return code >= 0x20 && code < 0x7f ? 1 : codePointWidth(grapheme);
	if (zeroWidth().test(grapheme)) return 0;
	const visible = zeroWidth().test(String.fromCodePoint(code))
		? grapheme.replace(leadingZeroWidth(), '').codePointAt(0)!
		: code;
	let width = eastAsianWidth(visible, {ambiguousAsWide: false});
	if (width === 1 && isNarrowFirstEmoji(grapheme)) return 2;
	// Halfwidth and fullwidth forms after the first (a halfwidth katakana's sound marks; never
	// part of an emoji, so a wide first one with them is no emoji either).
	if (halfwidthForm.test(grapheme.slice(1))) {
		for (const char of grapheme.slice(1)) {
			if (char >= '\uff00' && char <= '\uffef') width += eastAsianWidth(char.codePointAt(0)!, {ambiguousAsWide: false});
		}
	}
	return width;
}

/** Segmented a bounded window at a time: Intl.Segmenter is quadratic on long strings in Node 20. */
const segmentWindow = 256;

/**
 * A grapheme segmenter for {@link graphemes}. The first one a process makes loads ICU's break
 * data (~9 ms, measured on the screen before its first frame), which text without joining
 * characters never needs; each after that costs a few microseconds.
 */
export function graphemeSegmenter(): Intl.Segmenter {
	return new Intl.Segmenter(undefined, {granularity: 'grapheme'});
}

/**
 * The graphemes of `text`. Text whose code points are each a grapheme of its own needs no
 * segmenter; other text is segmented by the one `segmenterOf` gives (a new one unless the
 * caller keeps one: a caller that splits many texts may).
 */
export function* graphemes(text: string, segmenterOf: () => Intl.Segmenter = graphemeSegmenter): Generator<string> {
	if (joinsNothing().test(text)) {
		yield* text;
		return;
	}
	const segmenter = segmenterOf();
	let start = 0;
	while (start < text.length) {
		let end = Math.min(text.length, start + segmentWindow);
		// Never a window that ends inside a surrogate pair: the half would be a grapheme of its
		// own, and the break before it taken as final. (A break before a whole code point
		// depends only on what is before it, so only the last grapheme can be cut.)
		const code = text.charCodeAt(end - 1);
		if (end < text.length && code >= 0xd800 && code <= 0xdbff) end++;
		let last = '';
		let lastIndex = 0;
		for (const {segment, index} of segmenter.segment(text.slice(start, end))) {
			if (index > 0) yield last;
			last = segment;
			lastIndex = index;
		}
		if (end === text.length || lastIndex === 0) {
			// All done, or one grapheme fills the window: take it as it is.
			yield last;
			start = end;
		} else {
			// The window may have cut the last grapheme: segment it again with what follows.
			start += lastIndex;
		}
	}
}

/** Columns `text` takes in a terminal (string-width's answer; text holds no escape sequences). */
export function measureWidth(text: string): number {
	if (printableAscii.test(text)) return text.length;
	let width = 0;
	if (joinsNothing().test(text)) {
		for (const char of text) width += codePointWidth(char);
		return width;
	}
	for (const grapheme of graphemes(text)) width += graphemeWidth(grapheme);
	return width;
}
