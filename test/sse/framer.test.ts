// SseFramer: recorded blocks split at every byte (inside multi-byte characters too), random chunkings, the SSE field
// grammar, and the event size limit.
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {MAX_EVENT_BYTES, SseFramer, type SseEvent} from '../../source/io/sse/framer.js';
import {recordedBlocks, recordedChunks, recordedText} from '../support/sse-fixtures.js';

type Framed = {events: SseEvent[]; comments: string[]; retries: number[]; oversize: number};

function frame(chunks: Uint8Array[], maxEventBytes?: number): Framed {
	const out: Framed = {events: [], comments: [], retries: [], oversize: 0};
	const framer = new SseFramer(
		{
			onEvent: event => out.events.push(event),
			onComment: text => out.comments.push(text),
			onRetry: ms => out.retries.push(ms),
			onOversize: () => out.oversize++,
		},
		{maxEventBytes},
	);
	for (const chunk of chunks) framer.push(chunk);
	return out;
}

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Cuts bytes at the given sorted offsets. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
	const parts: Uint8Array[] = [];
	let start = 0;
	for (const offset of offsets) {
		parts.push(bytes.subarray(start, offset));
		start = offset;
	}
	parts.push(bytes.subarray(start));
	return parts;
}

describe('recorded blocks', () => {
	// Blocks 120–126 hold ï, é, —, 日本語 and a 4-byte 🐧 in text deltas.
	const span = recordedBlocks()
		.slice(120, 127)
		.map(block => block.text)
		.join('');
	const bytes = encode(span);

	it('has multi-byte characters in the span under test', () => {
		expect(bytes.length).toBeGreaterThan(span.length);
		expect(span).toContain('🐧');
		expect(span).toContain('日本語');
	});

	it('frames the same events whatever byte the span is split at', () => {
		const whole = frame([bytes]);
		expect(whole.events).toHaveLength(7);
		const wanted = JSON.stringify(whole);
		for (let offset = 0; offset <= bytes.length; offset++) {
			const split = frame(cut(bytes, [offset]));
			// Compared as JSON first: a deep expect per offset would dominate the run time.
			if (JSON.stringify(split) !== wanted) expect(split, `split at byte ${offset}`).toEqual(whole);
		}
	});

	it('frames the same events when split at three random bytes', () => {
		const whole = frame([bytes]).events;
		fc.assert(
			fc.property(fc.uniqueArray(fc.integer({min: 0, max: bytes.length}), {minLength: 3, maxLength: 3}), offsets => {
				expect(
					frame(
						cut(
							bytes,
							offsets.sort((a, b) => a - b),
						),
					).events,
				).toEqual(whole);
			}),
			{numRuns: 300},
		);
	});

	it('frames the whole capture the same as recorded, in one piece, and in random pieces', () => {
		const text = recordedText();
		const all = encode(text);
		const asRecorded = frame(recordedChunks().map(chunk => encode(chunk.chunk)));
		const inOne = frame([all]);
		expect(asRecorded).toEqual(inOne);
		const blocks = recordedBlocks();
		expect(inOne.events).toHaveLength(blocks.filter(block => block.data !== undefined).length);
		expect(inOne.comments).toEqual(['ping', 'ping']);
		expect(inOne.events.at(-1)?.id).toBe(blocks.filter(block => block.id !== undefined).at(-1)?.id);
		fc.assert(
			fc.property(fc.uniqueArray(fc.integer({min: 1, max: all.length - 1}), {maxLength: 40}), offsets => {
				expect(
					frame(
						cut(
							all,
							offsets.sort((a, b) => a - b),
						),
					),
				).toEqual(inOne);
			}),
			{numRuns: 40},
		);
	});

	it('keeps the event name and id of a server event', () => {
		const [first] = frame([encode(recordedBlocks()[0].text)]).events;
		expect(first).toEqual({
			event: 'server_event',
			id: 'aa9ab217-1',
			data: '{"type":"task_state","state":"idle","queued":0}',
		});
	});
});

describe('field grammar', () => {
	const stream = [
		': ping',
		'',
		'retry: 2500',
		'',
		'data: first line',
		'data: second line',
		'id: e1-1',
		'',
		'event: server_event',
		'data:{"type":"hello"}',
		'id: e1-2',
		'',
		'data: ünïcode 🐧',
		'',
		'',
	];

	for (const [name, eol] of [
		['LF', '\n'],
		['CRLF', '\r\n'],
		['CR', '\r'],
	] as const) {
		it(`reads comments, retry, multi-line data, names and ids with ${name} line ends, split at every byte`, () => {
			const bytes = encode(stream.join(eol));
			const expected: Framed = {
				events: [
					{data: 'first line\nsecond line', id: 'e1-1'},
					{data: '{"type":"hello"}', id: 'e1-2', event: 'server_event'},
					{data: 'ünïcode 🐧'},
				],
				comments: ['ping'],
				retries: [2500],
				oversize: 0,
			};
			expect(frame([bytes])).toEqual(expected);
			for (let offset = 0; offset <= bytes.length; offset++) {
				expect(frame(cut(bytes, [offset])), `split at byte ${offset}`).toEqual(expected);
			}
		});
	}

	it('ignores a block with no data and an unknown field', () => {
		expect(frame([encode('id: x-1\n\nfoo: bar\ndata: kept\n\n')]).events).toEqual([{data: 'kept'}]);
	});

	it('starts clean after reset (a new connection)', () => {
		const out: SseEvent[] = [];
		const framer = new SseFramer({onEvent: event => out.push(event)});
		framer.push(encode('data: half of an ev'));
		framer.push(encode('\u00e9'.normalize()).subarray(0, 1));
		framer.reset();
		framer.push(encode('data: whole\n\n'));
		expect(out).toEqual([{data: 'whole'}]);
	});
});

describe('event size limit', () => {
	it('is 16 MiB by default, and an event just over it is dropped while the next one is kept', () => {
		expect(MAX_EVENT_BYTES).toBe(16 * 1024 * 1024);
		const head = encode('data: ');
		const tail = encode('\n\ndata: next\n\n');
		const huge = new Uint8Array(head.length + MAX_EVENT_BYTES + tail.length).fill(0x78);
		huge.set(head, 0);
		huge.set(tail, head.length + MAX_EVENT_BYTES);
		const reads: Uint8Array[] = [];
		for (let i = 0; i < huge.length; i += 65_536) reads.push(huge.subarray(i, i + 65_536));
		const out = frame(reads);
		expect(out.oversize).toBe(1);
		expect(out.events).toEqual([{data: 'next'}]);
	});

	const limit = 100;
	const big = 'x'.repeat(limit);
	const stream = `data: before\nid: s-1\n\ndata: ${big}\nid: s-2\n\ndata: after\nid: s-3\n\n`;
	const expected = [
		{data: 'before', id: 's-1'},
		{data: 'after', id: 's-3'},
	];

	it('drops a bigger event, reports it, and keeps the events around it, split at every byte', () => {
		const bytes = encode(stream);
		for (let offset = 0; offset <= bytes.length; offset++) {
			const out = frame(cut(bytes, [offset]), limit);
			expect(out.events, `split at byte ${offset}`).toEqual(expected);
			expect(out.oversize).toBe(1);
		}
	});

	it('drops it even when it arrives one byte at a time', () => {
		const bytes = encode(stream);
		const out = frame(
			Array.from({length: bytes.length}, (_, i) => bytes.subarray(i, i + 1)),
			limit,
		);
		expect(out.events).toEqual(expected);
		expect(out.oversize).toBe(1);
	});

	it('keeps an event of exactly the limit', () => {
		// `data: ` + payload + `\n` + the blank line's `\n`.
		const payload = 'y'.repeat(limit - 8);
		const out = frame([encode(`data: ${payload}\n\n`)], limit);
		expect(out.events).toEqual([{data: payload}]);
		expect(out.oversize).toBe(0);
		expect(frame([encode(`data: ${payload}z\n\n`)], limit).oversize).toBe(1);
	});
});
