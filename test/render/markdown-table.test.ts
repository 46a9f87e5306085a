// Markdown tables in answers drawn as aligned columns: one layout (render/markdown-table.ts) for the screen and print
// mode, alignment from the delimiter row, cells cut with … to the width, wide characters counted as the terminal counts
// them.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {tableAt, tableLines, withTablesDrawn} from '../../source/render/markdown-table.js';
import {markdownRows} from '../../source/ui/panes/markdown-rows.js';
import {rowText} from '../../source/ui/panes/segments.js';
import {runCli} from '../helpers/run-cli.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const answer = [
	'Here are the results:',
	'',
	'| Name | Count | Status |',
	'|:-----|------:|:------:|',
	'| alpha | 1 | ok |',
	'| beta-longer | 12345 | failed |',
	'',
	'Done.',
];

describe('the layout', () => {
	it('aligns each column as its delimiter says: left, right, centred', () => {
		const table = tableAt(answer, 2)!;
		expect(table).toMatchObject({
			header: ['Name', 'Count', 'Status'],
			aligns: ['left', 'right', 'center'],
			lineCount: 4,
		});
		expect(tableLines(table, 80)).toEqual({
			header: 'Name        │ Count │ Status',
			rule: '────────────┼───────┼───────',
			rows: ['alpha       │     1 │   ok', 'beta-longer │ 12345 │ failed'],
			widths: [11, 5, 6],
		});
	});

	it('narrows the widest column to the width, cutting its cells with …; wide characters count two', () => {
		const lines = ['| file | note |', '| --- | --- |', `| 日本語のファイル.ts | ${'a long note '.repeat(6)}|`];
		const drawn = tableLines(tableAt(lines, 0)!, 40);
		for (const line of [drawn.header, drawn.rule, ...drawn.rows]) expect(line.length).toBeLessThanOrEqual(40);
		// The long note narrowed first, to the file's 19 columns, then both by turns.
		expect(drawn.widths).toEqual([18, 19]);
		expect(drawn.rows[0]).toBe('日本語のファイル.… │ a long note a long…');
		// Eight wide characters take 16 columns: the separator lines up under the header's.
		expect(drawn.header).toBe(`file${' '.repeat(14)} │ note`);
		expect(drawn.header.indexOf('│')).toBe(drawn.rows[0]!.indexOf('│') + 8);
	});

	it('leaves what is no table alone: a pipe in prose, a rule, a table inside a fenced block', () => {
		const text = ['a | b', 'not a delimiter', '---', '```', '| x | y |', '|---|---|', '```'].join('\n');
		expect(withTablesDrawn(text, 80)).toBe(text);
	});
});

describe('on the screen and in print', () => {
	const dir = makeTempDir('penguin-view-table-');
	afterAll(() => removeTempDir(dir));

	it("the screen draws the table aligned, the header bold, without the cells' inline marks", () => {
		const rows = markdownRows(['| **Name** | `n` |', '|---|--:|', '| a | 1 |', '| bb | 22 |'].join('\n'), 60);
		expect(rows.map(row => rowText(row))).toEqual(['Name │  n', '─────┼───', 'a    │  1', 'bb   │ 22']);
		expect(rows[0]![0]).toMatchObject({bold: true});
	});

	it(
		'print mode draws it aligned too, a long answer as a ' + 'short one (the kernel leaves a text with a table alone)',
		async () => {
			const long = [...answer.slice(0, -1), 'x'.repeat(600), 'Done.'].join('\n');
			const file = path.join(dir, 'table.jsonl');
			const line = (text: string): string =>
				JSON.stringify({
					timestamp: '2026-12-02T10:00:00.000Z',
					type: 'model_msg',
					payload: {type: 'text', role: 'assistant', text},
				});
			writeFileSync(file, `${line(answer.join('\n'))}\n${line(long)}\n`);
			const printed = await runCli(['--print', '--no-follow', file]);
			expect(printed.code).toBe(0);
			const expected =
				'  Name        │ Count │ Status\n  ────────────┼───────┼───────\n  alpha       │     1 │   ok\n  beta-longer' +
				' │ 12345 │ failed\n';
			expect(printed.stdout.split(expected)).toHaveLength(3);
			expect(printed.stdout).not.toContain('|:-----|');
		},
	);
});
