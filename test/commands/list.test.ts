// --list and --list --json (JSON Lines): newest first, the picker's rows on a terminal at any width and whole fields in
// a pipe, live marker, header fields and first prompt from the head only, torn or garbage heads still listed.
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {alignedLines, listCommand} from '../../source/commands/list.js';
import {layoutOf, type ListEntry} from '../../source/io/session-entries.js';
import {readTraceHead} from '../../source/io/trace-head.js';
import {relativeTime} from '../../source/render/format.js';
import {makeRoot, placeShard, rotated, tools, child} from './data-root.js';

// Five seconds after the rotated session's newest message: the ages below are the files' (set older) or the messages'.
const now = Date.parse('2026-12-02T14:46:17Z');
const torn = 'session-2026-12-02-15-00-00-0badbead';
const garbage = 'session-2026-12-02-15-10-00-deadbeef';

let fixture: ReturnType<typeof makeRoot>;

/** The sessions of `--list --json`, one JSON object a line. */
function jsonLines(stdout: string): ListEntry[] {
	return stdout
		.split('\n')
		.filter(Boolean)
		.map(line => JSON.parse(line) as ListEntry);
}

function touch(file: string, ms: number): void {
	utimesSync(file, ms / 1000, ms / 1000);
}

beforeEach(() => {
	fixture = makeRoot();
	const main = fixture.dateDir();
	const other = fixture.dateDir('proj-b', 'helper', '2026-12-01');
	placeShard(tools, main, 1, now - 3 * 3_600_000);
	placeShard(child, other, 1, now - 2 * 86_400_000);
	placeShard(rotated, main, 1, now - 600_000);
	// The newest shard was written 5 s ago: live.
	placeShard(rotated, main, 2, now - 5_000);
	// A crash left half a line and some binary junk before the first real record.
	const tornFile = path.join(main, `${torn}_001.jsonl`);
	writeFileSync(
		tornFile,
		'{"timestamp":"2026-12-02T15:00:00.000Z","type":"session_me\n\u0000\u0001\u00ffgarbage\n' +
			'{"timestamp":"2026-12-02T15:00:01.000Z","type":"model_msg","payload":{"type":"text","role":"user",' +
			'"text":"survived the tear"}}\n',
	);
	touch(tornFile, now - 30 * 60_000);
	// Nothing readable at all, not even a newline.
	const garbageFile = path.join(main, `${garbage}_001.jsonl`);
	writeFileSync(garbageFile, Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x7b, 0x7b]));
	touch(garbageFile, now - 40 * 60_000);
});

afterEach(() => fixture.remove());

describe('listCommand --json', () => {
	it('lists every session, most recently active first, with header, sizes and the first prompt', async () => {
		const result = await listCommand({dataRoot: fixture.root, json: true, now});
		expect(result.exitCode).toBe(0);
		expect(result.stderr).toBe('');
		const entries = jsonLines(result.stdout);
		expect(entries.map(entry => entry.sessionId)).toEqual([rotated, torn, garbage, tools, child]);
		const [first] = entries;
		expect(first).toMatchObject({
			project: 'proj-a',
			agent: 'main',
			shardCount: 2,
			live: true,
			provider: 'custom',
			model: 'fake-model',
			startedAt: '2026-12-02T14:45:42.274Z',
			lastActivityAt: new Date(now - 5_000).toISOString(),
			lastMessageAt: '2026-12-02T14:46:11.916Z',
			idleMs: 5_084,
			firstPrompt: '[fake:chat] What is a trace file?',
		});
		expect(first.size).toBeGreaterThan(50_000);
		expect(entries.filter(entry => entry.live).map(entry => entry.sessionId)).toEqual([rotated]);
		const childEntry = entries.find(entry => entry.sessionId === child)!;
		expect(childEntry).toMatchObject({project: 'proj-b', agent: 'helper', source: 'subagent', shardCount: 1});
		expect(childEntry.firstPrompt).toMatch(/^Caller agent: default_agent\./);
	});

	it('still lists a session whose head is torn or garbage', async () => {
		const entries = jsonLines((await listCommand({dataRoot: fixture.root, json: true, now})).stdout);
		const tornEntry = entries.find(entry => entry.sessionId === torn)!;
		expect(tornEntry.firstPrompt).toBe('survived the tear');
		expect(tornEntry.unreadableHeadLines).toBe(2);
		expect(tornEntry.startedAt).toBe('2026-12-02T15:00:01.000Z');
		expect(tornEntry.model).toBeUndefined();
		const garbageEntry = entries.find(entry => entry.sessionId === garbage)!;
		expect(garbageEntry.firstPrompt).toBeUndefined();
		expect(garbageEntry.shardCount).toBe(1);
	});

	it("is JSON Lines, one session a line (as the server's list), nothing for an empty root", async () => {
		const result = await listCommand({dataRoot: fixture.root, json: true, now});
		const lines = result.stdout.split('\n');
		expect(lines.pop()).toBe('');
		expect(lines).toHaveLength(5);
		for (const line of lines) expect((JSON.parse(line) as ListEntry).sessionId).toMatch(/^session-/);
		const empty = makeRoot();
		mkdirSync(empty.root, {recursive: true});
		try {
			expect(await listCommand({dataRoot: empty.root, json: true, now})).toEqual({exitCode: 0, stdout: '', stderr: ''});
		} finally {
			empty.remove();
		}
	});
});

describe('listCommand (plain)', () => {
	it('writes one aligned line per session, newest first, the live one marked', async () => {
		const result = await listCommand({dataRoot: fixture.root, json: false, now});
		expect(result.exitCode).toBe(0);
		const lines = result.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(5);
		expect(lines[0]).toContain(rotated);
		expect(lines[0]).toMatch(/ live /);
		expect(lines[0]).toContain('proj-a/main');
		expect(lines[0]).toContain('custom/fake-model');
		expect(lines[0]).toContain('2 shards');
		expect(lines[0]).toContain('just now');
		expect(lines[0]).toMatch(/\[fake:chat\] What is a trace file\?$/);
		expect(lines.slice(1).every(line => !/ live /.test(line))).toBe(true);
		expect(lines[1]).toContain('30 m ago');
		expect(lines[1]).toContain('survived the tear');
		expect(lines[2]).toContain('(unreadable head)');
		expect(lines[3]).toContain('3 h ago');
		expect(lines[4]).toContain('2 d ago');
		expect(lines[4]).toContain('proj-b/helper');
		// The session id column lines up.
		const column = lines[0].indexOf(rotated);
		expect(lines.map(line => line.indexOf('session-'))).toEqual(lines.map(() => column));
	});

	it.each([60, 80, 120, 200])(
		"on a terminal of %i columns: the picker's rows, short id, size, age and 30 columns of prompt at least",
		async width => {
			const fitted = await listCommand({dataRoot: fixture.root, json: false, now, width});
			const [headings, ...lines] = fitted.stdout.trimEnd().split('\n');
			// Headings over the columns, as ps writes them: the id's over the ids, the age's over the ages.
			expect(headings).toMatch(/^ {2}(STARTED {6})?ID {8}.*SIZE {2} {2}ACTIVE {2}PROMPT$/);
			expect(headings!.indexOf('ID')).toBe(lines[0]!.indexOf('8e7b556c'));
			expect(headings!.indexOf('PROMPT')).toBe(lines[0]!.indexOf('[fake:chat]'));
			expect(lines).toHaveLength(5);
			for (const line of lines) expect([...line].length).toBeLessThanOrEqual(width);
			// The live one, its short id, size, age and the whole of a short prompt.
			expect(lines[0]).toMatch(
				/^● (12-02 \d\d:45 {2})?8e7b556c .* \d+ KB {2}just now {2}\[fake:chat\] What is a trace fi/,
			);
			expect(lines[1]).toMatch(/0badbead .* 30 m ago {2}survived the tear$/);
			// A subagent's own session: ↳, and the start of its long prompt.
			const sub = lines[4]!;
			expect(sub).toMatch(/1fcdf9f5 .* 2 d ago {2}↳ Caller agent: default_agent\./);
			expect(sub.slice(sub.indexOf('↳')).length).toBeGreaterThanOrEqual(Math.min(30, width - 40));
			// The model and project/agent differ between sessions: there while the room allows.
			if (width >= 120) expect(lines[4]).toContain('proj-b/helper');
			if (width <= 60) expect(lines[0]).not.toMatch(/fake-model|proj-a/);
		},
	);

	it(
		'says "ago" from the newest message, not the file\'s ' + 'time: a copied data root is not all "just now" and live',
		async () => {
			const copied = makeRoot();
			try {
				// Copied a day later: every file's time is the copy's.
				const later = Date.parse('2026-12-03T10:00:00Z');
				placeShard(rotated, copied.dateDir(), 1, later - 1_000);
				placeShard(rotated, copied.dateDir(), 2, later - 1_000);
				const [entry] = jsonLines((await listCommand({dataRoot: copied.root, json: true, now: later})).stdout);
				expect(entry).toMatchObject({live: false, lastMessageAt: '2026-12-02T14:46:11.916Z'});
				const row = (await listCommand({dataRoot: copied.root, json: false, now: later, width: 100})).stdout.split(
					'\n',
				)[1];
				expect(row).toMatch(/^ {2}12-02 \d\d:45 {2}8e7b556c .* 19 h ago {2}\[fake:chat\]/);
				expect((await listCommand({dataRoot: copied.root, json: false, now: later})).stdout).toContain(' 19 h ago ');
			} finally {
				copied.remove();
			}
		},
	);

	it('in a pipe every field is whole: a long prompt, the full id, the model', async () => {
		const folder = fixture.dateDir();
		const prompt = `Refactor the exporter so that ${'every field of every record '.repeat(4)}is written whole`;
		const file = path.join(folder, 'session-2026-12-02-16-00-00-0000abcd_001.jsonl');
		writeFileSync(
			file,
			`{"type":"model_msg","payload":{"type":"text","role":"user","text":${JSON.stringify(prompt)}}}\n`,
		);
		touch(file, now - 1_000);
		const whole = await listCommand({dataRoot: fixture.root, json: false, now});
		const lines = whole.stdout.trimEnd().split('\n');
		expect(lines[0]).toContain('session-2026-12-02-16-00-00-0000abcd');
		expect(lines[0]!.endsWith(prompt)).toBe(true);
		expect(lines.find(line => line.includes(rotated))).toContain('custom/fake-model');
		expect(lines.find(line => line.includes(child))).toMatch(/↳ Caller agent: default_agent\./);
	});

	it('strips control sequences that a prompt or a file name carries', async () => {
		const folder = fixture.dateDir('proj-\u001b[31mred', 'main');
		mkdirSync(folder, {recursive: true});
		const file = path.join(folder, 'session-2026-12-02-16-00-00-0000abcd_001.jsonl');
		writeFileSync(
			file,
			'{"type":"model_msg","payload":{"type":"text","role":"user","text":"hi \\u001b]0;pwned\\u0007there \\u009b2J"}}\n',
		);
		const result = await listCommand({dataRoot: fixture.root, json: false, now});
		expect(result.stdout).not.toMatch(/[\u001b\u0007\u009b]/);
		expect(result.stdout).toContain('hi there');
		const json = await listCommand({dataRoot: fixture.root, json: true, now});
		expect(json.stdout).not.toMatch(/[\u001b\u0007\u009b]/);
	});

	it('says so when there are no sessions, and fails for a missing root', async () => {
		const empty = makeRoot();
		mkdirSync(empty.root, {recursive: true});
		try {
			const none = await listCommand({dataRoot: empty.root, json: false, now});
			expect(none).toMatchObject({exitCode: 0, stdout: ''});
			expect(none.stderr).toContain('no sessions found under');
		} finally {
			empty.remove();
		}
		const missing = await listCommand({dataRoot: path.join(fixture.root, 'nope'), json: false, now});
		expect(missing.exitCode).toBe(1);
		expect(missing.stderr).toContain('no such file or directory');
	});
});

describe('readTraceHead', () => {
	it('stops at the byte limit instead of reading a whole large file', async () => {
		const folder = fixture.dateDir();
		const file = path.join(folder, 'session-2026-12-02-17-00-00-00000000_001.jsonl');
		// A 3 MiB first line (an image), then the prompt.
		const image =
			`{"type":"model_msg","payload":{"type":"image_url","role":"user","image_url":"data:image/png;base64,` +
			`${'A'.repeat(3 * 1024 * 1024)}"}}\n`;
		writeFileSync(file, `${image}{"type":"model_msg","payload":{"type":"text","role":"user","text":"late prompt"}}\n`);
		expect((await readTraceHead(file, {maxBytes: 256 * 1024})).firstPrompt).toBeUndefined();
		// With room for it, the over-long line is skipped (not parsed) and the prompt is found.
		const head = await readTraceHead(file, {maxLineBytes: 1024 * 1024});
		expect(head.firstPrompt).toBe('late prompt');
		expect(head.malformed).toBe(1);
	});

	it('reports an unreadable file as an error, not a throw', async () => {
		const head = await readTraceHead(path.join(fixture.root, 'missing_001.jsonl'));
		expect(head.error).toBeDefined();
		expect(head.firstPrompt).toBeUndefined();
	});
});

describe('helpers', () => {
	it('relativeTime picks one unit', () => {
		expect([5_000, 42_000, 5 * 60_000, 3 * 3_600_000, 2 * 86_400_000].map(relativeTime)).toEqual([
			'just now',
			'42 s ago',
			'5 m ago',
			'3 h ago',
			'2 d ago',
		]);
	});

	it('alignedLines lines columns up by the columns a terminal gives text: wide CJK, emoji sequences, marks', () => {
		const lines = alignedLines([
			['日本語', 'proj', 'a'],
			['👨‍👩‍👧 x', '🇯🇵', 'b'],
			['café', 'e\u0301e', 'c'],
		])
			.split('\n')
			.filter(line => line !== '');
		// Each first column is 6 columns wide, the second 4: the third starts at column 6 + 2 + 4 + 2 for every row.
		expect(lines).toEqual(['日本語  proj  a', '👨‍👩‍👧 x    🇯🇵    b', 'café    e\u0301e    c']);
	});

	it('layoutOf reads project and agent from the layout only', () => {
		expect(layoutOf('/r/p/agents/a/traces/2026-12-02', '/r')).toEqual({project: 'p', agent: 'a'});
		expect(layoutOf('/r/loose', '/r')).toEqual({});
	});
});
