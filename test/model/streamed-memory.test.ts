// What a long stream leaves on the heap: a streamed message's memory follows its text, not the deltas it came in.
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
	await build({entryPoints: [path.join(import.meta.dirname, '..', 'support', 'delta-flood.ts')], bundle: true, platform: 'node', format: 'esm', outfile: script, logLevel: 'silent'});
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** A million one-word deltas in messages of 2,000, in a node of its own: what stays after a full collection. */
function flood(ending: 'complete' | 'fragments', holding: 'memory' | 'held'): {items: number; chars: number; retained: number} {
	const run = spawnSync(process.execPath, ['--expose-gc', script, '1000000', '2000', ending, holding], {encoding: 'utf8', timeout: 120_000});
	expect(run.stderr).toBe('');
	return JSON.parse(run.stdout) as {items: number; chars: number; retained: number};
}

describe('a million streamed deltas, in messages of 2,000', () => {
	// The texts are ASCII: a character is a byte in V8's strings.
	it.each(['complete', 'fragments'] as const)('keeps at most three times the text in memory (answers ending: %s)', ending => {
		const {items, chars, retained} = flood(ending, 'memory');
		expect(items).toBe(500);
		expect(chars).toBeGreaterThan(5_000_000);
		expect(retained).toBeLessThanOrEqual(3 * chars);
	}, 180_000);

	it.each(['complete', 'fragments'] as const)('keeps next to nothing when long texts are held on disk (answers ending: %s)', ending => {
		const {items, chars, retained} = flood(ending, 'held');
		expect(items).toBe(500);
		// 500 items and their references: what stays does not grow with the text.
		expect(retained).toBeLessThan(chars / 20);
	}, 180_000);
});
