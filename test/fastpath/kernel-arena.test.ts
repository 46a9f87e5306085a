// Print mode's blocks stay in the kernel's memory until they are printed (the arena): however
// many are cut before they are printed, in whatever order they are printed, whichever wait
// while the arena starts again or the memory grows, each prints what the usual way prints.
import fc from 'fast-check';
import {expect, test} from 'vitest';
import type {FinalizedEntry} from '../../source/model/session-model.js';
import {PrerenderedOutputs} from '../../source/fastpath/prerendered-outputs.js';
import {PlainRenderer} from '../../source/render/plain.js';
import {outputEntry, printedBytes} from '../helpers/print-entry.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';

const printed = (renderer: PlainRenderer, entry: FinalizedEntry): string =>
	printedBytes(renderer, entry).toString('utf8');

const line = (output: string): Buffer =>
	Buffer.from(
		`{"timestamp":"2026-12-02T10:00:00.000Z","type":"model_msg","payload":{"type":"tool_call_output",` +
			`"role":"user","output":${JSON.stringify(output)},"tool_call_id":"c1","stop_reason":"completed"}}`,
	);

const usual = (output: string): string => printed(new PlainRenderer({color: false}), outputEntry(output));

/**
 * Cuts and prints outputs in the order `steps` says: a number cuts that output, `take` prints the held one `index`
 * picks.
 */
function run(
	prerendered: PrerenderedOutputs,
	outputs: readonly string[],
	steps: readonly ({cut: number} | {take: number})[],
) {
	const renderer = new PlainRenderer({color: false, prerendered});
	const held: {token: string; output: string}[] = [];
	const results: {got: string; want: string}[] = [];
	let taken = 0;
	const take = (index: number) => {
		const [{token, output}] = held.splice(index % held.length, 1) as [{token: string; output: string}];
		results.push({got: printed(renderer, outputEntry(token)), want: usual(output)});
	};
	for (const step of steps) {
		if ('cut' in step) {
			const output = outputs[step.cut % outputs.length]!;
			const cut = prerendered.cut(line(output));
			// One the kernel refuses (a tab after a character beyond ASCII) is printed the usual way.
			held.push({
				token: cut === undefined ? output : (cut.value as {payload: {output: string}}).payload.output,
				output,
			});
			if (cut !== undefined) taken++;
		} else if (held.length > 0) take(step.take);
	}
	while (held.length > 0) take(0);
	return Object.assign(results, {taken});
}

const text = fc
	.array(
		fc.constantFrom('a', 'word ', 'x'.repeat(300), '\n', '"', '\\', 'é', '日本', '🐧', '\t', '\r\n', '[exit code: 2]'),
		{minLength: 1, maxLength: 60},
	)
	.map(parts => `${'y'.repeat(2100)}${parts.join('')}`);

test('for any outputs, cut and printed in any order, each block prints what the usual way prints', () => {
	let taken = 0;
	fc.assert(
		fc.property(
			fc.array(text, {minLength: 1, maxLength: 6}),
			fc.array(
				fc.oneof(
					fc.nat().map(cut => ({cut})),
					fc.nat().map(take => ({take})),
				),
				{minLength: 1, maxLength: 30},
			),
			// A small arena starts again often: blocks that still wait are copied out first.
			fc.constantFrom(16 * 1024, 64 * 1024, 8 * 1024 * 1024),
			(outputs, steps, arenaBytes) => {
				const results = run(new PrerenderedOutputs({kernel: jsonBlockKernel(), arenaBytes}), outputs, steps);
				for (const {got, want} of results) expect(got).toBe(want);
				taken += results.taken;
			},
		),
		{numRuns: 150},
	);
	expect(taken).toBeGreaterThan(300);
});

test('blocks waiting while the arena starts again many times over are printed intact', () => {
	const outputs = Array.from({length: 50}, (_, i) => `${String(i).repeat(3000)}\n${'row\tof a file\n'.repeat(50 + i)}`);
	// Every block cut first and printed last, past an arena of 32 KiB: each start copies them out.
	const steps = [...outputs.map((_, i) => ({cut: i})), ...outputs.map(() => ({take: 0}))];
	const results = run(new PrerenderedOutputs({kernel: jsonBlockKernel(), arenaBytes: 32 * 1024}), outputs, steps);
	expect(results).toHaveLength(50);
	expect(results.taken).toBe(50);
	for (const {got, want} of results) expect(got).toBe(want);
});

test('blocks waiting when the kernel memory grows (a larger output) are printed intact', () => {
	const small = ['a'.repeat(2500), `${'b'.repeat(2500)}\nsecond line`, 'c\td'.repeat(900)];
	// Held while a 3 MB output makes the memory grow past the arena's 64 KiB.
	const big = 'a large output line\n'.repeat(150_000);
	// A kernel of its own, its memory as small as it starts.
	const results = run(
		new PrerenderedOutputs({kernel: jsonBlockKernel(), arenaBytes: 64 * 1024}),
		[...small, big],
		[{cut: 0}, {cut: 1}, {cut: 2}, {cut: 3}, {take: 3}, {take: 0}, {take: 0}, {take: 0}],
	);
	expect(results.taken).toBe(4);
	expect(results.map(result => result.want.length)).toEqual(results.map(result => result.got.length));
	for (const {got, want} of results) expect(got).toBe(want);
});

test("two runs' blocks wait in memory of their own: one run's cut never writes over another's waiting block", () => {
	const outputs = ['first run\n'.repeat(400), 'second run\t!\n'.repeat(400)];
	const one = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	const two = new PrerenderedOutputs({kernel: jsonBlockKernel()});
	// Each run's arena starts at the start of its kernel's memory.
	const first = one.cut(line(outputs[0]!))!;
	const second = two.cut(line(outputs[1]!))!;
	const renderer = new PlainRenderer({color: false, prerendered: one});
	expect(printed(renderer, outputEntry((first.value as {payload: {output: string}}).payload.output))).toBe(
		usual(outputs[0]!),
	);
	const other = new PlainRenderer({color: false, prerendered: two});
	expect(printed(other, outputEntry((second.value as {payload: {output: string}}).payload.output))).toBe(
		usual(outputs[1]!),
	);
});
