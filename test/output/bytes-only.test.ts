// Print mode and --json write what the bytes say, never how they were cut into reads or how
// long the pauses were: every fixture trace and every recorded stream, cut anywhere (inside
// lines, inside UTF-8 characters), read in pieces with pauses between some of them, gives
// exactly the output of reading it whole. Run through the program's own path: a stream
// reader (line splitter, parser) or the SSE framer, the store, and the printer or the JSON
// writer on a fake stdout.
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {setImmediate as nextTurn, setTimeout as sleep} from 'node:timers/promises';
import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {followTrace} from '../../source/io/trace-follower.js';
import {readStream} from '../../source/io/trace-follower.js';
import {SseFramer} from '../../source/io/sse/framer.js';
import {decodeSseEvent} from '../../source/io/sse/decode-event.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionStore} from '../../source/model/session-store.js';
import {attachJsonWriter} from '../../source/output/json-writer.js';
import {attachPrinter, PrerenderedOutputs} from '../../source/output/printer.js';
import {
	copyFixture,
	fixtureBytes,
	makeTempDir,
	removeTempDir,
	rotatedSessionId,
	tracesFixtureDir,
} from '../support/io-fixtures.js';
import {recordedText} from '../support/sse-fixtures.js';
import {jsonBlockKernel} from '../../source/fastpath/wasm.js';
import {fakeStdout} from '../support/fake-stdout.js';

type Mode = 'print' | 'json';

/** A store with print mode's or --json's writer on it, as main.ts makes them. */
function outputFor(mode: Mode): {
	store: SessionStore;
	cut?: (line: Buffer) => ReturnType<PrerenderedOutputs['cut']>;
	finish: () => string;
} {
	const store = new SessionStore(
		{label: 'test', state: 'reading'},
		{recordFinalized: mode === 'print', keepItems: false},
	);
	const {out, text} = fakeStdout();
	const prerendered = mode === 'print' ? new PrerenderedOutputs({kernel: jsonBlockKernel()}) : undefined;
	const attached =
		mode === 'print'
			? attachPrinter(store, out, {color: false, canRebuild: false, prerendered})
			: attachJsonWriter(store, out);
	return {
		store,
		cut: prerendered && (line => prerendered.cut(line)),
		finish() {
			attached.finish();
			return text();
		},
	};
}

/** A reading plan: the bytes cut at `cuts`, with a pause (ms; 0 = the next turn of the loop) before some pieces. */
type Plan = {cuts: number[]; pauses: Map<number, number>};

function piecesOf(bytes: Buffer, plan: Plan): Buffer[] {
	const points = [...new Set(plan.cuts.filter(at => at > 0 && at < bytes.length))].sort((a, b) => a - b);
	const pieces: Buffer[] = [];
	let start = 0;
	for (const at of [...points, bytes.length]) {
		pieces.push(bytes.subarray(start, at));
		start = at;
	}
	return pieces;
}

async function* readsOf(bytes: Buffer, plan: Plan): AsyncGenerator<Buffer> {
	const pieces = piecesOf(bytes, plan);
	for (let i = 0; i < pieces.length; i++) {
		const pause = plan.pauses.get(i);
		if (pause === 0) await nextTurn();
		else if (pause !== undefined) await sleep(pause);
		yield pieces[i]!;
	}
}

/** A trace read as standard input is: readStream over the reads of the plan. */
async function printTrace(bytes: Buffer, plan: Plan, mode: Mode): Promise<string> {
	const {store, cut, finish} = outputFor(mode);
	const reader = readStream(readsOf(bytes, plan), batch => store.apply(batch), {label: 'test', cut});
	await reader.done;
	return finish();
}

/** An SSE stream as the client reads it: framed, decoded, and handed on once per read. */
async function printStream(bytes: Buffer, plan: Plan, mode: Mode): Promise<string> {
	const {store, finish} = outputFor(mode);
	let pending: ModelInput[] = [];
	const framer = new SseFramer({onEvent: event => pending.push(decodeSseEvent(event))});
	for await (const piece of readsOf(bytes, plan)) {
		framer.push(piece);
		const batch = pending;
		pending = [];
		store.apply(batch);
	}
	store.apply([{kind: 'end'}]);
	return finish();
}

/** Offsets that fall inside a multi-byte UTF-8 character (after its first byte). */
function insideCharacters(bytes: Buffer): number[] {
	const at: number[] = [];
	for (let i = 0; i < bytes.length; i++) if ((bytes[i]! & 0xc0) === 0x80) at.push(i);
	return at;
}

/** Offsets just after each line end: one read per line. */
function lineEnds(bytes: Buffer): number[] {
	const at: number[] = [];
	for (let i = bytes.indexOf(10); i !== -1; i = bytes.indexOf(10, i + 1)) at.push(i + 1);
	return at;
}

/** Random plans: cuts anywhere, cuts inside characters, one read per line, tiny reads; a few pauses. */
function plans(bytes: Buffer): fc.Arbitrary<Plan> {
	const anywhere = fc.array(fc.integer({min: 1, max: bytes.length - 1}), {maxLength: 40});
	const inChars = insideCharacters(bytes);
	const inside = inChars.length > 0 ? fc.subarray(inChars, {maxLength: 30}) : fc.constant<number[]>([]);
	const perLine = fc.constant(lineEnds(bytes));
	const tiny = fc
		.integer({min: 1, max: 97})
		.map(step => Array.from({length: Math.floor(bytes.length / step)}, (_, i) => (i + 1) * step));
	const cuts = fc.oneof(
		fc.tuple(anywhere, inside).map(([a, b]) => [...a, ...b]),
		fc.tuple(perLine, anywhere).map(([a, b]) => [...a, ...b.slice(0, 5)]),
		perLine,
		tiny,
	);
	const pauses = fc
		.array(fc.tuple(fc.nat(200), fc.constantFrom(0, 0, 0, 1, 3)), {maxLength: 4})
		.map(list => new Map(list));
	// Shown short when a run fails: a plan can hold thousands of cuts.
	return fc.record({cuts, pauses}).map(plan =>
		Object.assign(plan, {
			[fc.toStringMethod]: () =>
				`${plan.cuts.length} cuts [${plan.cuts.slice(0, 12).join(', ')}${plan.cuts.length > 12 ? ', …' : ''}], pauses` +
				` before pieces ${[...plan.pauses.keys()].join(', ')}`,
		}),
	);
}

const whole: Plan = {cuts: [], pauses: new Map()};

const traceFiles = readdirSync(tracesFixtureDir).filter(name => name.endsWith('.jsonl'));
// The rotated session as one stream: its second shard's session_meta starts the next context.
const traces: Array<[string, Buffer]> = [
	...traceFiles.map(name => [name, fixtureBytes(name)] as [string, Buffer]),
	[
		`${rotatedSessionId} (both shards)`,
		Buffer.concat([fixtureBytes(`${rotatedSessionId}_001.jsonl`), fixtureBytes(`${rotatedSessionId}_002.jsonl`)]),
	],
];
const streams: Array<[string, Buffer]> = [
	'A-session-stream.jsonl',
	'A-user-events-stream.jsonl',
	'B-reconnect-unknown-epoch.jsonl',
].map(name => [name, Buffer.from(recordedText(name))]);

describe.each(['print', 'json'] as const)('%s output depends only on the bytes', mode => {
	test.each(traces)('trace %s', async (_name, bytes) => {
		const expected = await printTrace(bytes, whole, mode);
		expect(expected.length).toBeGreaterThan(0);
		await fc.assert(
			fc.asyncProperty(plans(bytes), async plan => {
				expect(await printTrace(bytes, plan, mode)).toBe(expected);
			}),
			{numRuns: 25},
		);
	});

	test.each(streams)('stream %s', async (_name, bytes) => {
		const expected = await printStream(bytes, whole, mode);
		await fc.assert(
			fc.asyncProperty(plans(bytes), async plan => {
				expect(await printStream(bytes, plan, mode)).toBe(expected);
			}),
			{numRuns: 25},
		);
	});
});

describe('a followed trace folder read in reads of any size', () => {
	let folder: string;
	beforeAll(() => {
		folder = makeTempDir('penguin-view-bytes-');
		copyFixture(`${rotatedSessionId}_001.jsonl`, folder);
		copyFixture(`${rotatedSessionId}_002.jsonl`, folder);
	});
	afterAll(() => removeTempDir(folder));

	async function printFolder(chunkBytes: number | undefined): Promise<string> {
		const {store, cut, finish} = outputFor('print');
		const shards = [1, 2].map(index => path.join(folder, `${rotatedSessionId}_00${index}.jsonl`));
		await new Promise<void>(resolve => {
			const follower = followTrace({
				sessionId: rotatedSessionId,
				folder,
				shards,
				follow: false,
				chunkBytes,
				cut,
				onInputs: batch => {
					store.apply(batch);
					if (batch.some(input => input.kind === 'end')) void follower.close().then(resolve);
				},
			});
		});
		return finish();
	}

	test('prints the same whatever the read size', async () => {
		const expected = await printFolder(undefined);
		expect(expected).toContain('· 10 tools');
		await fc.assert(
			fc.asyncProperty(fc.integer({min: 24, max: 2000}), async chunkBytes => {
				expect(await printFolder(chunkBytes)).toBe(expected);
			}),
			{numRuns: 8},
		);
	});
});
