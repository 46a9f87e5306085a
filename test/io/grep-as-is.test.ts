// A pattern with no literal is looked for in a trace's bytes as written (model/written-as-is.ts): --grep parses only
// the lines whose bytes it matches once colours are out, and those sanitize or a call's arguments may make a match in.
// What it finds must be what parsing every line finds.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {afterAll, expect, test} from 'vitest';
import {scanKernel, scanTraceFiles, type LineFilter} from '../../source/io/grep-scan.js';
import {writtenAsIs} from '../../source/model/written-as-is.js';
import {contentMatches, lineBytesMatches} from '../../source/ui/reading/content-matches.js';
import {contentPattern} from '../../source/ui/reading/content-pattern.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const dir = makeTempDir('penguin-view-grep-as-is-');
afterAll(() => removeTempDir(dir));

const pieces = [
	'Abc123',
	'Ab',
	'c12',
	'3',
	'abc',
	'x',
	' ',
	'\t',
	'\n',
	'\r',
	'\r\n',
	'\u0008',
	'\u001b[31m',
	'\u001b[0m',
	'\u001b[2K',
	'é',
	'\u200e',
	':',
	',',
	'[',
	'"',
	'\\',
	'/',
	'\\u001b[0m',
	'e5',
	'0.',
	'LRM',
];
const text = fc.array(fc.constantFrom(...pieces), {maxLength: 24}).map(parts => parts.join(''));
// Values a call's arguments may hold that are not strings, written as a model may write them: read back, they are
// written otherwise (`1e5` as 100000, `[1, 2]` as [1,2]).
const values = ['1e5', '12345678901234567890', '0.0000001', '[1, 2]', '{"k": [3, 4e2]}', '1.50', '-0', 'true', '7'];

/** A trace line holding `raw` in one of the texts --grep reads; `escaped`: letters, é and `/` written as escapes. */
function traceLine(kind: number, raw: string, value: string, escaped: boolean): string {
	const payload = [
		{type: 'tool_call_output', role: 'user', output: raw, tool_call_id: 'c1'},
		{type: 'text', role: 'assistant', text: raw},
		{type: 'text', role: 'user', text: raw},
		{type: 'thinking', role: 'assistant', thinking: raw},
		{
			type: 'tool_call',
			role: 'assistant',
			name: 'write',
			arguments: `{"content": ${JSON.stringify(raw)}, "n":  ${value}}`,
			tool_call_id: 'c2',
		},
		{type: 'tool_call', role: 'assistant', name: 'Abc999', arguments: '{}', tool_call_id: 'c3'},
		// Pictures are not searched: their base64 is never looked through.
		{type: 'tool_call_output', role: 'user', output: raw, images: [`data:${raw}Abc999`, 'Xyz777'], tool_call_id: 'c4'},
		{type: 'inline_data', role: 'user', data: `Abc999${raw}`, mime_type: 'image/png'},
		{type: 'image_url', role: 'user', image_url: `data:image/png;base64,Abc999${raw}`},
	][kind % 9];
	const line = JSON.stringify({timestamp: '2026-12-02T10:00:00.000Z', type: 'model_msg', payload});
	if (!escaped) return line;
	return line.replace(/é/g, '\\u00e9').replace(/c12/g, '\\u0063\\u00312').replace(/\//g, '\\/');
}

/** What --grep finds in `lines` for `query`: through the bytes with `filter`, or parsing every line. */
async function found(lines: readonly string[], query: string, name: string, asIs: boolean): Promise<unknown[]> {
	const pattern = contentPattern(query, {ignoreCase: false, fixed: false});
	if ('problem' in pattern) throw new Error(pattern.problem);
	expect(pattern.anchor).toBe('');
	const file = path.join(dir, `${name}.jsonl`);
	writeFileSync(file, `${lines.join('\n')}\n`);
	const filter: LineFilter = asIs ? {asIs: writtenAsIs(pattern.regex)} : {};
	const matches: unknown[] = [];
	await scanTraceFiles([{path: file}], filter, scanKernel(), candidate => {
		const matched = asIs
			? lineBytesMatches(candidate, pattern.regex)
			: contentMatches(candidate.bytes.toString('utf8', candidate.start, candidate.end), pattern.regex);
		for (const match of matched) matches.push({traceLine: candidate.line, ...match});
		return true;
	});
	return matches;
}

const queries = [
	'[A-Z][a-z]+[0-9]{3}',
	'[a-z]{2}[0-9]{2}',
	'[0-9]{6}',
	'[0-9,]{3}',
	'[a-z][: ]+[0-9]',
	'[e+0-9]{4}',
	'[.0-9]{5}',
	'[a-z][ x]+[a-z]',
	'[0-9][a-z]',
	'[A-Z]{3}',
	'(?:bc|12)[0-9x]',
	'[m0-9;[]{3}',
	'[A-Z][a-z]\\d',
];

test('finds what parsing every line finds: colours, tabs, escapes, carriage returns and call arguments', async () => {
	expect(queries.every(query => writtenAsIs(new RegExp(query, 'g')) !== undefined)).toBe(true);
	let run = 0;
	await fc.assert(
		fc.asyncProperty(
			fc.array(fc.tuple(fc.nat(8), text, fc.constantFrom(...values), fc.boolean()), {minLength: 1, maxLength: 6}),
			fc.constantFrom(...queries),
			async (drawn, query) => {
				const lines = drawn.map(([kind, raw, value, escaped]) => traceLine(kind, raw, value, escaped));
				expect(await found(lines, query, `as-is-${run}`, true)).toEqual(
					await found(lines, query, `every-${run++}`, false),
				);
			},
		),
		{numRuns: 400},
	);
});

test('a line whose bytes cannot match, or match only in a picture, is not parsed', async () => {
	const pattern = contentPattern('[A-Z][a-z]+[0-9]{3}', {ignoreCase: false, fixed: false});
	if ('problem' in pattern) throw new Error(pattern.problem);
	const lines = [
		traceLine(0, 'nothing here', '7', false),
		traceLine(1, 'Abc123 here', '7', false),
		traceLine(6, 'nothing here', '7', false),
		traceLine(7, '', '7', false),
		traceLine(8, '', '7', false),
	];
	const file = path.join(dir, 'skipped.jsonl');
	writeFileSync(file, `${lines.join('\n')}\n`);
	const handed: number[] = [];
	await scanTraceFiles([{path: file}], {asIs: writtenAsIs(pattern.regex)}, scanKernel(), candidate => {
		handed.push(candidate.line);
		return true;
	});
	expect(handed).toEqual([2]);
});

test.each([
	['a tab made spaces', traceLine(0, 'abc\t123', '7', false), '[a-z][ ;]+[0-9]', 'abc     123'],
	[
		'a colour in a call argument',
		traceLine(4, 'Ab\u001b[0mc123', '7', false),
		'[A-Z][a-z]+[0-9]{3}',
		'content: Abc123',
	],
	['a number with an exponent', traceLine(4, '', '1e5', false), '[0-9]{6}', 'n: 100000'],
	['a number below a millionth', traceLine(4, '', '0.0000001', false), '[a-z][+-][0-9]', 'n: 1e-7'],
	['an argument without its spaces', traceLine(4, '', '[1, 2]', false), '[0-9][,]+[0-9]', 'n: [1,2]'],
])('finds a match the bytes do not hold as written: %s', async (_, line, query, shown) => {
	const matches = (await found([line], query, `made-${_.replace(/ /g, '-')}`, true)) as Array<{line: string}>;
	expect(matches.map(match => match.line)).toEqual([shown]);
});
