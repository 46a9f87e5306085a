// Print mode's shortcut for large tool outputs prints exactly what the usual way prints, for any text, however it was
// escaped; and it takes the text people's tool outputs are made of.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {PlainRenderer} from '../../source/render/plain.js';
import {outputEntry, printedBytes} from '../helpers/print-entry.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const printed = printedBytes;

/** JSON as Python writes it by default: every non-ASCII character as a \u escape, and `/` escaped too. */
function asciiJson(text: string): string {
	return JSON.stringify(text)
		.replace(/[\u007f-\uffff]/g, ch => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
		.replaceAll('/', '\\/');
}

function traceLine(outputJson: string): Buffer {
	return Buffer.from(
		`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output","role":"user",` +
			`"output":${outputJson},"tool_call_id":"c1","stop_reason":"completed"}}`,
	);
}

/** Prints `output` both ways; says whether the shortcut took it. */
function bothWays(
	output: string,
	encode: (text: string) => string,
	stripColor = false,
): {usual: Buffer; shortcut: Buffer; taken: boolean} {
	const usual = printed(new PlainRenderer({color: false}), outputEntry(output));
	const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	prerendered.stripColor = stripColor;
	const cut = prerendered.cut(traceLine(encode(output)));
	if (cut === undefined) return {usual, shortcut: usual, taken: false};
	const token = (cut.value as {payload: {output: string}}).payload.output;
	const shortcut = printed(new PlainRenderer({color: false, prerendered}), outputEntry(token));
	return {usual, shortcut, taken: true};
}

const pieces = [
	'a',
	'word ',
	'x'.repeat(40),
	' ',
	'\n',
	'\n\n',
	'"',
	'\\',
	'/',
	'é',
	'日本',
	'🐧',
	'─',
	'…',
	'\u2028',
	'\t',
	'\r',
	'\r\n',
	'\u001b[31m',
	'\u0007',
	'\u007f',
	'\u0085',
	'\u202e',
	'\u200f',
	'\u061c',
	'\ud800',
	'\udc00',
	'\ufffd',
	'[exit code: 2]',
	'[exit code: -1]\n',
	'  \n',
];

test('for any output, the shortcut prints what the usual way prints, byte for byte', () => {
	const text = fc
		.string({unit: fc.constantFrom(...pieces), minLength: 1, maxLength: 120})
		.map(body => body + 'y'.repeat(2100));
	for (const encode of [JSON.stringify, asciiJson]) {
		fc.assert(
			fc.property(text, fc.boolean(), (body, exitAtEnd) => {
				const output = exitAtEnd ? `${body}\n[exit code: 3]\n` : body;
				const {usual, shortcut} = bothWays(output, encode);
				expect(shortcut.toString('utf8')).toBe(usual.toString('utf8'));
				expect(shortcut.equals(usual)).toBe(true);
			}),
			{numRuns: 400},
		);
	}
});

test('any output free of what the sanitizer changes takes the shortcut, and prints the same', () => {
	const clean = [
		'a',
		'word ',
		' ',
		'\n',
		'\n\n',
		'"',
		'\\',
		'/',
		'é',
		'日本',
		'🐧',
		'─',
		'…',
		'\u2028',
		'\ufffd',
		'[exit code: 2]',
		'  \n',
	];
	const text = fc
		.string({unit: fc.constantFrom(...clean), minLength: 1, maxLength: 200})
		.map(body => 'z'.repeat(2100) + body);
	for (const encode of [JSON.stringify, asciiJson]) {
		fc.assert(
			fc.property(text, output => {
				const {usual, shortcut, taken} = bothWays(output, encode);
				expect(taken).toBe(true);
				expect(shortcut.equals(usual)).toBe(true);
			}),
			{numRuns: 300},
		);
	}
});

test('ordinary tool output takes the shortcut: code with quotes and backslashes, Unicode, escaped or not', () => {
	const line = 'const path = "C:\\\\temp\\\\x"; // 日本語 — “quoted” 🐧\nif (a) { return "done"; }\n';
	const code = `${line.repeat(40)}[exit code: 1]\n`;
	for (const encode of [JSON.stringify, asciiJson]) {
		const {usual, shortcut, taken} = bothWays(code, encode);
		expect(taken).toBe(true);
		expect(shortcut.toString()).toBe(usual.toString());
		expect(shortcut.toString()).toContain('81 lines · exit 1');
	}
});

test('text the sanitizer must change goes the usual way, and still prints the same', () => {
	const base = 'plain line\n'.repeat(200);
	for (const hostile of [
		'\u001b]0;title\u0007',
		'🐧\tafter an emoji',
		'e\u0301\tafter a mark',
		'é over\rwrite',
		'back\bspace',
		'\u202eevil',
		'c1\u009b2J',
		'del\u007f',
	]) {
		const {usual, shortcut, taken} = bothWays(base + hostile + base, JSON.stringify);
		expect(taken, JSON.stringify(hostile)).toBe(false);
		expect(shortcut.equals(usual)).toBe(true);
		expect(usual.includes(0x1b)).toBe(false);
	}
});

test(
	'every character beyond ASCII near the ones the sanitizer changes (C1, ALM, the bidi ' +
		'controls), written as UTF-8: the shortcut prints what the usual way prints, and takes the harmless ones',
	() => {
		const points: number[] = [];
		for (let cp = 0x80; cp < 0x800; cp++) points.push(cp);
		for (let cp = 0x2000; cp < 0x2080; cp++) points.push(cp);
		const troubled = (cp: number): boolean =>
			cp < 0xa0 ||
			cp === 0x061c ||
			(cp >= 0x200e && cp <= 0x200f) ||
			(cp >= 0x202a && cp <= 0x202e) ||
			(cp >= 0x2066 && cp <= 0x2069);
		for (const cp of points) {
			const {usual, shortcut, taken} = bothWays(`${'k'.repeat(2100)}\na${String.fromCharCode(cp)}b\n`, JSON.stringify);
			expect(taken, cp.toString(16)).toBe(!troubled(cp));
			expect(shortcut.equals(usual), cp.toString(16)).toBe(true);
		}
	},
);

test('a short line is read the usual way', () => {
	expect(
		new PrerenderedOutputs({kernel: jsonBlockKernel()}).cut(traceLine(JSON.stringify('short output\n'))),
	).toBeUndefined();
});

/**
 * A file as upstream's read_file returns it: `cat -n` style, the number right-aligned in six columns, a tab, the line.
 */
function numbered(lines: readonly string[], first = 1): string {
	return lines.map((line, i) => `${String(first + i).padStart(6)}\t${line}`).join('\n');
}

test(
	'read_file output (`cat -n` lines, a tab on each, ' + 'tab-indented code) takes the shortcut, and prints the same',
	() => {
		const code = [
			'import x from "y";',
			'',
			'function f(a) {',
			'\tif (a) {',
			'\t\treturn a;\t// done',
			'\t}',
			'}',
			'\t \t mixed\tindent',
			'x\ty\tz',
		];
		const file = numbered(
			Array.from({length: 300}, (_, i) => code[i % code.length]!),
			98,
		);
		for (const encode of [JSON.stringify, asciiJson]) {
			const {usual, shortcut, taken} = bothWays(`${file}\n(file has 300 lines total)`, encode);
			expect(taken).toBe(true);
			expect(shortcut.equals(usual)).toBe(true);
			// Each tab reached the next multiple of eight columns of its line, as the screen shows it.
			expect(usual.toString()).toContain('\n     100  function f(a) {\n');
			expect(usual.toString()).toContain('\n     101          if (a) {\n');
			expect(usual.toString()).not.toContain('\t');
		}
	},
);

test(
	'for any text with tabs, beside wide characters, emoji, ' +
		'accents, escaped or not, the shortcut prints what the usual way prints',
	() => {
		const units = [
			'\t',
			'\t\t',
			'a',
			'ab',
			'abc ',
			'x'.repeat(7),
			'1234567',
			' ',
			'\n',
			'日本',
			'漢',
			'é',
			'e\u0301',
			'🐧',
			'👍🏽',
			'─',
			'\u00a0',
			'"',
			'\\',
			'/',
		];
		const text = fc
			.array(fc.constantFrom(...units), {minLength: 1, maxLength: 150})
			.map(parts => `${'w'.repeat(2100)}\n${parts.join('')}`);
		for (const encode of [JSON.stringify, asciiJson]) {
			fc.assert(
				fc.property(text, output => {
					const {usual, shortcut} = bothWays(output, encode);
					expect(shortcut.equals(usual)).toBe(true);
				}),
				{numRuns: 500},
			);
		}
		// A tab is taken when what came before it on its line has a width the kernel knows (ASCII, accents,
		// CJK…: test/fastpath/kernel-widths.test.ts), whatever comes after it or on other lines.
		const taken = (output: string): boolean => bothWays('q'.repeat(2100) + output, JSON.stringify).taken;
		expect(taken('\nab\tc 日本\n🐧 line\nnext\tz')).toBe(true);
		expect(taken('\n日本 é\tc')).toBe(true);
		expect(taken('\n🐧\tc')).toBe(false);
		expect(taken('\ne\u0301\tc')).toBe(false);
	},
);

test('text with more tabs than the room the kernel is given goes the usual way, and prints the same', () => {
	for (const output of ['\t'.repeat(3000), `${'a'.repeat(2100)}${'\t'.repeat(2000)}`, `${'\t\n'.repeat(1500)}`]) {
		const {usual, shortcut, taken} = bothWays(output, JSON.stringify);
		expect(taken).toBe(false);
		expect(shortcut.equals(usual)).toBe(true);
	}
	// Room enough for a tab a line of ordinary length.
	expect(bothWays(numbered(Array.from({length: 400}, () => 'x')), JSON.stringify).taken).toBe(true);
});

test(
	'without colours, SGR sequences and CRLF line ends are ' +
		'dropped by the kernel as the sanitizer drops them, for any text',
	() => {
		const units = [
			'\u001b[31m',
			'\u001b[39m',
			'\u001b[0m',
			'\u001b[m',
			'\u001b[1;32m',
			'\u001b[38;5;123m',
			'\u001b[38:2:1:2:3m',
			'\u001b[?25l',
			'\u001b[2K',
			'\u001b[K',
			'\u001b[3G',
			'\u001b[2D',
			'\u001b[5C',
			'\u001b[?2004h',
			'\u001b[',
			'\u001b[12',
			'\u001b[1"m',
			'\u001b]0;title\u0007',
			'\u001bc',
			'\r',
			'\r\n',
			'\r\r\n',
			'a\rb',
			'\n',
			'\t',
			'word ',
			'✓',
			'日本',
			'é',
			'"',
			'\\',
			'[exit code: 2]',
			'\n[exit code: 1]\n',
			'\rDownloading 45% [====>     ]',
			'\r100%',
			'x'.repeat(17),
			'\t\t',
			'\u001b[32m✓\u001b[39m',
		];
		const text = fc
			.array(fc.constantFrom(...units), {minLength: 1, maxLength: 120})
			.map(parts => `${'v'.repeat(2100)}\n${parts.join('')}`);
		for (const encode of [JSON.stringify, asciiJson]) {
			fc.assert(
				fc.property(text, output => {
					const {usual, shortcut} = bothWays(output, encode, true);
					expect(shortcut.equals(usual)).toBe(true);
				}),
				{numRuns: 500},
			);
		}
	},
);

test(
	'shell output with colours, and files with CRLF line ' +
		'ends, take the shortcut without colours, and print the same',
	() => {
		const tests = Array.from(
			{length: 200},
			(_, i) => `\u001b[32m✓\u001b[39m src/a${i}.test.ts \u001b[2m(3 tests)\u001b[22m 12ms`,
		).join('\n');
		const crlf = Array.from({length: 200}, (_, i) => `set VAR_${i}=value\tx`).join('\r\n') + '\r\n';
		for (const output of [tests, crlf]) {
			for (const encode of [JSON.stringify, asciiJson]) {
				const {usual, shortcut, taken} = bothWays(output, encode, true);
				expect(taken).toBe(true);
				expect(shortcut.equals(usual)).toBe(true);
				expect(usual.includes(0x1b)).toBe(false);
				expect(usual.includes(0x0d)).toBe(false);
			}
		}
		// With colours kept, a colour goes the usual way (the printer keeps it there).
		expect(bothWays(tests, JSON.stringify, false).taken).toBe(false);
		// A carriage return that redraws a line (a progress bar) is taken on an ASCII line, not after anything else on it.
		expect(
			bothWays(`${'p'.repeat(2100)}\rDownloading 50% [=====>    ]\rDownloading 100%\n`, JSON.stringify, true).taken,
		).toBe(true);
		expect(bothWays(`${'p'.repeat(2100)}\ré 50%\rDownloading 100%\n`, JSON.stringify, true).taken).toBe(false);
		expect(bothWays(`${'p'.repeat(2100)}\r50%\ré\n`, JSON.stringify, true).taken).toBe(false);
	},
);

test(
	"the kernel counts a text's UTF-16 units (a thinking's " +
		'headline says them) as JavaScript decodes it, however it was escaped',
	() => {
		const text = fc.string({unit: fc.constantFrom(...pieces), minLength: 1, maxLength: 200});
		const kernel = jsonBlockKernel();
		let counted = 0;
		for (const encode of [JSON.stringify, asciiJson]) {
			fc.assert(
				fc.property(text, fc.boolean(), (body, strip) => {
					const line = Buffer.from(`{"text":${encode(body)}}`);
					const block = kernel.block(line, 9, strip, 0, false);
					if (block === undefined) return;
					counted++;
					expect(block.units).toBe(body.length);
					expect(block.exit).toBeUndefined();
				}),
				{numRuns: 400},
			);
		}
		expect(counted).toBeGreaterThan(100);
	},
);
