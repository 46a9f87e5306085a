// LineSplitter: chunk boundaries anywhere, CRLF, BOM, split UTF-8, torn lines, long lines and the too-long guard.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {LineSplitter, maxLineBytes, type SplitItem} from '../../source/io/line-splitter.js';
import {fixtureBytes} from '../support/io-fixtures.js';

function splitAll(chunks: Uint8Array[], options?: {maxLineBytes?: number}): SplitItem[] {
	const splitter = new LineSplitter(options);
	const out: SplitItem[] = [];
	for (const chunk of chunks) {
		out.push(...splitter.push(chunk));
	}
	const rest = splitter.takeRemainder();
	if (rest) {
		out.push(rest);
	}
	return out;
}

// The obvious reference: split the whole decoded text on LF.
function reference(bytes: Buffer): SplitItem[] {
	const out: SplitItem[] = [];
	let offset = 0;
	bytes
		.toString('utf8')
		.split('\n')
		.forEach((text, i) => {
			const size = Buffer.byteLength(text) + 1;
			const clean = (i === 0 ? text.replace(/^\uFEFF/, '') : text).replace(/\r$/, '');
			// Blank means JSON's own white space (and VT/FF); any other character makes a line.
			if (/[^ \t\r\v\f]/.test(clean)) {
				out.push({kind: 'line', text: clean, line: i + 1, offset});
			}
			offset += size;
		});
	return out;
}

function sameItems(a: SplitItem[], b: SplitItem[]): boolean {
	return (
		a.length === b.length &&
		a.every((item, i) => {
			const other = b[i];
			return item.kind === 'line' && other.kind === 'line'
				? item.text === other.text && item.line === other.line && item.offset === other.offset
				: false;
		})
	);
}

function chunksOf(bytes: Buffer, size: number): Buffer[] {
	const chunks: Buffer[] = [];
	for (let i = 0; i < bytes.length; i += size) {
		chunks.push(bytes.subarray(i, i + size));
	}
	return chunks;
}

describe('LineSplitter', () => {
	it('gives the same lines for every two-chunk split of a real trace (unicode and emoji included)', () => {
		const bytes = fixtureBytes('session-2026-12-02-14-43-08-07326dfd_001.jsonl');
		const whole = splitAll([bytes]);
		expect(whole).toEqual(reference(bytes));
		expect(whole.length).toBeGreaterThan(5);
		for (let cut = 0; cut <= bytes.length; cut++) {
			const parts = splitAll([bytes.subarray(0, cut), bytes.subarray(cut)]);
			// A cheap comparison first: toEqual 26,000 times would dominate the run.
			if (!sameItems(parts, whole)) {
				expect(parts, `split at byte ${cut}`).toEqual(whole);
			}
		}
	});

	it('gives the same lines for any chunking of a real trace (property)', () => {
		const bytes = fixtureBytes('session-2026-12-02-14-45-42-8e7b556c_002.jsonl');
		const whole = splitAll([bytes]);
		fc.assert(
			fc.property(fc.uniqueArray(fc.integer({min: 1, max: bytes.length - 1}), {maxLength: 40}), cuts => {
				const sorted = [0, ...cuts.sort((a, b) => a - b), bytes.length];
				const chunks = sorted.slice(1).map((end, i) => bytes.subarray(sorted[i], end));
				expect(splitAll(chunks)).toEqual(whole);
			}),
			{numRuns: 200},
		);
	});

	it('gives the same lines for any chunking of arbitrary text (property)', () => {
		fc.assert(
			fc.property(
				fc.array(fc.oneof(fc.string({unit: 'grapheme'}), fc.constantFrom('', ' ', '\t', '\r', 'x\r')), {maxLength: 20}),
				fc.integer({min: 1, max: 7}),
				(lines, size) => {
					const bytes = Buffer.from(lines.map(line => line.replaceAll('\n', ' ')).join('\n') + '\n');
					expect(splitAll(chunksOf(bytes, size))).toEqual(reference(bytes));
				},
			),
			{numRuns: 300},
		);
	});

	it('strips CR from CRLF line ends and skips blank lines while counting them', () => {
		const bytes = Buffer.from('{"a":1}\r\n\r\n   \n\t\r\n{"b":2}\r\n');
		expect(splitAll(chunksOf(bytes, 1))).toEqual([
			{kind: 'line', text: '{"a":1}', line: 1, offset: 0},
			{kind: 'line', text: '{"b":2}', line: 5, offset: 18},
		]);
	});

	it('strips a BOM at the start of the file only, even when it arrives a byte at a time', () => {
		const bom = '\uFEFF';
		const bytes = Buffer.from(`${bom}{"a":1}\n${bom}{"b":2}\n`);
		const lines = splitAll(chunksOf(bytes, 1));
		expect(lines).toEqual([
			{kind: 'line', text: '{"a":1}', line: 1, offset: 0},
			{kind: 'line', text: `${bom}{"b":2}`, line: 2, offset: 11},
		]);
		expect(splitAll([Buffer.from(`${bom}\n{"c":3}\n`)])).toEqual([{kind: 'line', text: '{"c":3}', line: 2, offset: 4}]);
	});

	it('decodes a multi-byte character split across chunks', () => {
		const text = '{"t":"é🐧中"}';
		const bytes = Buffer.from(`${text}\n`);
		for (let cut = 1; cut < bytes.length; cut++) {
			expect(splitAll([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual([
				{kind: 'line', text, line: 1, offset: 0},
			]);
		}
		expect(splitAll(chunksOf(bytes, 1))).toEqual([{kind: 'line', text, line: 1, offset: 0}]);
	});

	it('accepts plain Uint8Array chunks', () => {
		const bytes = new TextEncoder().encode('{"a":1}\n{"b":2}\n');
		expect(splitAll([bytes.subarray(0, 3), bytes.subarray(3)]).map(item => item.kind === 'line' && item.text)).toEqual([
			'{"a":1}',
			'{"b":2}',
		]);
	});

	it('holds a torn last line until its newline arrives', () => {
		const splitter = new LineSplitter();
		expect(splitter.push(Buffer.from('{"a":1}\n{"b":'))).toEqual([{kind: 'line', text: '{"a":1}', line: 1, offset: 0}]);
		expect(splitter.hasPending).toBe(true);
		expect(splitter.pendingBytes).toBe(5);
		expect(splitter.push(Buffer.from('2'))).toEqual([]);
		expect(splitter.push(Buffer.from('}\n{"c":3}\n'))).toEqual([
			{kind: 'line', text: '{"b":2}', line: 2, offset: 8},
			{kind: 'line', text: '{"c":3}', line: 3, offset: 16},
		]);
		expect(splitter.hasPending).toBe(false);
		expect(splitter.takeRemainder()).toBeUndefined();
		expect(splitter.bytesConsumed).toBe(24);
	});

	it('does not retain the caller’s buffer for a held line (the buffer may be reused)', () => {
		const splitter = new LineSplitter();
		const buffer = Buffer.from('{"a":');
		splitter.push(buffer);
		buffer.fill(0x78);
		expect(splitter.push(Buffer.from('1}\n'))).toEqual([{kind: 'line', text: '{"a":1}', line: 1, offset: 0}]);
	});

	it('hands over the torn remainder at end of input', () => {
		const splitter = new LineSplitter();
		splitter.push(Buffer.from('{"a":1}\n\n{"b":2}'));
		expect(splitter.takeRemainder()).toEqual({kind: 'line', text: '{"b":2}', line: 3, offset: 9});
		expect(splitter.hasPending).toBe(false);
		const blank = new LineSplitter();
		blank.push(Buffer.from('{"a":1}\n  '));
		expect(blank.takeRemainder()).toBeUndefined();
	});

	it('joins a long line that arrives in many small chunks (linear, not quadratic)', () => {
		const payload = 'A'.repeat(16 * 1024 * 1024);
		const bytes = Buffer.from(`{"a":1}\n{"image":"${payload}"}\n{"b":2}\n`);
		const lines = splitAll(chunksOf(bytes, 1024));
		expect(lines).toHaveLength(3);
		const middle = lines[1];
		expect(middle.kind === 'line' && middle.text.length).toBe(payload.length + 12);
		expect(middle).toMatchObject({line: 2, offset: 8});
		expect(lines[2]).toEqual({kind: 'line', text: '{"b":2}', line: 3, offset: bytes.length - 8});
	});

	it('exports a 64 MiB default limit', () => {
		expect(maxLineBytes).toBe(64 * 1024 * 1024);
	});

	it('reports a line over the limit instead of holding it, and keeps counting to its newline', () => {
		const long = `{"x":"${'y'.repeat(94)}"}`;
		const bytes = Buffer.from(`{"a":1}\n${long}\n{"b":2}\n`);
		const expected: SplitItem[] = [
			{kind: 'line', text: '{"a":1}', line: 1, offset: 0},
			{
				kind: 'malformed',
				malformed: {line: 2, offset: 8, reason: 'line too long (102 bytes)', excerpt: `${long.slice(0, 80)}…`},
			},
			{kind: 'line', text: '{"b":2}', line: 3, offset: 111},
		];
		expect(splitAll(chunksOf(bytes, 7), {maxLineBytes: 20})).toEqual(expected);
		expect(splitAll([bytes], {maxLineBytes: 20})).toEqual(expected);
		const splitter = new LineSplitter({maxLineBytes: 20});
		splitter.push(bytes.subarray(0, 60));
		// Only a short head of the refused line is kept, whatever its size.
		expect(splitter.pendingBytes).toBe(52);
	});

	it('accepts a line exactly at the limit and reports a too-long torn remainder', () => {
		expect(splitAll([Buffer.from('{"a":"123456"}\n')], {maxLineBytes: 14})).toEqual([
			{kind: 'line', text: '{"a":"123456"}', line: 1, offset: 0},
		]);
		const items = splitAll(chunksOf(Buffer.from('{"a":1}\n{"a":"1234567890"}'), 3), {maxLineBytes: 10});
		expect(items[1]).toMatchObject({
			kind: 'malformed',
			malformed: {line: 2, offset: 8, reason: 'line too long (18 bytes)'},
		});
	});
});
