// Print mode on data unlike the bench's own (bench/generate-trace.mjs --mix: small, log-uniform and huge outputs,
// thinking with signatures, code in arguments, shell output, summaries), random seeds: what it prints is what the
// reference path prints (every print optimisation switched off).
import {spawnSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import fc from 'fast-check';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';
import {runCli} from '../helpers/run-cli.js';

const generator = fileURLToPath(new URL('../../bench/generate-trace.mjs', import.meta.url));
const mixes = ['small', 'loguniform', 'huge', 'thinking', 'code', 'shell', 'summary'];
// The reference path: print mode without its kernel (every output read the usual way).
const reference = {PENGUIN_VIEW_KERNEL: '0'};

let dir: string;
beforeEach(() => {
	dir = makeTempDir('penguin-view-mixes-');
});
afterEach(() => removeTempDir(dir));

test.each(mixes)(
	'print on the %s mix prints what the reference path prints, in colour and without',
	async mix => {
		await fc.assert(
			fc.asyncProperty(fc.integer({min: 1, max: 2 ** 30}), fc.boolean(), async (seed, color) => {
				const out = path.join(dir, `${mix}-${seed}`);
				// The huge mix needs a few MB to hold one huge output now and then; the others are alike at any size.
				const made = spawnSync(
					process.execPath,
					[generator, out, mix === 'huge' ? '6' : '0.4', '--mix', mix, '--seed', String(seed)],
					{encoding: 'utf8'},
				);
				expect(made.status).toBe(0);
				const file = path.join(
					out,
					readdirSync(out)
						.filter(name => name.endsWith('.jsonl'))
						.sort()[0]!,
				);
				const args = ['--print', '--no-follow', file];
				const colour = color ? {FORCE_COLOR: '1'} : {};
				const fast = await runCli(args, {env: colour, timeoutMs: 60_000});
				const usual = await runCli(args, {env: {...reference, ...colour}, timeoutMs: 60_000});
				expect(fast.code).toBe(0);
				expect(fast.stdout.length).toBeGreaterThan(1000);
				expect(fast.stdout).toBe(usual.stdout);
			}),
			{numRuns: 2},
		);
	},
	240_000,
);

test("the generator's huge mix holds outputs of a megabyte and more, whatever the seed", () => {
	for (const seed of [42, 7, 123_456]) {
		const out = path.join(dir, `huge-${seed}`);
		expect(
			spawnSync(process.execPath, [generator, out, '6', '--mix', 'huge', '--seed', String(seed)], {encoding: 'utf8'})
				.status,
		).toBe(0);
		const file = path.join(
			out,
			readdirSync(out)
				.filter(name => name.endsWith('.jsonl'))
				.sort()[0]!,
		);
		const longest = Math.max(
			...readFileSync(file, 'utf8')
				.split('\n')
				.map(line => line.length),
		);
		expect(longest).toBeGreaterThan(1 << 20);
	}
}, 60_000);

test("the generator's file calls take upstream's arguments (file_path): print reads them as a real " +
	"session's, with their line counts", async () => {
	const counted: Record<string, RegExp> = {
		edit_file: / src\/\S+\.go \+\d+ −\d+$/,
		write_file: / src\/\S+\.go · \d+ lines$/,
		read_file: / src\/\S+\.go:1-2000$/,
	};
	const seen = new Set<string>();
	for (const shape of [['--mix', 'code'], ['--real']]) {
		const out = path.join(dir, shape.join(''));
		expect(spawnSync(process.execPath, [generator, out, '0.3', ...shape], {encoding: 'utf8'}).status).toBe(0);
		const file = path.join(
			out,
			readdirSync(out)
				.filter(name => name.endsWith('.jsonl'))
				.sort()[0]!,
		);
		const printed = await runCli(['--print', '--no-follow', file], {timeoutMs: 60_000});
		for (const line of printed.stdout.split('\n')) {
			const call = / tool call (\w+) \(/.exec(line)?.[1];
			if (call === undefined || !(call in counted)) continue;
			seen.add(call);
			expect(line).toMatch(counted[call]!);
		}
	}
	expect([...seen].sort()).toEqual(['edit_file', 'read_file', 'write_file']);
}, 120_000);
