// A long trace line whose anchor can only be as written is not parsed whole by --grep: its outputs, texts and thinking
// are cut out and only their lines holding the anchor are read (content-matches.ts's lineBytesMatches,
// model/held-field.ts's heldLinesHolding). What it finds must be what parsing each line the scan hands on finds.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {afterAll, describe, expect, it, test} from 'vitest';
import {anchorPlan, scanKernel, scanTraceFiles} from '../../source/io/grep-scan.js';
import {heldLinesHolding} from '../../source/model/held-field.js';
import {contentMatches, lineBytesMatches} from '../../source/ui/reading/content-matches.js';
import {contentPattern} from '../../source/ui/reading/content-pattern.js';
import {rawTextLines} from '../../source/ui/reading/search-match.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const dir = makeTempDir('penguin-view-grep-held-');
afterAll(() => removeTempDir(dir));

const pieces = [
	'function',
	'fun',
	'ction',
	'Function',
	'a b',
	'a\tb',
	'\n',
	'\n\n',
	'\\',
	'\\n',
	'\\\\n',
	'"',
	'\t',
	'\r\n',
	'\r',
	'é',
	'ÉCOLE',
	'\u001b[31m',
	'\u001b[0m',
	'\u0008',
	' ',
	'x',
	'/',
	// The word made by a colour, a carriage return or a backspace: not in the bytes as written.
	'fu\u001b[1mnction',
	'xxnction\rfu',
	'funcx\u0008tion',
	// A tab that sanitize makes one space.
	'\nxxxxxxa\tb',
];
const text = fc.array(fc.constantFrom(...pieces), {maxLength: 40}).map(parts => parts.join(''));
// Long enough that the line is not parsed whole (4 kB and more).
const pad = (raw: string): string => `${'p'.repeat(4200)}\n${raw}`;

/** A trace line holding `raw` in one of the texts --grep reads; `escaped` (1, 2): characters written as escapes. */
function traceLine(kind: number, raw: string, escaped: number): string {
	const payload = [
		{type: 'tool_call_output', role: 'user', output: pad(raw), tool_call_id: 'c1'},
		{type: 'text', role: 'assistant', text: pad(raw)},
		{type: 'thinking', role: 'assistant', thinking: pad(raw)},
		{
			type: 'tool_call',
			role: 'assistant',
			name: 'write',
			arguments: JSON.stringify({content: pad(raw)}),
			tool_call_id: 'c2',
		},
	][kind % 4];
	const line = JSON.stringify({timestamp: '2026-12-02T10:00:00.000Z', type: 'model_msg', payload});
	if (escaped === 0) return line;
	// é and a letter of the word written as escapes; with 2, a line end as `\u000a` too.
	const letters = line.replace(/é/g, '\\u00e9').replace(/ction/g, 'c\\u0074ion');
	return escaped === 1 ? letters : letters.replace(/(?<!\\)((?:\\\\)*)\\n/, '$1\\u000a');
}

/**
 * What --grep finds in `lines` for `query`, through the byte scan: each line it hands on read from its bytes (`whole`
 * false) or parsed whole.
 */
async function found(lines: readonly string[], query: string, name: string, whole = false): Promise<unknown[]> {
	const pattern = contentPattern(query, {ignoreCase: false, fixed: false});
	if ('problem' in pattern) throw new Error(pattern.problem);
	const file = path.join(dir, `${name}.jsonl`);
	writeFileSync(file, `${lines.join('\n')}\n`);
	const matches: unknown[] = [];
	const linesThatMay = pattern.anchor === '' ? undefined : rawTextLines(pattern.anchor);
	await scanTraceFiles([{path: file}], {plan: anchorPlan(pattern.anchor)}, scanKernel(), candidate => {
		const text = candidate.bytes.toString('utf8', candidate.start, candidate.end);
		const matched = whole
			? contentMatches(text, pattern.regex)
			: lineBytesMatches(candidate, pattern.regex, linesThatMay);
		for (const match of matched) matches.push({traceLine: candidate.line, ...match});
		return true;
	});
	return matches;
}

describe('--grep on long lines read where the anchor is', () => {
	test('finds what parsing each line whole finds: texts of escapes, colours, tabs and backslashes', async () => {
		const query = fc.constantFrom(
			'a\\s+b',
			'function',
			'function',
			'fun',
			'func.*on',
			'tion\\b',
			'a b',
			'Function',
			'école',
			'ction$',
		);
		let run = 0;
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.tuple(fc.nat(3), text, fc.nat(2)), {minLength: 1, maxLength: 4}),
				query,
				async (drawn, source) => {
					const lines = drawn.map(([kind, raw, escaped]) => traceLine(kind, raw, escaped));
					expect(await found(lines, source, `run-${run}`)).toEqual(await found(lines, source, `whole-${run++}`, true));
				},
			),
			{numRuns: 300},
		);
	});

	it('numbers the lines of an output as the text has them, past escaped backslashes before an n', async () => {
		const raw = 'one\\\\nfunction two\nC:\\\\new\nthree function\n\nfunction';
		const lines = [traceLine(0, raw, 0)];
		const matches = (await found(lines, 'function', 'numbers')) as Array<{textLine: number; line: string}>;
		expect(matches.map(match => [match.textLine, match.line])).toEqual([
			[2, 'one\\\\nfunction two'],
			[4, 'three function'],
			[6, 'function'],
		]);
		expect(matches).toEqual(await found(lines, 'function', 'numbers-whole', true));
	});
});

test("a held text's lines with a hit, read from its bytes", () => {
	const bytes = Buffer.from('a\\nfun\\\\nb fun\\\\\\nc\\n\\nfun', 'latin1');
	const hits = (from: number): number => {
		const at = bytes.indexOf('fun', from, 'latin1');
		return at === -1 ? bytes.length : at;
	};
	const lines = heldLinesHolding(bytes, 0, bytes.length, hits).map(line => ({
		index: line.index,
		text: bytes.toString('latin1', line.from, line.to),
	}));
	// `\\n` is a backslash and an n (no line end); `\\\n` is a backslash, then a line end.
	expect(lines).toEqual([
		{index: 1, text: 'fun\\\\nb fun\\\\'},
		{index: 4, text: 'fun'},
	]);
});
