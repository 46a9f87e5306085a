// Markdown-lite for model text: inline spans, headings, lists, quotes, rules and fenced code blocks.
import {describe, expect, test} from 'vitest';
import {inline, markdownRows} from '../../source/ui/panes/markdown-rows.js';
import {rowText, seg} from '../../source/ui/panes/segments.js';

const texts = (text: string, width = 40): string[] => markdownRows(text, width).map(rowText);

describe('inline', () => {
	test('bold, emphasis, code and links', () => {
		expect(inline('a **b** *c* `d` [e](http://x)')).toEqual([
			seg('a '),
			seg('b', {bold: true}),
			seg(' '),
			seg('c', {italic: true}),
			seg(' '),
			seg('d', {color: 'cyan'}),
			seg(' '),
			seg('e', {underline: true}),
			seg(' (http://x)', {dim: true}),
		]);
	});

	test('unmatched marks and snake_case stay literal', () => {
		expect(inline('2 * 3 and snake_case_name and **open')).toEqual([seg('2 * 3 and snake_case_name and **open')]);
	});

	test('no emphasis inside code', () => {
		expect(inline('`a*b*c`')).toEqual([seg('a*b*c', {color: 'cyan'})]);
	});
});

describe('markdownRows', () => {
	test('headings lose their marks and are bold', () => {
		const rows = markdownRows('# Title\n## Sub', 40);
		expect(rows.map(rowText)).toEqual(['Title', 'Sub']);
		expect(rows[0]![0]).toMatchObject({bold: true, underline: true});
		expect(rows[1]![0]).toMatchObject({bold: true});
	});

	test('lists get bullets and hanging indents', () => {
		expect(texts('- one two three four five six\n1. first', 16)).toEqual([
			'• one two three',
			'  four five six',
			'1. first',
		]);
	});

	test('fenced code is indented, coloured, not parsed', () => {
		const rows = markdownRows('text\n```ts\nconst a = **b**;\n```\nafter', 40);
		expect(rows.map(rowText)).toEqual(['text', 'ts', '  const a = **b**;', 'after']);
		expect(rows[2]![1]).toMatchObject({color: 'cyan'});
	});

	test('quotes and rules', () => {
		expect(texts('> quoted\n---')).toEqual(['│ quoted', '─'.repeat(40)]);
	});

	test('blank runs collapse to one row; none at the start or end', () => {
		expect(texts('\n\na\n\n\n\nb\n\n')).toEqual(['a', '', 'b']);
	});

	test('a prefix goes before every row', () => {
		expect(markdownRows('a\nb', 10, {prefix: [seg('  ')]}).map(rowText)).toEqual(['  a', '  b']);
	});
});
