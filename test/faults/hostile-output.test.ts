// The built program on hostile traces (print mode with and without colour, --json, --export md/json/sts, --stats,
// --list, standard input, hostile file names): nothing but text, line feeds and plain SGR reaches stdout or stderr, and
// every record stays readable.
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {sanitize} from '../../source/render/sanitize.js';
import {runCli} from '../helpers/run-cli.js';
import {hostileSessionId, hostileTrace, terminalHazards, type HostileTrace} from '../support/fault-hostile.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

let dir = '';
let file = '';
let trace: HostileTrace;
const esc = '\u001b';

beforeAll(() => {
	dir = makeTempDir('penguin-view-hostile-');
	trace = hostileTrace();
	file = path.join(dir, `${hostileSessionId}_001.jsonl`);
	writeFileSync(file, trace.text);
});

afterAll(() => removeTempDir(dir));

/**
 * Fields whose every sample must be findable by its marker (or, when the sample rewrites its own line, by what a
 * terminal would show).
 */
function expectReadable(output: string, fields: readonly string[]): void {
	const unreadable: string[] = [];
	for (const place of trace.places) {
		if (!fields.includes(place.field)) continue;
		if (output.includes(place.marker)) continue;
		// A carriage return, backspace or column move in the sample overwrites the marker, as a terminal would.
		const shown = sanitize(`${place.marker}${place.sample.input}`);
		if (!shown.includes(place.marker) && shown.split('\n').every(line => output.includes(line.trim()))) continue;
		unreadable.push(`${place.field}: ${place.sample.name}`);
	}
	expect(unreadable).toEqual([]);
}

describe('print mode', () => {
	it('writes no control but LF, and every field of every sample is readable', async () => {
		const result = await runCli(['--print', '--no-follow', file]);
		expect(result.code).toBe(0);
		expect(terminalHazards(result.stdout, {sgrAllowed: false})).toEqual([]);
		expect(terminalHazards(result.stderr, {sgrAllowed: false})).toEqual([]);
		expectReadable(result.stdout, [
			'user text',
			'assistant text',
			'thinking',
			'tool name',
			'exec cmd',
			'raw arguments',
			'tool output',
			'request error',
			'approval',
			'compaction summary',
			'unknown event',
			'malformed line',
		]);
		// Arguments and unknown events are also shown as JSON, where an escape is inert text (`\u001b`); the header is not.
		expect(result.stdout).not.toContain('meta-title-pwned');
		expect(result.stdout).toContain(hostileSessionId);
	});

	it('with FORCE_COLOR=1 writes well-formed SGR and nothing else', async () => {
		const result = await runCli(['--print', '--no-follow', file], {env: {FORCE_COLOR: '1'}});
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`${esc}[`);
		expect(terminalHazards(result.stdout, {sgrAllowed: true})).toEqual([]);
		expectReadable(result.stdout.replace(/\u001b\[[0-9;:]*m/g, ''), [
			'user text',
			'assistant text',
			'tool output',
			'malformed line',
		]);
	});

	it('reads the same from standard input', async () => {
		const result = await runCli(['--print', '--no-follow', '-'], {input: trace.text});
		expect(result.code).toBe(0);
		expect(terminalHazards(result.stdout, {sgrAllowed: false})).toEqual([]);
		expectReadable(result.stdout, ['user text', 'tool output', 'malformed line']);
	});
});

describe('--json', () => {
	it('escapes every control and bidi character, and the values read back unchanged', async () => {
		const result = await runCli(['--json', '--no-follow', file]);
		expect(result.code).toBe(0);
		expect(terminalHazards(result.stdout, {sgrAllowed: false})).toEqual([]);
		const written = result.stdout
			.trim()
			.split('\n')
			.map(line => JSON.parse(line) as unknown);
		const messages = trace.lines
			.filter(line => line.startsWith('{"timestamp"'))
			.map(line => JSON.parse(line) as unknown);
		expect(written).toEqual(messages);
	});
});

describe('--export and --stats', () => {
	for (const format of ['md', 'json', 'sts', 'html'] as const) {
		it(`--export ${format} writes no control but LF`, async () => {
			const result = await runCli(['--export', format, file]);
			expect(result.code).toBe(0);
			expect(terminalHazards(result.stdout, {sgrAllowed: false})).toEqual([]);
			expect(terminalHazards(result.stderr, {sgrAllowed: false})).toEqual([]);
			if (format !== 'sts')
				expectReadable(result.stdout, ['user text', 'assistant text', 'thinking', 'tool output', 'malformed line']);
		});
	}

	it('--stats writes no control but LF', async () => {
		const result = await runCli(['--stats', file]);
		expect(result.code).toBe(0);
		expect(terminalHazards(result.stdout, {sgrAllowed: false})).toEqual([]);
	});
});

describe('--list', () => {
	it('lists a data root whose folder names, file names and heads are hostile, with no control but LF', async () => {
		const root = path.join(dir, 'root');
		const project = `proj${esc}]0;project-title${esc}\\`;
		const agent = `agent${esc}[2J\u009b31m`;
		const folder = path.join(root, project, 'agents', agent, 'traces', '2026-12-02');
		mkdirSync(folder, {recursive: true});
		const evilId = `session-2026-12-02-14-43-17-${esc}]52;c;ZXZpbA==\u0007x`;
		writeFileSync(path.join(folder, `${evilId}_001.jsonl`), trace.text);
		writeFileSync(path.join(folder, `${hostileSessionId}_001.jsonl`), trace.text);
		utimesSync(path.join(folder, `${evilId}_001.jsonl`), 1_000, 1_000);
		for (const json of [false, true]) {
			const result = await runCli(['--list', ...(json ? ['--json'] : [])], {env: {PENGUIN_HOME: root}});
			expect(result.code).toBe(0);
			expect(terminalHazards(result.stdout, {sgrAllowed: false})).toEqual([]);
			expect(terminalHazards(result.stderr, {sgrAllowed: false})).toEqual([]);
			expect(result.stdout).toContain(hostileSessionId);
			// The JSON keeps the names, escaped; the listing drops the OSC strings.
			if (!json) expect(result.stdout).not.toMatch(/ZXZpbA|project-title/);
		}
	});
});

describe('hostile paths', () => {
	it('a trace whose file name carries escapes is read, and its name is shown harmlessly', async () => {
		const evil = path.join(dir, `session-${esc}]0;file-title${esc}\\${esc}[2J-x_001.jsonl`);
		writeFileSync(evil, trace.lines.slice(0, 40).join('\n'));
		const result = await runCli(['--print', '--no-follow', evil]);
		expect(result.code).toBe(0);
		expect(terminalHazards(result.stdout + result.stderr, {sgrAllowed: false})).toEqual([]);
		expect(result.stdout + result.stderr).not.toContain('file-title');
	});

	it('errors that name a hostile path are one harmless line on stderr', async () => {
		for (const args of [
			[path.join(dir, `missing${esc}]0;gone-title\u0007${esc}[2J_001.jsonl`)],
			[path.join(dir, `not-a-trace${esc}[?1049h.txt`)],
			['--expand', `everything${esc}]52;c;cGF5bG9hZA==\u0007`, file],
			[`a${esc}[2J`, `b${esc}]0;t\u0007`],
		]) {
			if (args[0]!.includes('not-a-trace')) writeFileSync(args[0]!, 'x\n');
			const result = await runCli(['--print', '--no-follow', ...args]);
			expect(result.code === 1 || result.code === 2, result.stderr).toBe(true);
			expect(terminalHazards(result.stderr, {sgrAllowed: false}), result.stderr).toEqual([]);
			expect(result.stderr).not.toMatch(/gone-title|cGF5bG9hZA/);
		}
	});
});
