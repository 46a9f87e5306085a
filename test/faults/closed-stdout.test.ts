// The reader of stdout goes away early (`penguin-view … | head -1`) in every mode that writes a lot: the built program
// exits 0 at once, quietly, with no EPIPE and no stack.
import {spawn} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, expect, it} from 'vitest';
import {cliPath} from '../helpers/run-cli.js';
import {faultSessionId, metaLine, toolOutputs} from '../support/fault-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

let dir = '';
let trace = '';
let root = '';

beforeAll(() => {
	dir = makeTempDir('penguin-view-closed-stdout-');
	trace = path.join(dir, `${faultSessionId}_001.jsonl`);
	// About 2 MB of output in every mode: far more than a pipe holds.
	writeFileSync(trace, `${metaLine()}\n${toolOutputs(0, 2000, 1000)}`);
	root = path.join(dir, 'root');
	const folder = path.join(root, 'proj', 'agents', 'main', 'traces', '2026-12-02');
	mkdirSync(folder, {recursive: true});
	// The project's config, as the harness writes one.
	writeFileSync(
		path.join(root, 'proj', '.project_config.toml'),
		'[[models]]\nprovider = "custom"\nmodel_id = "fake-model"\n',
	);
	for (let n = 0; n < 1500; n++) {
		const id = `session-2026-12-02-14-43-17-${n.toString(16).padStart(8, '0')}`;
		writeFileSync(path.join(folder, `${id}_001.jsonl`), `${metaLine(id)}\n`);
	}
});

afterAll(() => removeTempDir(dir));

/** Runs the program, reads its first chunk of stdout, closes the pipe, and waits for the exit. */
async function readOneChunk(args: string[]): Promise<{code: number | null; first: string; stderr: string}> {
	const child = spawn(process.execPath, [cliPath, ...args], {env: {...process.env, PENGUIN_HOME: root, CI: 'false'}});
	let stderr = '';
	child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
	const first = await new Promise<string>((resolve, reject) => {
		child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8')));
		child.once('close', exit => reject(new Error(`exited (${exit}) before writing anything: ${stderr}`)));
	});
	child.stdout.destroy();
	const code = await new Promise<number | null>((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`still running after its stdout closed: ${args.join(' ')}`));
		}, 10_000);
		child.on('close', exit => {
			clearTimeout(timer);
			resolve(exit);
		});
	});
	return {code, first, stderr};
}

const modes: Array<[string, () => string[]]> = [
	['--print, following', () => ['--print', '-f', trace]],
	['--print --no-follow', () => ['--print', '--no-follow', trace]],
	['--json', () => ['--json', '--no-follow', trace]],
	['--export md', () => ['--export', 'md', trace]],
	['--export json', () => ['--export', 'json', trace]],
	['--list', () => ['--list']],
	['--list --json', () => ['--list', '--json']],
];

for (const [name, args] of modes) {
	it(name, async () => {
		const result = await readOneChunk(args());
		expect(result.first.length).toBeGreaterThan(0);
		expect(result.stderr).toBe('');
		expect(result.code).toBe(0);
	});
}
