// The theme a run draws with (ui/panes/palette-choice.ts) and the terminal's answer to OSC 11
// (ui/components/background-query.ts): read from its colour, taken out of the keys wherever it falls.
import {expect, test} from 'vitest';
import {colourOfAnswer, withoutAnswers} from '../../source/ui/components/background-query.js';
import {depthOf, themeOf, themeOfColorFgBg} from '../../source/ui/panes/palette-choice.js';

test('an answer of 1 to 4 hex digits a channel is read as 0–255', () => {
	expect(colourOfAnswer('rgb:ffff/ffff/ffff')).toEqual([255, 255, 255]);
	expect(colourOfAnswer('rgb:1e1e/1e1e/1e1e')).toEqual([30, 30, 30]);
	expect(colourOfAnswer('rgb:fd/f6/e3')).toEqual([0xfd, 0xf6, 0xe3]);
	expect(colourOfAnswer('rgb:f/0/0')).toEqual([255, 0, 0]);
	expect(colourOfAnswer('rgba:0000/0000/0000/ffff')).toEqual([0, 0, 0]);
	expect(colourOfAnswer('nonsense')).toBeUndefined();
});

test('the theme: the flag first, then the answer, then COLORFGBG, then dark', () => {
	expect(themeOf('light', [0, 0, 0], {})).toBe('light');
	expect(themeOf('dark', [255, 255, 255], {})).toBe('dark');
	expect(themeOf('auto', [255, 255, 255], {COLORFGBG: '15;0'})).toBe('light');
	expect(themeOf('auto', [0xfd, 0xf6, 0xe3], {})).toBe('light');
	expect(themeOf('auto', [0x1e, 0x1e, 0x1e], {})).toBe('dark');
	expect(themeOf('auto', undefined, {COLORFGBG: '0;15'})).toBe('light');
	expect(themeOf('auto', undefined, {COLORFGBG: '0;default;7'})).toBe('light');
	expect(themeOf('auto', undefined, {COLORFGBG: '15;0'})).toBe('dark');
	expect(themeOf('auto', undefined, {COLORFGBG: '15;8'})).toBe('dark');
	expect(themeOf('auto', undefined, {COLORFGBG: 'garbage'})).toBe('dark');
	expect(themeOf('auto', undefined, {})).toBe('dark');
	expect(themeOfColorFgBg(undefined)).toBeUndefined();
});

test('the depth: 24-bit for COLORTERM=truecolor or 24bit, 256 for a 256-colour TERM, else 16', () => {
	expect(depthOf({COLORTERM: 'truecolor', TERM: 'xterm'})).toBe('rgb');
	expect(depthOf({COLORTERM: '24bit'})).toBe('rgb');
	expect(depthOf({TERM: 'tmux-256color'})).toBe('256');
	expect(depthOf({TERM: 'xterm'})).toBe('16');
	expect(depthOf({})).toBe('16');
});

test('answers are taken out of the keys, ended by BEL or ST, and a cut-off one is held until it ends', () => {
	expect(withoutAnswers('j\u001B]11;rgb:ffff/ffff/ffff\u0007k')).toEqual({
		keys: 'jk',
		colours: [[255, 255, 255]],
		attributes: false,
		held: '',
	});
	expect(withoutAnswers('\u001B]11;rgb:0/0/0\u001B\\q').keys).toBe('q');
	const first = withoutAnswers('g\u001B]11;rgb:ff');
	expect(first).toEqual({keys: 'g', colours: [], attributes: false, held: '\u001B]11;rgb:ff'});
	expect(withoutAnswers(`${first.held}ff/ffff/ffff\u001B\\`)).toEqual({
		keys: '',
		colours: [[255, 255, 255]],
		attributes: false,
		held: '',
	});
	// The Escape key alone, or Alt+], is a key, not an answer's start.
	expect(withoutAnswers('\u001B').keys).toBe('\u001B');
	expect(withoutAnswers('\u001B]x').keys).toBe('\u001B]x');
});

test("DA1's answer, which ends the wait when it comes first, is taken out of the keys too, even cut", () => {
	expect(withoutAnswers('\u001B[?62;22cq')).toEqual({keys: 'q', colours: [], attributes: true, held: ''});
	const cut = withoutAnswers('x\u001B[?6');
	expect(cut).toMatchObject({keys: 'x', held: '\u001B[?6'});
	expect(withoutAnswers(`${cut.held}2;22c`)).toMatchObject({keys: '', attributes: true});
	// Arrow keys (CSI without ?) stay keys.
	expect(withoutAnswers('\u001B[A\u001B[B').keys).toBe('\u001B[A\u001B[B');
});
