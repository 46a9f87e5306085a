// A followed trace replaced by another file, as tail -F sees it: moved over it (another inode), or
// copied over it (the same inode, truncated and written again, or written over in place). The whole
// session starts over from the new file: nothing of the old one stays in the counts or the items, one
// notice with its time says so, and the texts kept on disk are read from the new file.
import {closeSync, copyFileSync, openSync, renameSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {startFileSession} from '../../source/io/file-session.js';
import {HeldTextStore} from '../../source/io/held-texts.js';
import {shown} from '../../source/model/held-text.js';
import {SessionStore} from '../../source/model/session-store.js';
import type {Item} from '../../source/model/view-model.js';
import {fixtureBytes, makeTempDir, removeTempDir, waitFor} from '../support/io-fixtures.js';

// Six requests, then three (in a longer file): summed, the counts would say 9.
const first = 'session-2026-12-02-14-43-17-d6ae8f31';
const second = 'session-2026-12-02-14-43-17-694155ee';

let dir: string;
let stop: (() => Promise<void>) | undefined;
beforeEach(() => {
	dir = makeTempDir('penguin-view-replaced-');
});
afterEach(async () => {
	await stop?.();
	stop = undefined;
	removeTempDir(dir);
});

/** `trace.jsonl` holding the first session, followed as the screen follows it (texts held on disk). */
async function followed() {
	const file = path.join(dir, 'trace.jsonl');
	writeFileSync(file, fixtureBytes(`${first}_001.jsonl`));
	const held = new HeldTextStore({threshold: 1});
	const store = new SessionStore({label: 'trace.jsonl', state: 'following'}, {keepItems: true, holdText: held.hold});
	store.tap(batch => held.observe(batch));
	store.tapRebuild(() => held.reopen());
	const source = startFileSession(
		{sessionId: 'trace', folder: dir, shards: [file], single: true},
		{store, dataRoot: dir, follow: true, hold: false, children: false},
	);
	stop = async () => {
		await source.close();
		held.close();
	};
	await waitFor(
		() => store.view.header.sessionId === first && store.view.counts.requests === 6,
		'the first session read',
	);
	return {file, store, held};
}

/** The counts of `files` read on their own, to the end. */
async function alone(files: string[]): Promise<{requests: number; messages: number}> {
	const store = new SessionStore({label: 'x', state: 'reading'}, {keepItems: false});
	const source = startFileSession(
		{sessionId: 'x', folder: dir, shards: files, single: files.length === 1},
		{store, dataRoot: dir, follow: false, hold: false, children: false},
	);
	await waitFor(() => store.view.ended, 'the end');
	await source.close();
	return {requests: store.view.counts.requests, messages: store.view.counts.messages};
}

/** What each item says, its held texts read back. */
function texts(items: readonly Item[], held: HeldTextStore): string[] {
	return items.map(item => JSON.stringify(shown(item, held)));
}

describe('a followed trace replaced by another', () => {
	const cases: Array<[string, (file: string) => void]> = [
		[
			'mv other.jsonl trace.jsonl',
			file => {
				const other = path.join(dir, 'other.jsonl');
				writeFileSync(other, fixtureBytes(`${second}_001.jsonl`));
				renameSync(other, file);
			},
		],
		[
			'cp other.jsonl trace.jsonl (truncated, then written)',
			file => {
				const other = path.join(dir, 'other.jsonl');
				writeFileSync(other, fixtureBytes(`${second}_001.jsonl`));
				copyFileSync(other, file);
			},
		],
		[
			'written over in place, never shorter than what was read',
			file => {
				const fd = openSync(file, 'r+');
				try {
					writeSync(fd, fixtureBytes(`${second}_001.jsonl`), 0, undefined, 0);
				} finally {
					closeSync(fd);
				}
			},
		],
	];
	for (const [name, replace] of cases) {
		it(`${name}: the session starts over from the new file, with one notice`, async () => {
			const {file, store, held} = await followed();
			// Drawn before the change: the store has the old file open.
			expect(texts(store.view.items, held).join('\n')).not.toContain('no longer in');
			replace(file);
			await waitFor(
				() => store.view.header.sessionId === second && store.view.counts.requests === 3,
				'the second session read',
			);
			const view = store.view;
			expect(view.counts.requests).toBe(3);
			expect(view.counts.malformed).toBe(0);
			const notices = view.items.filter(item => item.kind === 'notice');
			expect(notices).toHaveLength(1);
			expect(notices[0]).toMatchObject({text: 'trace.jsonl was replaced: reading it from the start', level: 'warn'});
			expect(notices[0]!.at).toBeTypeOf('number');
			// Every other item is the second session's, its texts read back from the new file.
			const read = texts(
				view.items.filter(item => item.kind !== 'notice'),
				held,
			);
			expect(read.join('\n')).not.toContain('no longer in');
			expect(read.length).toBeGreaterThan(10);
			expect(view.items.some(item => item.kind === 'tool_call')).toBe(true);
		});
	}

	it('the followed shard of a sharded session: the whole session is read again, from _001', async () => {
		const rotated = 'session-2026-12-02-14-45-42-8e7b556c';
		const shards = [1, 2].map(n => path.join(dir, `${rotated}_00${n}.jsonl`));
		for (const [i, file] of shards.entries()) writeFileSync(file, fixtureBytes(`${rotated}_00${i + 1}.jsonl`));
		const store = new SessionStore({label: path.basename(shards[1]!), state: 'following'}, {keepItems: true});
		const source = startFileSession(
			{sessionId: rotated, folder: dir, shards},
			{store, dataRoot: dir, follow: true, hold: false, children: false},
		);
		stop = () => source.close();
		const both = await alone(shards);
		await waitFor(() => store.view.shard === 2 && store.view.counts.messages === both.messages, 'both shards read');
		const other = path.join(dir, 'other.jsonl');
		writeFileSync(other, fixtureBytes('session-2026-12-02-14-44-25-2f8932ff_001.jsonl'));
		// What _001 and the new _002 hold, read on their own: the counts of the session read again, nothing of the old _002.
		const first = await alone([shards[0]!]);
		const second = await alone([other]);
		renameSync(other, shards[1]!);
		const expected = {requests: first.requests + second.requests, messages: first.messages + second.messages};
		await waitFor(
			() => store.view.items.some(item => item.kind === 'notice') && store.view.counts.messages === expected.messages,
			'the session read again',
			{show: () => JSON.stringify(store.view.counts)},
		);
		expect(store.view.counts.requests).toBe(expected.requests);
		expect(store.view.items.filter(item => item.kind === 'notice').map(item => item.text)).toEqual([
			`${rotated}_002.jsonl was replaced: reading it from the start`,
		]);
	});

	it('a file that shrank is read from its start, the session too', async () => {
		const {file, store} = await followed();
		writeFileSync(file, fixtureBytes(`${first}_001.jsonl`).subarray(0, 400));
		await waitFor(() => store.view.items.some(item => item.kind === 'notice'), 'the notice');
		const notices = store.view.items.filter(item => item.kind === 'notice');
		expect(notices.map(item => item.text)).toEqual(['trace.jsonl was replaced: reading it from the start']);
		expect(store.view.counts.requests).toBe(0);
	});
});
