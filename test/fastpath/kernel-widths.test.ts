// A tab after characters beyond ASCII: the outputs' kernel (fastpath/json-block.wat) counts the
// columns of the characters whose width it knows, so that an output with non-ASCII words spread
// through ordinary lines and tabs among them stays on the fast path; every code point of the
// BMP is checked against the usual way (the sanitizer, render/sanitize.ts), both as UTF-8 and as
// a `\u` escape.
import {expect, test} from 'vitest';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';
import {sanitize} from '../../source/render/sanitize.js';

const kernel = jsonBlockKernel();

/** The kernel's block for `text` written in JSON (`encode`), or undefined when it declines. */
function kernelBlock(text: string, encode: (text: string) => string): string | undefined {
	const block = kernel.block(Buffer.from(encode(text).slice(1)), 0, true, 0, false);
	return block?.bytes.toString('utf8');
}

const escaped = (text: string): string =>
	JSON.stringify(text).replace(/[\u0080-\uffff]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

test('for every code point of the BMP before a tab, the kernel prints what the sanitizer prints, or declines', () => {
	let taken = 0;
	for (let cp = 0x80; cp < 0x10000; cp++) {
		if (cp >= 0xd800 && cp < 0xe000) continue;
		const c = String.fromCharCode(cp);
		for (const text of [`ab${c}\tx`, `${c}${c}${c}\ty\tz`, `${c} é 日\t|`]) {
			const usual = sanitize(text, {keepColor: false});
			for (const encode of [JSON.stringify, escaped]) {
				const block = kernelBlock(text, encode);
				if (block === undefined) continue;
				taken++;
				if (block !== usual)
					expect(`U+${cp.toString(16)}: ${JSON.stringify(block)}`).toBe(
						`U+${cp.toString(16)}: ${JSON.stringify(usual)}`,
					);
			}
		}
	}
	// The ranges it knows: Latin, Greek, Cyrillic, punctuation, arrows, box drawing, CJK, kana, Hangul…
	expect(taken).toBeGreaterThan(180_000);
}, 120_000);

test('the characters real outputs mix into their lines keep a tab after them on the fast path', () => {
	for (const word of [
		'café',
		'Größe',
		'Ошибка',
		'测试',
		'テスト',
		'테스트',
		'“quoted”',
		'—',
		'…',
		'→',
		'⇒',
		'✓',
		'✔',
		'✗',
		'×',
		'✅',
		'❌',
		'•',
		'─',
		'●',
	]) {
		const text = `  ${word} done\t12ms\n${word}\tok`;
		const usual = sanitize(text, {keepColor: false}).replaceAll('\n', '\n  ');
		expect(kernelBlock(text, JSON.stringify), word).toBe(usual);
		expect(kernelBlock(text, escaped), word).toBe(usual);
	}
});

test('a tab after an emoji, a combining mark or a joiner still goes the usual way', () => {
	for (const text of ['🚀\tx', 'e\u0301\tx', 'a\u200d\tx', '❤\ufe0f\tx', '한\u11a8\tx'])
		expect(kernelBlock(text, JSON.stringify), text).toBeUndefined();
});

test('a carriage return redrawing a line with a character beyond ASCII still goes the usual way', () => {
	expect(kernelBlock('é 10%\ré 20%', JSON.stringify)).toBeUndefined();
	expect(kernelBlock('10%\r20%', JSON.stringify)).toBe('20%');
});
