// Tail-first opening: a trace's end read as a preview (header, last lines at their real offsets, token totals), then
// the whole session swapped in.
import {appendFileSync, openSync, readSync, closeSync, statSync} from 'node:fs';
import {afterEach, beforeEach, expect, test} from 'vitest';
import {followTrace, type FollowOptions} from '../../source/io/trace-follower.js';
import {openTailFirst, readTailPreview} from '../../source/io/tail-first.js';
import type {ModelInput} from '../../source/model/input.js';
import {SessionModel} from '../../source/model/session-model.js';
import {SessionStore} from '../../source/model/session-store.js';
import {makeTempDir, removeTempDir, waitFor} from '../support/io-fixtures.js';
import {line, meta, perfSessionId, turn, writeShard} from './trace-maker.js';

let dir: string;
beforeEach(() => {
	dir = makeTempDir('penguin-view-perf-');
});
afterEach(() => removeTempDir(dir));

const messages = (inputs: ModelInput[]) => inputs.flatMap(input => (input.kind === 'message' ? [input] : []));

function lineAt(file: string, offset: number): string {
	const buffer = Buffer.alloc(64 * 1024);
	const fd = openSync(file, 'r');
	const read = readSync(fd, buffer, 0, buffer.length, offset);
	closeSync(fd);
	const text = buffer.toString('utf8', 0, read);
	return text.slice(0, text.indexOf('\n'));
}

test('the preview holds the header and the last lines, each at the offset where it is in the file', () => {
	let text = meta();
	for (let n = 1; n <= 300; n++) text += turn(n);
	const file = writeShard(dir, 1, text);
	const preview = readTailPreview(file, 1, 64 * 1024)!;
	expect(preview.inputs[0]).toEqual({kind: 'shard', index: 1, path: file});
	const found = messages(preview.inputs);
	expect(found[0]!.message.type).toBe('session_meta');
	expect(found[0]!.at).toEqual({line: 1, offset: 0, shard: 1});
	// Only the end: far fewer lines than the file has, the last one last.
	expect(found.length).toBeLessThan(300);
	expect(found.length).toBeGreaterThanOrEqual(64);
	for (const input of found) expect(JSON.parse(lineAt(file, input.at!.offset))).toEqual(input.message);
	expect(preview.end).toBe(statSync(file).size);
	expect(found.at(-1)!.message.payload['tool_call_id']).toBe('call_300');
});

test('a trace smaller than the window is read whole', () => {
	const file = writeShard(dir, 1, meta() + turn(1) + turn(2));
	const preview = readTailPreview(file, 1)!;
	expect(messages(preview.inputs)).toHaveLength(1 + 2 * 7);
});

test('the token totals come from the last token_usage even when the window holds none', () => {
	let text = meta();
	for (let n = 1; n <= 40; n++) text += turn(n);
	// Then many lines without token usage: the window is full before it reaches any.
	for (let n = 0; n < 200; n++) text += line('model_msg', {type: 'text', role: 'assistant', text: `more ${n}`});
	const file = writeShard(dir, 1, text);
	const preview = readTailPreview(file, 1, 8 * 1024)!;
	const model = new SessionModel();
	model.applyAll(preview.inputs, 0);
	expect(model.view.tokens.session?.total).toBe(40_000);
	expect(model.view.header.modelId).toBe('perf-model');
	expect(model.view.items.filter(item => item.kind === 'user_text')).toHaveLength(0);
});

test(
	'the screen gets the end at once, the history behind ' + 'it with progress, then the whole session in its place',
	async () => {
		let text = meta();
		for (let n = 1; n <= 400; n++) text += turn(n);
		const file = writeShard(dir, 1, text);
		const store = new SessionStore({label: 'x', state: 'reading'});
		const seen: Array<{items: number; loading?: number}> = [];
		store.subscribe(() => seen.push({items: store.view.items.length, loading: store.status.loading}));
		const shards = [file];
		const source = openTailFirst(
			{sessionId: perfSessionId, folder: dir, shards},
			{
				store,
				follow: false,
				tailBytes: 32 * 1024,
				startHistory: hooks =>
					followTrace({
						sessionId: perfSessionId,
						folder: dir,
						shards,
						follow: false,
						chunkBytes: 64 * 1024,
						onInputs: batch => store.apply(batch),
						...hooks,
					} satisfies FollowOptions),
			},
		);
		// At once: the preview, with the last task in it and the header.
		expect(store.previewing).toBe(true);
		expect(store.view.header.modelId).toBe('perf-model');
		const previewTexts = store.view.items.flatMap(item => (item.kind === 'user_text' ? [item.text] : []));
		expect(previewTexts.at(-1)).toBe('Task 400');
		expect(previewTexts.length).toBeLessThan(400);
		expect(store.status.loading).toBe(0);
		const previewIds = new Map(
			store.view.items.flatMap(item => (item.kind === 'user_text' ? [[item.text, item.id] as const] : [])),
		);
		await waitFor(() => !store.previewing, 'the history to be swapped in');
		// The same items keep their ids (focus, open panes, a scrolled viewport stay put), and
		// ids still grow in reading order.
		for (const item of store.view.items)
			if (item.kind === 'user_text' && previewIds.has(item.text)) expect(item.id).toBe(previewIds.get(item.text));
		const ids = store.view.items.map(item => item.id);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(new Set(ids).size).toBe(ids.length);
		const all = store.view.items.flatMap(item => (item.kind === 'user_text' ? [item.text] : []));
		expect(all).toHaveLength(400);
		expect(all[0]).toBe('Task 1');
		expect(store.view.ended).toBe(true);
		expect(store.status.loading).toBeUndefined();
		// Progress went up while loading, and nothing half-built was ever shown.
		const loads = seen.flatMap(entry => (entry.loading === undefined ? [] : [entry.loading]));
		expect(loads.length).toBeGreaterThan(1);
		expect(loads).toEqual([...loads].sort((a, b) => a - b));
		expect(seen.filter(entry => entry.items !== seen[0]!.items && entry.items !== store.view.items.length)).toEqual([]);
		await source.close();
	},
);

test('while the history loads, the preview follows what is appended', async () => {
	let text = meta();
	for (let n = 1; n <= 50; n++) text += turn(n);
	const file = writeShard(dir, 1, text);
	const store = new SessionStore({label: 'x', state: 'following'});
	let release: (() => void) | undefined;
	const source = openTailFirst(
		{sessionId: perfSessionId, folder: dir, shards: [file]},
		{
			store,
			follow: true,
			// A history that has not caught up yet: the preview stays.
			startHistory: hooks => {
				release = hooks.onCaughtUp;
				return {close() {}};
			},
		},
	);
	appendFileSync(file, line('model_msg', {type: 'text', role: 'user', text: 'appended while loading'}));
	await waitFor(
		() => store.view.items.some(item => item.kind === 'user_text' && item.text === 'appended while loading'),
		'the append in the preview',
	);
	release!();
	expect(store.previewing).toBe(false);
	await source.close();
});

test('with no shard to preview, the session is read as usual', async () => {
	const store = new SessionStore({label: 'x', state: 'reading'});
	let started = false;
	const source = openTailFirst(
		{sessionId: perfSessionId, folder: dir, shards: []},
		{
			store,
			follow: false,
			startHistory: () => {
				started = true;
				return {close() {}};
			},
		},
	);
	expect(started).toBe(true);
	expect(store.previewing).toBe(false);
	await source.close();
});
