// Whatever a tool output holds, and whatever else its line carries (a screenshot makes a line
// long whatever its text), print mode prints its entry as the usual way does, cut or not.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import type {FinalizedEntry} from '../../source/model/session-model.js';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {PlainRenderer} from '../../source/render/plain.js';
import {outputEntry as entryOf, printedBytes} from '../helpers/print-entry.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const outputEntry = (output: string): FinalizedEntry => entryOf(output, 'read_file');
const printed = (renderer: PlainRenderer, entry: FinalizedEntry): string =>
	printedBytes(renderer, entry).toString('utf8');

/** The output's line, with `padding` bytes of another field after the output (as a screenshot's data would be). */
const line = (output: string, padding: number): Buffer =>
	Buffer.from(
		`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output",` +
			`"role":"user","output":${JSON.stringify(output)},"tool_call_id":"c1","note":` +
			`"${'p'.repeat(padding)}"}}`,
	);

/** The entry printed from the cut line (its token), or from the output itself when the line was not cut. */
function viaCut(output: string, padding: number, color: boolean): {text: string; cut: boolean} {
	const prerendered = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	if (!color) prerendered.stripColor = true;
	const cut = prerendered.cut(line(output, padding));
	const text = cut === undefined ? output : (cut.value as {payload: {output: string}}).payload.output;
	return {text: printed(new PlainRenderer({color, prerendered}), outputEntry(text)), cut: cut !== undefined};
}

const text = fc.oneof(
	fc.constant(''),
	fc
		.array(
			fc.constantFrom(
				'a',
				'word ',
				'     1\t',
				'\n',
				'\t',
				'"',
				'\\',
				'é',
				'日本',
				'🐧',
				'\r\n',
				'\r',
				'\u001b[31m',
				'\u001b[0m',
				'\u0007',
				'[exit code: 2]',
				'\n\n',
			),
			{maxLength: 80},
		)
		.map(parts => parts.join('')),
	fc.string({unit: 'binary', maxLength: 200}),
);

test('for any output text, short or long, on a line of any length, the entry prints as the usual way prints it', () => {
	let cut = 0;
	fc.assert(
		fc.property(text, fc.constantFrom(0, 500, 1200, 3000), fc.boolean(), (output, padding, color) => {
			const got = viaCut(output, padding, color);
			if (got.cut) cut++;
			expect(got.text).toBe(printed(new PlainRenderer({color}), outputEntry(output)));
		}),
		{numRuns: 400},
	);
	// Many lines are cut (about one in eight of the runs: the rest are short, hold a control the
	// kernel leaves to the usual way, or keep colours): the comparison is not only the usual way
	// against itself.
	expect(cut).toBeGreaterThan(10);
});

test('an empty output on a long line (beside a screenshot) prints "0 lines" and no block', () => {
	const got = viaCut('', 3000, false);
	expect(got.text).toBe('[00:00:03] tool output read_file (c1) done · 2.5 s · 0 lines\n');
});

// A short file's read_file output: a tab on every line, on a line of about 400 B.
const shortFile = Array.from({length: 10}, (_, i) => `${String(i + 1).padStart(6)}\tconst row${i} = ${i};`).join('\n');

test('an output with tabs on a line from 256 B is cut, plain text there is not; it prints the same either way', () => {
	const want = printed(new PlainRenderer({color: false}), outputEntry(shortFile));
	expect(line(shortFile, 0).length).toBeGreaterThan(256);
	expect(line(shortFile, 0).length).toBeLessThan(512);
	const small = viaCut(shortFile, 0, false);
	expect(small.cut).toBe(true);
	expect(small.text).toBe(want);
	// The same size without tabs, carriage returns or colours: the usual way is cheaper.
	const plain = shortFile.replaceAll('\t', ' ');
	expect(viaCut(plain, 0, false).cut).toBe(false);
	expect(viaCut(`${plain}\r\n`, 0, false).cut).toBe(true);
	expect(viaCut(`\u001b[32m${plain}\u001b[0m`, 0, false).cut).toBe(true);
});

test('plain text on a line from 512 B is cut, and prints as the usual way prints it', () => {
	const plain = Array.from({length: 20}, (_, i) => `line ${i} of a plain output`).join('\n');
	expect(line(plain, 0).length).toBeGreaterThan(512);
	expect(line(plain, 0).length).toBeLessThan(1024);
	const got = viaCut(plain, 0, false);
	expect(got.cut).toBe(true);
	expect(got.text).toBe(printed(new PlainRenderer({color: false}), outputEntry(plain)));
});

test('an output of 5 MB (a large build log) is cut too, and prints as the usual way prints it', () => {
	const log = Array.from(
		{length: 120_000},
		(_, i) => `${String(i + 1).padStart(6)}\tcompiling module ${i} — 日本語`,
	).join('\n');
	expect(Buffer.byteLength(log)).toBeGreaterThan(5_000_000);
	const got = viaCut(log, 0, false);
	expect(got.cut).toBe(true);
	expect(got.text).toBe(printed(new PlainRenderer({color: false}), outputEntry(log)));
});
