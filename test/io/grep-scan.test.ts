// The byte search across sessions hands on every line that may match once its escapes are read and it is sanitized,
// and leaves the lines whose only changes cannot make the anchor (colours that split nothing, é written `\u00e9`).
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {anchorPlan, scanKernel, scanTraceFiles} from '../../source/io/grep-scan.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const dir = makeTempDir('penguin-view-grep-scan-');
afterAll(() => removeTempDir(dir));

const output = (text: string): string =>
	`{"type":"model_msg","payload":{"type":"tool_call_output","output":"${text}","tool_call_id":"c"}}`;
const call = (args: string): string =>
	`{"type":"model_msg","payload":{"type":"function_call","name":"shell","arguments":"${args}"}}`;

/** The lines (1-based) of a trace of `lines` handed on for `anchor`. */
async function handedOn(anchor: string, lines: readonly string[]): Promise<number[]> {
	const file = path.join(dir, `${anchor.length}-${lines.length}.jsonl`);
	writeFileSync(file, `${lines.join('\n')}\n`);
	const seen: number[] = [];
	const result = await scanTraceFiles([{path: file}], {plan: anchorPlan(anchor)}, scanKernel(), line => {
		seen.push(line.line);
		return true;
	});
	expect(result.error).toBeUndefined();
	return seen;
}

describe('the candidate lines of a search across sessions', () => {
	it("hands on a line whose anchor a colour splits, in an output or in a call's arguments", async () => {
		const lines = [
			output('qua\\u001b[31mgga\\u001b[0m-migration'),
			call('{\\"cmd\\":\\"echo qu\\\\u001b[1mag\\\\u001b[0mga\\"}'),
			output('\\u001b[32mok\\u001b[0m nothing here'),
			output('caf\\u00e9 and na\\u00efve \\u2014 no quagga'.replace('quagga', 'quag ga')),
		];
		expect(await handedOn('quagga', lines)).toEqual([1, 2]);
	});

	it('hands on a line where an escaped letter, a carriage return or a backspace may make the anchor', async () => {
		const lines = [
			output('\\u0071uagga'),
			output('quag\\rquagga'.replace('quagga', 'gga')),
			output('quagx\\bga'),
			output('C:\\\\bin\\\\quag and ga'),
			output('line\\r\\nquag ga'),
		];
		expect(await handedOn('quagga', lines)).toEqual([1, 2, 3]);
	});

	it("hands on a tab that may make an anchor's space", async () => {
		expect(await handedOn('quag ga', [output('quag\\tga'), output('quag-ga')])).toEqual([1]);
		// With a colour splitting the word, and a tab where the space is.
		const split = [
			output('qu\\u001b[1mag\\u001b[0m\\tga'),
			output('qu\\u001b[1mag\\u001b[0m-ga'),
			output('\\tquag\\u001b[1m'),
		];
		// (the third holds the word and a tab: it is handed on for the tab alone)
		expect(await handedOn('quag ga', split)).toEqual([1, 3]);
	});
});
