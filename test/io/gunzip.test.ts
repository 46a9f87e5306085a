// Compressed traces through readStream: gzip told by its magic bytes (also when they come one byte at a time), read as
// the plain file would be, and a cut-short stream keeping every record before the cut and saying where it ended.
import {PassThrough} from 'node:stream';
import {constants, gzipSync, gunzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import type {ModelInput} from '../../source/model/input.js';
import {readStream} from '../../source/io/trace-follower.js';
import {fixtureBytes, rotatedSessionId} from '../support/io-fixtures.js';

const plain = fixtureBytes(`${rotatedSessionId}_001.jsonl`);

/** Everything readStream emitted for `chunks` written in turn, and what onError was told. */
async function read(
	chunks: Buffer[],
	options: {shard?: number} = {},
): Promise<{inputs: ModelInput[]; errors: string[]}> {
	const inputs: ModelInput[] = [];
	const errors: string[] = [];
	const stream = new PassThrough();
	const reader = readStream(stream, batch => inputs.push(...batch), {
		label: 'trace.jsonl.gz',
		onError: text => errors.push(text),
		...options,
	});
	for (const chunk of chunks) stream.write(chunk);
	stream.end();
	await reader.done;
	return {inputs, errors};
}

const messages = (inputs: ModelInput[]): unknown[] => inputs.filter(input => input.kind === 'message');

describe('readStream on gzip data', () => {
	it('reads a compressed trace as the plain one, placed in its shard', async () => {
		const fromPlain = await read([plain], {shard: 1});
		const compressed = gzipSync(plain);
		// The magic bytes split across reads: a pipe may hand over one byte first.
		const fromGzip = await read([compressed.subarray(0, 1), compressed.subarray(1, 5000), compressed.subarray(5000)], {
			shard: 1,
		});
		expect(fromGzip.errors).toEqual([]);
		expect(fromGzip.inputs).toEqual(fromPlain.inputs);
		expect(fromGzip.inputs[0]).toEqual({kind: 'shard', index: 1});
		expect(fromGzip.inputs[1]).toMatchObject({kind: 'message', at: {line: 1, offset: 0, shard: 1}});
		expect(messages(fromGzip.inputs).length).toBeGreaterThan(20);
	});

	it('keeps every record before a cut and says once where the compressed data ended', async () => {
		const compressed = gzipSync(plain);
		const cut = Math.floor(compressed.length * 0.7);
		// What a reader could get out of the cut data: its whole lines are the records to keep.
		const partial = gunzipSync(compressed.subarray(0, cut), {finishFlush: constants.Z_SYNC_FLUSH}).toString('utf8');
		const whole = partial.slice(0, partial.lastIndexOf('\n')).split('\n');
		const {inputs, errors} = await read([compressed.subarray(0, cut)]);
		expect(messages(inputs).map(input => JSON.stringify((input as {message: unknown}).message))).toEqual(
			whole.map(line => JSON.stringify(JSON.parse(line))),
		);
		expect(errors).toEqual([
			`trace.jsonl.gz: the compressed data ends early, at byte ${cut}: the file is cut short ` +
				`(${whole.length} lines read before it)`,
		]);
		const notices = inputs.filter(input => input.kind === 'notice');
		expect(notices).toEqual([{kind: 'notice', level: 'error', text: errors[0]}]);
		// The torn line where it stopped is reported as such, before the notice; then the end.
		expect(inputs.at(-3)).toMatchObject({kind: 'malformed', malformed: {line: whole.length + 1}});
		expect(inputs.at(-1)).toEqual({kind: 'end'});
	});

	it('says so for damaged compressed data', async () => {
		const compressed = Buffer.from(gzipSync(plain));
		compressed.fill(0x55, 200, 260);
		const {errors} = await read([compressed]);
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatch(/^trace\.jsonl\.gz: the compressed data is damaged at byte \d+ \(/);
	});

	it('passes plain bytes that are not gzip through untouched, a one-byte stream too', async () => {
		expect((await read([Buffer.from('{')])).inputs).toMatchObject([
			{kind: 'malformed', malformed: {line: 1}},
			{kind: 'end'},
		]);
		expect((await read([])).inputs).toEqual([{kind: 'end'}]);
	});
});
