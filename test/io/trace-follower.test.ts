// Trace follower end to end on real temp files: reading all shards, following appends, torn and malformed lines,
// truncation, deletion, replacement, rotation, streams and close().
import {execFileSync} from 'node:child_process';
import {
	appendFileSync,
	closeSync,
	constants,
	mkdirSync,
	openSync,
	renameSync,
	rmSync,
	truncateSync,
	writeFileSync,
	writeSync,
} from 'node:fs';
import {open} from 'node:fs/promises';
import path from 'node:path';
import {PassThrough} from 'node:stream';
import fc from 'fast-check';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {followTrace, readStream, type FollowOptions, type TraceFollower} from '../../source/io/trace-follower.js';
import {batchBytes} from '../../source/io/read-chunks.js';
import {
	copyFixture,
	fixtureLines,
	makeTempDir,
	removeTempDir,
	rotatedSessionId,
	waitFor,
} from '../support/io-fixtures.js';

const id = rotatedSessionId;
const shard1 = `${id}_001.jsonl`;
const shard2 = `${id}_002.jsonl`;

/** Everything a source emitted, with views by kind. */
function collector() {
	const inputs: ModelInput[] = [];
	let batches = 0;
	return {
		inputs,
		onInputs(batch: ModelInput[]) {
			expect(batch.length).toBeGreaterThan(0);
			batches += 1;
			inputs.push(...batch);
		},
		get batches() {
			return batches;
		},
		messages: () => inputs.filter(input => input.kind === 'message'),
		malformed: () => inputs.flatMap(input => (input.kind === 'malformed' ? [input.malformed] : [])),
		notices: () => inputs.flatMap(input => (input.kind === 'notice' ? [input.text] : [])),
		shards: () => inputs.flatMap(input => (input.kind === 'shard' ? [input.index] : [])),
		ended: () => inputs.some(input => input.kind === 'end'),
	};
}

type Collector = ReturnType<typeof collector>;

// A message's text, for comparing with the raw lines written.
const raw = (input: ModelInput): string => (input.kind === 'message' ? JSON.stringify(input.message) : '');
const normal = (line: string): string => JSON.stringify(JSON.parse(line));

const lines1 = fixtureLines(shard1);
const lines2 = fixtureLines(shard2);
const sample = (i: number): string => lines1[i];

let dir: string;
let follower: TraceFollower | undefined;

beforeEach(() => {
	dir = path.join(makeTempDir(), 'traces', '2026-12-02');
	mkdirSync(dir, {recursive: true});
});

afterEach(async () => {
	await follower?.close();
	follower = undefined;
	removeTempDir(path.dirname(path.dirname(dir)));
});

function start(c: Collector, options: Partial<FollowOptions> & {shards: string[]}): TraceFollower {
	follower = followTrace({sessionId: id, folder: dir, follow: true, pollMs: 100, onInputs: c.onInputs, ...options});
	return follower;
}

describe('followTrace without follow', () => {
	it('reads every shard in order, then ends', async () => {
		const c = collector();
		const paths = [copyFixture(shard1, dir), copyFixture(shard2, dir)];
		start(c, {shards: paths, follow: false});
		await waitFor(c.ended, 'end');
		expect(c.inputs[0]).toEqual({kind: 'shard', index: 1, path: paths[0]});
		expect(c.inputs.at(-1)).toEqual({kind: 'end'});
		expect(c.shards()).toEqual([1, 2]);
		expect(c.malformed()).toEqual([]);
		expect(c.messages().map(raw)).toEqual([...lines1, ...lines2].map(normal));
		const shard2At = c.inputs.findIndex(input => input.kind === 'shard' && input.index === 2);
		expect(c.inputs[shard2At]).toEqual({kind: 'shard', index: 2, path: paths[1]});
		expect(c.inputs[shard2At + 1]).toMatchObject({kind: 'message', at: {line: 1, offset: 0, shard: 2}});
		expect(c.messages()[1]).toMatchObject({at: {line: 2, shard: 1}});
	});

	it('emits nothing before the event loop turns, so a consumer attached in the meantime misses no batch', async () => {
		const c = collector();
		start(c, {shards: [copyFixture(shard1, dir)], follow: false});
		// What a caller does after followTrace returns, before attaching its writer: a few awaits.
		for (let i = 0; i < 20; i++) await Promise.resolve();
		expect(c.batches).toBe(0);
		await waitFor(c.ended, 'end');
		expect(c.messages().map(raw)).toEqual(lines1.map(normal));
	});

	it('emits one batch per chunk with small reads, with the same result', async () => {
		const whole = collector();
		const small = collector();
		const paths = [copyFixture(shard1, dir), copyFixture(shard2, dir)];
		start(whole, {shards: paths, follow: false});
		await waitFor(whole.ended, 'end (1 MiB chunks)');
		start(small, {shards: paths, follow: false, chunkBytes: 997});
		await waitFor(small.ended, 'end (small chunks)');
		expect(small.inputs).toEqual(whole.inputs);
		// A batch per chunk that completed a line (lines here run to 13 KB).
		expect(small.batches).toBeGreaterThan(whole.batches + 10);
	});

	it('hands on each line shorter than a read as part of one read, never joined from two (no copy)', async () => {
		const c = collector();
		const whole = collector();
		const paths = [copyFixture(shard1, dir), copyFixture(shard2, dir)];
		start(whole, {shards: paths, follow: false});
		await waitFor(whole.ended, 'end (1 MiB chunks)');
		// Reads of 20,000 bytes: their buffers are their own (never a slice of Buffer's pool, which
		// Node 24 uses up to 32 KiB), so a line in one is a view of 20,000 bytes; a line joined from
		// two reads is a copy, of its own length or in the pool.
		const chunkBytes = 20_000;
		const sizes: number[] = [];
		const cut = (line: Buffer): undefined => {
			if (line.length < chunkBytes) sizes.push(line.buffer.byteLength);
			return undefined;
		};
		start(c, {shards: paths, follow: false, chunkBytes, cut});
		await waitFor(c.ended, 'end (small chunks)');
		expect(c.inputs).toEqual(whole.inputs);
		expect(sizes.length).toBe([...lines1, ...lines2].filter(line => line.trim() !== '').length);
		expect(sizes.filter(size => size !== chunkBytes)).toEqual([]);
	});

	it('hands on a large read in batches of whole lines of about batchBytes, with the same result', async () => {
		// 1.5 MB of lines of 1–3 kB: two reads of 1 MiB by default.
		const file = path.join(dir, shard1);
		const lines = Array.from({length: 800}, (_, i) =>
			JSON.stringify({
				timestamp: '2026-12-02T10:00:00.000Z',
				type: 'model_msg',
				payload: {type: 'text', role: 'user', text: `${i} ${'word '.repeat(200 + ((i * 37) % 400))}`},
			}),
		);
		writeFileSync(file, `${lines.join('\n')}\n`);
		const sizes: number[] = [];
		const c = collector();
		start(c, {
			shards: [file],
			follow: false,
			onInputs: batch => {
				c.onInputs(batch);
				let bytes = 0;
				for (const input of batch)
					if (input.kind === 'message') bytes += Buffer.byteLength(JSON.stringify(input.message)) + 1;
				sizes.push(bytes);
			},
		});
		await waitFor(c.ended, 'end');
		expect(c.messages().map(raw)).toEqual(lines);
		// Each batch at most one line past batchBytes; only a read's last batch is shorter.
		const longest = Math.max(...lines.map(line => line.length + 1));
		expect(Math.max(...sizes)).toBeLessThan(batchBytes + longest);
		expect(sizes.filter(size => size > 0 && size < batchBytes).length).toBeLessThanOrEqual(3);
		expect(sizes.filter(size => size > 0).length).toBeGreaterThanOrEqual(
			Math.floor(lines.join('\n').length / (batchBytes + longest)),
		);
	});

	it(
		'reads the same inputs whatever the size of its reads ' + '(property: random lines, some longer than a read)',
		async () => {
			/** Everything one follower emitted for the file, read in chunks of `chunkBytes`. */
			const inputsOf = async (file: string, chunkBytes: number): Promise<ModelInput[]> => {
				const c = collector();
				const reader = followTrace({
					sessionId: id,
					folder: dir,
					shards: [file],
					follow: false,
					chunkBytes,
					onInputs: c.onInputs,
				});
				await waitFor(c.ended, `end (reads of ${chunkBytes} bytes)`);
				await reader.close();
				return c.inputs;
			};
			const text = fc.oneof(
				fc.string({maxLength: 40}),
				fc.string({minLength: 200, maxLength: 3000}),
				fc.constant('日本語 🚀 é'.repeat(150)),
			);
			const line = fc.oneof(
				{
					weight: 6,
					arbitrary: text.map(value =>
						JSON.stringify({
							timestamp: '2026-12-02T10:00:00.000Z',
							type: 'model_msg',
							payload: {type: 'text', role: 'user', text: value},
						}),
					),
				},
				{weight: 1, arbitrary: fc.constantFrom('', '   ', '{"not json', '{}')},
			);
			await fc.assert(
				fc.asyncProperty(
					fc.array(line, {minLength: 1, maxLength: 30}),
					fc.integer({min: 64, max: 5000}),
					fc.constantFrom('\n', '\r\n'),
					fc.boolean(),
					async (lines, chunkBytes, end, torn) => {
						const file = path.join(dir, shard1);
						writeFileSync(file, lines.join(end) + (torn ? '' : end));
						expect(await inputsOf(file, chunkBytes)).toEqual(await inputsOf(file, 1024 * 1024));
					},
				),
				{numRuns: 25},
			);
		},
	);

	it('skips a malformed line in the middle and keeps its neighbours', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n{"not json\n\n${sample(1)}\n{"json":"but not a message"}\n${sample(2)}\n`);
		start(c, {shards: [file], follow: false});
		await waitFor(c.ended, 'end');
		expect(c.messages().map(raw)).toEqual([0, 1, 2].map(i => normal(sample(i))));
		expect(c.malformed().map(m => [m.line, m.shard, m.reason.split(':')[0]])).toEqual([
			[2, 1, 'invalid JSON'],
			[5, 1, 'not an OmniMessage envelope'],
		]);
		expect(c.messages()[2]).toMatchObject({at: {line: 6}});
	});

	it('accepts a torn last line that is a whole message, and reports one that is not', async () => {
		const whole = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n${sample(1)}`);
		start(whole, {shards: [file], follow: false});
		await waitFor(whole.ended, 'end');
		expect(whole.messages().map(raw)).toEqual([normal(sample(0)), normal(sample(1))]);

		const torn = collector();
		writeFileSync(file, `${sample(0)}\n${sample(1).slice(0, 40)}`);
		start(torn, {shards: [file], follow: false});
		await waitFor(torn.ended, 'end');
		expect(torn.messages()).toHaveLength(1);
		expect(torn.malformed()).toMatchObject([{line: 2, shard: 1}]);
		expect(torn.malformed()[0].reason).toMatch(/^torn last line: invalid JSON/);
	});

	it('reports a line over the limit and reads on', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n{"x":"${'y'.repeat(50_000)}"}\n${sample(1)}\n`);
		start(c, {shards: [file], follow: false, maxLineBytes: 32 * 1024, chunkBytes: 1000});
		await waitFor(c.ended, 'end');
		expect(c.messages()).toHaveLength(2);
		expect(c.malformed()).toMatchObject([{line: 2, shard: 1, reason: 'line too long (50008 bytes)'}]);
	});

	it('reads a later shard copied alone, with one notice that the earlier contexts are not there', async () => {
		const c = collector();
		const third = copyFixture(shard2, dir, `${id}_003.jsonl`);
		start(c, {shards: [third], follow: false});
		await waitFor(c.ended, 'end');
		expect(c.inputs.slice(0, 2)).toEqual([
			{kind: 'shard', index: 3, path: third},
			{
				kind: 'notice',
				level: 'info',
				text:
					`${id}_003.jsonl: contexts 1–2 are not here (no earlier shard beside this one); showing the session ` +
					`from context 3`,
				aside: true,
			},
		]);
		expect(c.notices()).toHaveLength(1);
		expect(c.messages().map(raw)).toEqual(lines2.map(normal));
		// A chain from _001 says nothing of the kind.
		const whole = collector();
		start(whole, {shards: [copyFixture(shard1, dir), copyFixture(shard2, dir)], follow: false});
		await waitFor(whole.ended, 'end of the chain');
		expect(whole.notices()).toEqual([]);
	});

	it('turns unreadable shards into notices, never throws', async () => {
		const c = collector();
		const folderAsShard = path.join(dir, `${id}_001.jsonl`);
		mkdirSync(folderAsShard);
		const missing = path.join(dir, `${id}_002.jsonl`);
		start(c, {shards: [folderAsShard, missing], follow: false});
		await waitFor(c.ended, 'end');
		expect(c.notices()).toEqual([`${shard1}: not a regular file`, `${shard2}: no such file or directory`]);
		expect(c.shards()).toEqual([1, 2]);
	});

	it.skipIf(process.platform === 'win32')(
		"reports a FIFO in a shard's place and reads on, instead of waiting for a writer",
		async () => {
			const c = collector();
			const fifo = path.join(dir, shard1);
			execFileSync('mkfifo', [fifo]);
			const second = copyFixture(shard2, dir);
			try {
				start(c, {shards: [fifo, second], follow: false});
				await waitFor(c.ended, 'end');
				expect(c.notices()).toEqual([`${shard1}: not a regular file`]);
				expect(c.messages().map(raw)).toEqual(lines2.map(normal));
			} finally {
				// Were the follower waiting in open(), a writer lets it go (and the test end).
				try {
					closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
				} catch {
					// No reader waiting: nothing to let go.
				}
			}
		},
	);
});

describe('followTrace with follow', () => {
	it('follows appends, holds a torn line until it is completed, and skips malformed lines', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n${sample(1)}\n`);
		start(c, {shards: [file]});
		await waitFor(() => c.messages().length === 2, 'first two messages');

		appendFileSync(file, `${sample(2)}\n${sample(3).slice(0, 50)}`);
		await waitFor(() => c.messages().length === 3, 'third message');
		// The torn half was read together with the third line, and is held, not reported.
		expect(c.malformed()).toEqual([]);

		appendFileSync(file, `${sample(3).slice(50)}\nnot json at all\n${sample(4)}\n`);
		await waitFor(() => c.messages().length === 5, 'the completed line and the one after the bad line');
		expect(c.messages().map(raw)).toEqual([0, 1, 2, 3, 4].map(i => normal(sample(i))));
		expect(c.messages()[3]).toMatchObject({at: {line: 4, shard: 1}});
		expect(c.malformed()).toMatchObject([{line: 5, shard: 1}]);
		expect(c.ended()).toBe(false);
	});

	it('reads an append of 400,000 short lines at once (one read of 1 MiB holds ~350,000 of them)', async () => {
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n`);
		let messages = 0;
		let malformed = 0;
		const notices: string[] = [];
		start(collector(), {
			shards: [file],
			onInputs: batch => {
				for (const input of batch) {
					if (input.kind === 'message') messages++;
					else if (input.kind === 'malformed') malformed++;
					else if (input.kind === 'notice') notices.push(input.text);
				}
			},
		});
		await waitFor(() => messages === 1, 'the first message');
		appendFileSync(file, '{}\n'.repeat(400_000));
		await waitFor(() => malformed === 400_000 || notices.length > 0, 'every short line, or a notice', {
			show: () => `${malformed} malformed; ${notices.join('; ')}`,
		});
		expect(notices).toEqual([]);
		expect(malformed).toBe(400_000);
	});

	it('reads the rest of a big line written in pieces', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, '');
		start(c, {shards: [file], chunkBytes: 4096});
		const big = JSON.stringify({...JSON.parse(sample(1)), extra: 'z'.repeat(300_000)});
		const fd = openSync(file, 'a');
		try {
			for (let i = 0; i < big.length; i += 50_000) {
				writeSync(fd, big.slice(i, i + 50_000));
			}
			writeSync(fd, '\n');
		} finally {
			closeSync(fd);
		}
		await waitFor(() => c.messages().length === 1, 'the big message');
		expect(raw(c.messages()[0])).toBe(big);
	});

	it('reads a truncated file again from the start', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n${sample(1)}\n${sample(2)}\n`);
		start(c, {shards: [file]});
		await waitFor(() => c.messages().length === 3, 'three messages');
		truncateSync(file, 0);
		await waitFor(() => c.notices().length === 1, 'the truncation notice');
		expect(c.notices()).toEqual([`${shard1} was truncated; reading it again from the start`]);
		expect(c.inputs.find(input => input.kind === 'notice')).toMatchObject({level: 'warn'});
		appendFileSync(file, `${sample(5)}\n`);
		await waitFor(() => c.messages().length === 4, 'the message after truncation');
		expect(c.messages()[3]).toMatchObject({at: {line: 1, offset: 0, shard: 1}});
		expect(raw(c.messages()[3])).toBe(normal(sample(5)));
	});

	it('waits for a deleted file to come back, then reads it from the start', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n${sample(1)}\n`);
		start(c, {shards: [file]});
		await waitFor(() => c.messages().length === 2, 'two messages');
		rmSync(file);
		await waitFor(() => c.notices().length === 1, 'the deletion notice');
		expect(c.notices()).toEqual([`${shard1} was deleted; waiting for it to come back`]);
		writeFileSync(file, `${sample(2)}\n`);
		await waitFor(() => c.messages().length === 3, 'the message of the new file');
		expect(c.notices()[1]).toBe(`${shard1} is back; reading it from the start`);
		expect(c.messages()[2]).toMatchObject({at: {line: 1, shard: 1}});
		appendFileSync(file, `${sample(3)}\n`);
		await waitFor(() => c.messages().length === 4, 'an append to the new file');
		expect(c.messages().map(raw)).toEqual([0, 1, 2, 3].map(i => normal(sample(i))));
	});

	it('reads a file replaced by another (new inode) from the start', async () => {
		const c = collector();
		const file = path.join(dir, shard1);
		writeFileSync(file, `${sample(0)}\n`);
		start(c, {shards: [file]});
		await waitFor(() => c.messages().length === 1, 'one message');
		const replacement = path.join(dir, 'replacement.tmp');
		writeFileSync(replacement, `${sample(1)}\n${sample(2)}\n`);
		renameSync(replacement, file);
		await waitFor(() => c.messages().length === 3, 'the replacement’s messages');
		expect(c.notices()).toHaveLength(1);
		expect(c.notices()[0]).toMatch(
			new RegExp(`^${shard1} (was replaced by a different file|is back); reading it from the start$`),
		);
		expect(c.messages()[1]).toMatchObject({at: {line: 1}});
	});

	it('follows rotation to _002 and _003, finishing each shard first', async () => {
		const c = collector();
		const file1 = path.join(dir, shard1);
		writeFileSync(file1, `${sample(0)}\n`);
		start(c, {shards: [file1]});
		await waitFor(() => c.messages().length === 1, 'first message');

		// The last record of _001 and the new shard land together: _001 must be finished first.
		appendFileSync(file1, `${sample(1)}\n${sample(2)}`);
		writeFileSync(path.join(dir, shard2), `${lines2[0]}\n`);
		await waitFor(() => c.shards().length === 2 && c.messages().length === 4, 'rotation to _002');
		appendFileSync(path.join(dir, shard2), `${lines2[1]}\n`);
		await waitFor(() => c.messages().length === 5, 'an append to _002');

		const shard3 = `${id}_003.jsonl`;
		writeFileSync(path.join(dir, shard3), `${lines2[0]}\n{"bad"\n${lines2[2]}\n`);
		await waitFor(() => c.shards().length === 3 && c.messages().length === 7, 'rotation to _003');
		appendFileSync(path.join(dir, shard3), `${lines2[3]}\n`);
		await waitFor(() => c.messages().length === 8, 'an append to _003');

		expect(c.shards()).toEqual([1, 2, 3]);
		expect(
			c.inputs.map(input => (input.kind === 'message' ? `${input.at?.shard}:${input.at?.line}` : input.kind)),
		).toEqual(['shard', '1:1', '1:2', '1:3', 'shard', '2:1', '2:2', 'shard', '3:1', 'malformed', '3:3', '3:4']);
		expect(c.malformed()).toMatchObject([{line: 2, shard: 3}]);
		expect(c.ended()).toBe(false);
	});

	// A file that becomes unreadable while followed: test/faults/permissions.test.ts (the built program, run as nobody
	// when the tests run as root).

	it('waits for _001 when given no shards', async () => {
		const c = collector();
		start(c, {shards: []});
		await waitFor(() => c.notices().length === 1, 'the waiting notice');
		expect(c.notices()).toEqual([`waiting for ${shard1} to appear`]);
		writeFileSync(path.join(dir, shard1), `${sample(0)}\n`);
		await waitFor(() => c.messages().length === 1, 'the first message');
		expect(c.notices()).toHaveLength(1);
	});
});

describe('readStream', () => {
	it('emits lines as they arrive and ends at EOF, taking a whole torn last line', async () => {
		const c = collector();
		const stream = new PassThrough();
		const reader = readStream(stream, c.onInputs);
		stream.write(`${sample(0)}\n${sample(1).slice(0, 30)}`);
		await waitFor(() => c.messages().length === 1, 'first message');
		stream.write(`${sample(1).slice(30)}\n{oops\n`);
		await waitFor(() => c.messages().length === 2 && c.malformed().length === 1, 'second message and a bad line');
		stream.end(sample(2));
		await reader.done;
		expect(c.messages().map(raw)).toEqual([0, 1, 2].map(i => normal(sample(i))));
		expect(c.messages()[2]).toEqual({
			kind: 'message',
			message: JSON.parse(sample(2)),
			at: {line: 4, offset: expect.any(Number)},
		});
		expect(c.inputs.at(-1)).toEqual({kind: 'end'});
	});

	it('reports a torn last line that is not a message', async () => {
		const c = collector();
		const stream = new PassThrough();
		const reader = readStream(stream, c.onInputs);
		stream.end(`${sample(0)}\n{"half":`);
		await reader.done;
		expect(c.malformed()).toMatchObject([{line: 2}]);
		expect(c.malformed()[0].reason).toMatch(/^torn last line/);
		expect(c.ended()).toBe(true);
	});

	it.skipIf(process.platform === 'win32')('reads a FIFO given as a path', async () => {
		const c = collector();
		const fifo = path.join(dir, 'pipe');
		execFileSync('mkfifo', [fifo]);
		const reader = readStream(fifo, c.onInputs);
		// Opening the writing end waits (in the thread pool) until the reader has opened the FIFO.
		const writer = await open(fifo, 'w');
		await writer.write(`${sample(0)}\n`);
		await waitFor(() => c.messages().length === 1, 'a message through the FIFO');
		await writer.write(`${sample(1)}\n`);
		await writer.close();
		await reader.done;
		expect(c.messages()).toHaveLength(2);
		expect(c.ended()).toBe(true);
	});

	it('turns a read error into a notice, then ends', async () => {
		const c = collector();
		const reader = readStream(path.join(dir, 'missing-pipe'), c.onInputs);
		await reader.done;
		expect(c.notices()).toEqual(['missing-pipe: no such file or directory']);
		expect(c.ended()).toBe(true);
	});

	it('emits nothing after close()', async () => {
		const c = collector();
		const stream = new PassThrough();
		const reader = readStream(stream, c.onInputs);
		stream.write(`${sample(0)}\n`);
		await waitFor(() => c.messages().length === 1, 'first message');
		reader.close();
		await reader.done;
		expect(c.inputs).toHaveLength(1);
	});
});
