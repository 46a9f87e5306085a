// What a long stream leaves on the heap: a streamed message's memory (and the rows the screen laid out) follows its
// text, not the deltas it came in.
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {build} from 'esbuild';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';

let dir: string;
let script: string;

beforeAll(async () => {
	dir = mkdtempSync(path.join(tmpdir(), 'penguin-view-flood-'));
	script = path.join(dir, 'delta-flood.mjs');
	await build({
		entryPoints: [path.join(import.meta.dirname, '..', 'support', 'delta-flood.ts')],
		bundle: true,
		platform: 'node',
		format: 'esm',
		outfile: script,
		logLevel: 'silent',
	});
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** One-word deltas in messages of 2,000, in a node of its own: what stays after a full collection. */
function flood(
	ending: 'complete' | 'fragments',
	holding: 'memory' | 'held',
	deltas = 1_000_000,
	drawn = false,
): {items: number; chars: number; retained: number} {
	const args = ['--expose-gc', script, String(deltas), '2000', ending, holding, ...(drawn ? ['drawn'] : [])];
	const run = spawnSync(process.execPath, args, {encoding: 'utf8', timeout: 170_000});
	expect(run.stderr).toBe('');
	return JSON.parse(run.stdout) as {items: number; chars: number; retained: number};
}

describe('a million streamed deltas, in messages of 2,000', () => {
	// The texts are ASCII: a character is a byte in V8's strings.
	it.each(['complete', 'fragments'] as const)(
		'keeps at most three times the text in memory (answers ending: %s)',
		ending => {
			const {items, chars, retained} = flood(ending, 'memory');
			expect(items).toBe(500);
			expect(chars).toBeGreaterThan(5_000_000);
			expect(retained).toBeLessThanOrEqual(3 * chars);
		},
		180_000,
	);

	it.each(['complete', 'fragments'] as const)(
		'keeps next to nothing when long texts are held on disk (answers ending: %s)',
		ending => {
			const {items, chars, retained} = flood(ending, 'held');
			expect(items).toBe(500);
			// What stays is the 500 items and their references (under a kilobyte each), not their
			// text (10 kB each).
			expect(chars / items).toBeGreaterThan(10_000);
			expect(retained).toBeLessThan(items * 1024);
		},
		180_000,
	);

	it('keeps what the screen laid out bounded while it follows the stream', () => {
		// A frame every 25 deltas lays out the answer that streams; twice the stream, the same rows kept.
		const shorter = flood('complete', 'memory', 150_000, true);
		const longer = flood('complete', 'memory', 300_000, true);
		expect(longer.items).toBe(150);
		expect(longer.retained - shorter.retained).toBeLessThanOrEqual(3 * (longer.chars - shorter.chars));
	}, 360_000);
});
