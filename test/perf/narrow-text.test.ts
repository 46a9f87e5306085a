// The screen's fast width path: every code point it measures by length is one column for string-width too.
import stringWidth from 'string-width';
import {expect, test} from 'vitest';
import {fitTail, fitText, narrowText, textWidth} from '../../source/ui/panes/segments.js';

test('every character of the narrow class is one column wide, as string-width measures it', () => {
	const wrong: string[] = [];
	for (let code = 0; code <= 0xffff; code++) {
		const char = String.fromCharCode(code);
		if (narrowText.test(char) && stringWidth(char) !== 1) wrong.push(code.toString(16));
	}
	expect(wrong).toEqual([]);
});

test('the screen’s own marks take the fast path, and wide or joining text does not', () => {
	expect(narrowText.test(' ✓ exec_command  $ ls · 0.2 s  3 lines ─── ⟳ ⚠ ␣ ▸ ○ ● ⠋')).toBe(true);
	for (const text of ['日本', '🐧', 'e\u0301', '\u00ad', '⚡', 'a\u200db', '\t'])
		expect(narrowText.test(text)).toBe(false);
});

test('widths and cuts agree with string-width on mixed text', () => {
	for (const text of ['✓ done · 3 lines', 'naïve café — ok', '─'.repeat(30), '日本語 and ✓', '🐧 penguin']) {
		expect(textWidth(text)).toBe(stringWidth(text));
		const head = fitText(text, 7);
		expect(stringWidth(head.text)).toBe(head.width);
		expect(stringWidth(fitTail(text, 5))).toBeLessThanOrEqual(5);
	}
});
