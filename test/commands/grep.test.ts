// --grep: every session of a data root of recorded sessions searched as grep (kinds of text, escapes, subagents, gzip),
// its options, its exit codes and an unreadable session, through the built program.
import {gzipSync} from 'node:zlib';
import {readFileSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {runCli} from '../helpers/run-cli.js';
import {fixtureBytes} from '../support/io-fixtures.js';
import {makeRoot, parent, child, tools, placeShard} from './data-root.js';

const thinker = 'session-2026-12-02-14-43-08-07326dfd';
/** The thinker's session as a writer that escapes every character beyond ASCII writes it (`\u00e9` for é). */
const escaped = 'session-2026-12-03-09-00-00-e5ca9ed0';
/** The rotated session's first shard, gzipped. */
const zipped = 'session-2026-12-02-14-45-42-8e7b556c';

const data = makeRoot();
const folder = data.dateDir();
placeShard(tools, folder);
placeShard(parent, folder);
placeShard(child, folder);
placeShard(thinker, data.dateDir('proj-b', 'helper'));
const laterFolder = data.dateDir('proj-b', 'helper', '2026-12-03');
mkdirSync(laterFolder, {recursive: true});
const thinkerLines = fixtureBytes(`${thinker}_001.jsonl`).toString('utf8').trimEnd().split('\n');
const asAscii = (line: string): string =>
	line.replace(/[^\x00-\x7f]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const quoted = {
	timestamp: '2026-12-03T09:00:05.000Z',
	type: 'model_msg',
	payload: {type: 'text', role: 'user', text: 'Then print "penguin done"\nand stop at 5 °C.'},
};
writeFileSync(
	path.join(laterFolder, `${escaped}_001.jsonl`),
	`${[...thinkerLines, JSON.stringify(quoted)].map(line => asAscii(line.replaceAll(thinker, escaped))).join('\n')}\n`,
);
const zippedFile = path.join(folder, `${zipped}_001.jsonl.gz`);
writeFileSync(zippedFile, gzipSync(fixtureBytes(`${zipped}_001.jsonl`)));
// Its second shard stays plain: rotated, the session is one gzip file and one plain file.
writeFileSync(path.join(folder, `${zipped}_002.jsonl`), fixtureBytes(`${zipped}_002.jsonl`));
const env = {PENGUIN_HOME: data.root};
afterAll(() => data.remove());

const grep = (...args: string[]) => runCli(['--grep', ...args], {env});
const ids = (stdout: string) =>
	stdout
		.trimEnd()
		.split('\n')
		.filter(Boolean)
		.map(line => line.split(/\s+/)[0]);

describe('--grep over a data root', () => {
	it('finds a match in an output, a command, thinking, a subagent: a grep line each, newest first', async () => {
		const output = await grep('slow-done');
		expect(output.code).toBe(0);
		expect(output.stdout).toMatch(/^694155ee {2}\d\d:\d\d:\d\d {2}output {5}slow-done$/m);
		const command = await grep('ls -la');
		expect(command.stdout).toMatch(/^694155ee {2}14:43:\d\d {2}call {7}cmd: ls -la$/m);
		const thinking = await grep('append-only JSONL log');
		expect(thinking.stdout).toMatch(/^07326dfd {2}\d\d:\d\d:\d\d {2}thinking {3}.*append-only JSONL log/m);
		const sub = await grep('hello-from-child');
		expect(ids(sub.stdout)).toContain('1fcdf9f5');
		const everywhere = await grep('fake');
		const order = [...new Set(ids(everywhere.stdout))];
		// Newest first: the 2026-12-03 session, then the 12-02 ones by their start.
		expect(order[0]).toBe('e5ca9ed0');
		expect(order).toEqual([...order].sort((a, b) => startOf(b) - startOf(a)));
	});

	it('matches escaped text as the characters it stands for: \\u00e9, \\" and \\n', async () => {
		const accent = await grep('naïve café');
		expect(ids(accent.stdout)).toEqual(expect.arrayContaining(['07326dfd', 'e5ca9ed0']));
		const quote = await grep('print "penguin done"');
		expect(quote.stdout).toContain('e5ca9ed0');
		// A newline in the text starts a line: `^and` finds the second line.
		const line = await grep('^and stop at 5 °C');
		expect(line.stdout).toMatch(/e5ca9ed0 .* user {7}and stop at 5 °C\.$/m);
	});

	it('searches a gzip trace', async () => {
		const found = await grep('What is a trace file');
		expect(ids(found.stdout)).toContain('8e7b556c');
	});

	it('is smart-case; -i ignores case; --fixed-strings takes the pattern as it is', async () => {
		expect((await grep('SLOW-DONE')).code).toBe(1);
		expect((await grep('slow-DONE', '-i')).stdout).toContain('slow-done');
		expect((await grep('seq 1 30.')).stdout).toContain('seq 1 300');
		expect((await grep('seq 1 30.', '--fixed-strings')).code).toBe(1);
		expect((await grep('[fake:chat]', '-F')).stdout).toContain('8e7b556c');
	});

	it('-l names each matching session, -c counts its matching lines', async () => {
		const files = await grep('seq 1 300', '-l');
		expect(files.stdout.trimEnd().split('\n')).toEqual([zipped, tools]);
		const counts = await grep('seq 1 300', '-c');
		// The rotated session once: 3 lines in its gzip shard, 1 in its plain one.
		expect(counts.stdout.trimEnd().split('\n')).toEqual([`${zipped}:4`, `${tools}:2`]);
	});

	it('--json gives the full id, the item, the line within it and how to open it', async () => {
		const json = await grep('slow-done', '--json');
		const records = json.stdout
			.trimEnd()
			.split('\n')
			.map(line => JSON.parse(line) as Record<string, unknown>);
		const record = records.find(r => r['sessionId'] === tools && r['kind'] === 'output')!;
		expect(record).toMatchObject({kind: 'output', textLine: 1, text: 'slow-done', ranges: [[0, 9]]});
		expect(record['item']).toMatch(/^1:\d+$/);
		expect(record['open']).toBe(`penguin-view ${tools} +/slow-done`);
	});

	it('--since and --until keep the sessions started within them, by the dates the ids write', async () => {
		const late = await grep('fake', '-l', '--since', '2026-12-03');
		expect(late.stdout.trimEnd().split('\n')).toEqual([escaped]);
		const early = await grep('fake', '-l', '--until', '2026-12-02 14:43:10');
		expect(early.stdout.trimEnd().split('\n')).toEqual([thinker]);
		expect((await grep('fake', '--since', 'yesterday')).code).toBe(2);
	});

	it('colours the match with --color=always, not in a pipe', async () => {
		expect((await grep('slow-done', '--color=always')).stdout).toContain('\u001B[31mslow-done');
		expect((await grep('slow-done')).stdout).not.toContain('\u001B[');
	});

	it('exits 1 when nothing matched, 2 with an unreadable session named on stderr, the rest still written', async () => {
		expect((await grep('no such words anywhere')).code).toBe(1);
		const broken = path.join(folder, 'session-2026-12-02-15-00-00-deadbeef_001.jsonl.gz');
		const whole = gzipSync(readFileSync(path.join(folder, `${tools}_001.jsonl`)));
		writeFileSync(broken, whole.subarray(0, whole.length >> 1));
		try {
			const found = await grep('slow-done');
			expect(found.code).toBe(2);
			expect(found.stderr).toMatch(/deadbeef_001\.jsonl\.gz: .*cut short/);
			expect(found.stderr.trimEnd().split('\n')).toHaveLength(1);
			expect(found.stdout).toContain('694155ee');
			const missing = await grep('slow-done', path.join(data.root, 'nowhere'), folder);
			expect(missing.code).toBe(2);
			expect(missing.stderr).toContain('nowhere: no such file or directory');
		} finally {
			const {rmSync} = await import('node:fs');
			rmSync(broken);
		}
	});

	it('in worker threads writes what one thread writes, in its order; a broken session still named', async () => {
		const threads = (count: string, ...args: string[]) =>
			runCli(['--grep', ...args], {env: {...env, PENGUIN_VIEW_GREP_THREADS: count}});
		for (const args of [['fake'], ['fake', '--json'], ['seq 1 300', '-c'], ['fake', '-l'], ['nowhere at all']]) {
			const one = await threads('1', ...args);
			const three = await threads('3', ...args);
			expect(three).toEqual(one);
		}
		expect(new Set(ids((await threads('3', 'fake')).stdout)).size).toBeGreaterThanOrEqual(3);
		const broken = path.join(folder, 'session-2026-12-02-15-00-00-deadbeef_001.jsonl.gz');
		const whole = gzipSync(readFileSync(path.join(folder, `${tools}_001.jsonl`)));
		writeFileSync(broken, whole.subarray(0, whole.length >> 1));
		try {
			const found = await threads('3', 'slow-done');
			expect(found.code).toBe(2);
			expect(found.stderr).toMatch(/deadbeef_001\.jsonl\.gz: .*cut short/);
			expect(found.stdout).toContain('694155ee');
		} finally {
			const {rmSync} = await import('node:fs');
			rmSync(broken);
		}
	});

	it('says a bad expression in one line, exit 2', async () => {
		const bad = await grep('(unclosed');
		expect(bad.code).toBe(2);
		expect(bad.stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(2);
		expect(bad.stderr).toContain('JavaScript regular expression');
	});
});

function startOf(short: string): number {
	const all = [tools, parent, child, thinker, escaped, zipped];
	const id = all.find(s => s.endsWith(short))!;
	return Number(id.replace(/\D/g, '').slice(0, 14));
}
