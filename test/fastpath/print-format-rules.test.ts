// Print's formatting rules for a tool output (tabs, carriage returns, colours, the indent), written
// once, in the table below, and both implementations held to it: the usual way (render/sanitize.ts
// and render/plain.ts, in TypeScript) and the fast path's kernel (fastpath/json-block.wat). A rule
// changed on one side only fails here. docs/fast-path.md points here.
import {expect, test} from 'vitest';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';
import {PlainRenderer} from '../../source/render/plain.js';
import {outputEntry, printedBytes} from '../helpers/print-entry.js';

/**
 * Each rule: an output's text and the block print mode writes for it (without the output's first
 * indent). `kernel`: whether the kernel takes it (false: it declines, and the usual way prints it).
 */
const rules: Array<{rule: string; text: string; block: string; kernel: boolean}> = [
	{rule: 'each newline is followed by a two-space indent', text: 'a\nb', block: 'a\n  b', kernel: true},
	{rule: 'a final newline ends the last line and is not printed', text: 'a\nb\n', block: 'a\n  b', kernel: true},
	{rule: 'a tab at the start of a line is eight spaces', text: '\tx', block: '        x', kernel: true},
	{rule: 'a tab reaches the next multiple of eight columns', text: 'abc\tx', block: 'abc     x', kernel: true},
	{rule: 'a tab at a multiple of eight is eight more', text: '12345678\tx', block: '12345678        x', kernel: true},
	{
		rule: 'columns count from the line start, not from the indent',
		text: 'first\n1234\tx',
		block: 'first\n  1234    x',
		kernel: true,
	},
	{rule: 'a tab after a wide character counts its two columns', text: '日\tx', block: '日      x', kernel: true},
	{rule: 'a tab after an accented letter counts one column', text: 'café\tx', block: 'café    x', kernel: true},
	{rule: 'a tab after an emoji: string-width says (the usual way)', text: '🚀\tx', block: '🚀      x', kernel: false},
	{rule: 'CRLF line ends print as newlines', text: 'a\r\nb\r\n', block: 'a\n  b', kernel: true},
	{rule: 'a carriage return before the end is dropped', text: 'done\r', block: 'done', kernel: true},
	{
		rule: 'a carriage return redraws its line: the last drawing shows',
		text: '10%\r20%\r30%\nok',
		block: '30%\n  ok',
		kernel: true,
	},
	{rule: 'a shorter redrawing keeps what it does not cover', text: 'abcdef\rXY', block: 'XYcdef', kernel: true},
	{
		rule: 'a tab after a redrawing moves over the cells it passes, keeping what was drawn there',
		text: 'abcdefghij\rX\ty',
		block: 'Xbcdefghyj',
		kernel: true,
	},
	{rule: 'colours are dropped without colour', text: '\u001b[32mok\u001b[39m done', block: 'ok done', kernel: true},
	{rule: 'DEL is dropped (the usual way)', text: 'a\u007fb', block: 'ab', kernel: false},
	{rule: 'other controls are dropped (the usual way)', text: 'bell\u0007', block: 'bell', kernel: false},
];

// Lines this short are not cut: a first line makes each output long enough for the kernel.
const pad = 'p'.repeat(600);

/** The block of `text` printed the usual way, or by the kernel (undefined when it declines). */
function printed(text: string, kernel: boolean): string | undefined {
	const output = `${pad}\n${text}`;
	let renderer = new PlainRenderer({color: false});
	let entry = outputEntry(output);
	if (kernel) {
		const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
		prerendered.stripColor = true;
		const payload = `{"type":"tool_call_output","role":"user","output":${JSON.stringify(output)},"tool_call_id":"c1"}`;
		const line = `{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":${payload}}`;
		const cut = prerendered.cut(Buffer.from(line));
		if (cut === undefined) return undefined;
		renderer = new PlainRenderer({color: false, prerendered});
		entry = outputEntry((cut.value as {payload: {output: string}}).payload.output);
	}
	const bytes = printedBytes(renderer, entry).toString('utf8');
	const body = bytes.slice(bytes.indexOf('\n') + 1);
	expect(body.startsWith(`  ${pad}\n  `)).toBe(true);
	return body.slice(pad.length + 5).replace(/\n$/, '');
}

test.each(rules)('the usual way follows the rule: $rule', ({text, block}) => {
	expect(printed(text, false)).toBe(block);
});

test.each(rules)('the kernel follows the rule, or declines it: $rule', ({text, block, kernel}) => {
	expect(printed(text, true)).toBe(kernel ? block : undefined);
});
