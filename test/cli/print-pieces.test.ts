// The built program fed a recorded session through a pipe in pieces, with pauses between
// them (one line at a time, or cut inside lines and inside UTF-8 characters), prints exactly
// what it prints from the whole file: the header with its tool count, the run_subagent call
// with the child session it started, the child in full.
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {child, makeRoot, parent, placeShard} from '../commands/data-root.js';
import {runCli, startCli, waitForExit} from '../helpers/run-cli.js';
import {fixtureBytes} from '../support/io-fixtures.js';

const parentFile = `${parent}_001.jsonl`;
let root: ReturnType<typeof makeRoot>;
let parentPath: string;

beforeAll(() => {
	// Parent and child in one folder of a data root, as the harness leaves them.
	root = makeRoot();
	parentPath = placeShard(parent, root.dateDir());
	placeShard(child, root.dateDir());
});
afterAll(() => root.remove());

/** Pieces of `bytes`: one per line, or cut at fixed steps that fall inside lines and characters. */
function piecesOf(bytes: Buffer, how: 'lines' | 'anywhere'): Buffer[] {
	const pieces: Buffer[] = [];
	if (how === 'lines') {
		let start = 0;
		for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, start)) {
			pieces.push(bytes.subarray(start, end + 1));
			start = end + 1;
		}
		if (start < bytes.length) pieces.push(bytes.subarray(start));
		return pieces;
	}
	// 997 bytes is prime: the cuts land in the middle of lines, JSON strings and multi-byte characters.
	for (let start = 0; start < bytes.length; start += 997) pieces.push(bytes.subarray(start, start + 997));
	return pieces;
}

/** Runs `--print -` (or `--json -`) and writes the pieces to its standard input, `gapMs` apart. */
async function piped(flag: '--print' | '--json', pieces: Buffer[], gapMs: number): Promise<string> {
	const program = startCli([flag, '-'], {PENGUIN_HOME: root.root});
	for (const piece of pieces) {
		program.stdin.write(piece);
		// The deliberate gap between two writes of the feeder: the program reads each piece alone.
		await new Promise(resolve => setTimeout(resolve, gapMs));
	}
	program.stdin.end();
	const result = await waitForExit(program, 20_000);
	expect(result.stderr).toBe('');
	expect(result.code).toBe(0);
	return result.stdout;
}

describe('a session piped in pieces prints what the whole file prints', () => {
	let whole: string;
	beforeAll(async () => {
		const result = await runCli(['--print', '--no-follow', parentPath], {env: {PENGUIN_HOME: root.root}});
		expect(result.code).toBe(0);
		whole = result.stdout;
	});

	it('the whole file has the header tool count, the child on the call line, and the child itself', () => {
		expect(whole).toMatch(/^══ session session-2026-12-02-14-43-17-a1f608ba .* · 10 tools$/m);
		expect(whole).toContain(`Delegate listing the workspace → ${child}`);
		expect(whole).toContain('│ [14:43:20] tool output exec_command (call_fb5b418eab35c924) done');
	});

	it('one line every 30 ms', async () => {
		expect(await piped('--print', piecesOf(fixtureBytes(parentFile), 'lines'), 30)).toBe(whole);
	});

	it('cut inside lines and characters, 20 ms apart', async () => {
		expect(await piped('--print', piecesOf(fixtureBytes(parentFile), 'anywhere'), 20)).toBe(whole);
	});

	it('--json: cut inside lines and characters, 20 ms apart, gives the JSON of the whole file', async () => {
		const file = await runCli(['--json', '--no-follow', parentPath], {env: {PENGUIN_HOME: root.root}});
		expect(file.stdout.split('\n').length).toBeGreaterThan(10);
		expect(await piped('--json', piecesOf(fixtureBytes(parentFile), 'anywhere'), 20)).toBe(file.stdout);
	});
});
