// The follower started mid-file (the preview's live tail): file offsets kept, appends read at once, progress and
// catching up reported.
import {appendFileSync, statSync} from 'node:fs';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {followTrace, type TraceFollower} from '../../source/io/trace-follower.js';
import type {ModelInput} from '../../source/model/input.js';
import {makeTempDir, removeTempDir, waitFor} from '../support/io-fixtures.js';
import {line, meta, perfSessionId, turn, writeShard} from './trace-maker.js';

let dir: string;
let follower: TraceFollower | undefined;
beforeEach(() => {
	dir = makeTempDir('penguin-view-from-');
});
afterEach(async () => {
	await follower?.close();
	follower = undefined;
	removeTempDir(dir);
});

test('from a line start: the lines after it, at their file offsets; then appends; progress up to the end', async () => {
	const head = meta() + turn(1) + turn(2);
	const file = writeShard(dir, 1, head + turn(3));
	const inputs: ModelInput[] = [];
	const progress: number[] = [];
	let caughtUp = 0;
	follower = followTrace({
		sessionId: perfSessionId,
		folder: dir,
		shards: [file],
		follow: true,
		from: {shard: 1, offset: Buffer.byteLength(head), line: 16},
		onInputs: batch => inputs.push(...batch),
		onProgress: (_shard, position) => progress.push(position),
		onCaughtUp: () => caughtUp++,
	});
	await waitFor(() => caughtUp > 0, 'catching up');
	const messages = inputs.flatMap(input => (input.kind === 'message' ? [input] : []));
	expect(messages).toHaveLength(7);
	expect(messages[0]!.message.payload).toMatchObject({type: 'text', text: 'Task 3'});
	expect(messages[0]!.at).toEqual({line: 16, offset: Buffer.byteLength(head), shard: 1});
	expect(progress.at(-1)).toBe(statSync(file).size);
	const before = statSync(file).size;
	appendFileSync(file, line('model_msg', {type: 'text', role: 'user', text: 'appended'}));
	await waitFor(
		() => inputs.some(input => input.kind === 'message' && input.message.payload['text'] === 'appended'),
		'the append',
	);
	const appended = inputs.find(input => input.kind === 'message' && input.message.payload['text'] === 'appended');
	expect(appended?.kind === 'message' && appended.at?.offset).toBe(before);
});
