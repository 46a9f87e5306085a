// Session locator: trace file, session id and folder arguments resolved in a temp data root, the session listing, and
// each error message.
import {execFileSync} from 'node:child_process';
import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {dataRootFrom} from '../../source/settings.js';
import {describeFsError, listSessions, locateSession} from '../../source/io/session-locator.js';
import {copyFixture, fixtureBytes, makeTempDir, removeTempDir, rotatedSessionId} from '../support/io-fixtures.js';

const older = 'session-2026-12-02-14-43-08-07326dfd';
const child = 'session-2026-12-02-14-43-19-1fcdf9f5';
const elsewhere = 'session-2026-12-02-14-44-25-2f8932ff';

let root: string;
let dateDir: string;
let otherDateDir: string;

function touch(file: string, seconds: number): void {
	utimesSync(file, seconds, seconds);
}

// <root>/<project>/agents/<agent>/traces/<date>/ as PenguinHarness lays it out.
beforeEach(() => {
	root = makeTempDir('penguin-view-root-');
	dateDir = path.join(root, 'proj-a', 'agents', 'main', 'traces', '2026-12-02');
	otherDateDir = path.join(root, 'proj-b', 'agents', 'helper', 'traces', '2026-12-01');
	touch(copyFixture(`${older}_001.jsonl`, dateDir), 1000);
	touch(copyFixture(`${child}_001.jsonl`, dateDir), 2000);
	touch(copyFixture(`${rotatedSessionId}_001.jsonl`, dateDir), 1500);
	touch(copyFixture(`${rotatedSessionId}_002.jsonl`, dateDir), 3000);
	touch(copyFixture(`${elsewhere}_001.jsonl`, otherDateDir), 2500);
	writeFileSync(path.join(dateDir, 'notes.txt'), 'not a trace');
});

afterEach(() => {
	removeTempDir(root);
});

const rotatedShards = (): string[] => [1, 2].map(i => path.join(dateDir, `${rotatedSessionId}_00${i}.jsonl`));

describe('locateSession', () => {
	it('resolves any shard of a session to all its shards, _001 first', async () => {
		for (const shard of rotatedShards()) {
			expect(await locateSession(shard, {dataRoot: '/nowhere'})).toEqual({
				ok: true,
				kind: 'session',
				sessionId: rotatedSessionId,
				folder: dateDir,
				shards: rotatedShards(),
			});
		}
	});

	it('looks a session id up under the data root', async () => {
		expect(await locateSession(rotatedSessionId, {dataRoot: root})).toEqual({
			ok: true,
			kind: 'session',
			sessionId: rotatedSessionId,
			folder: dateDir,
			shards: rotatedShards(),
		});
		expect(await locateSession(elsewhere, {dataRoot: root})).toMatchObject({ok: true, folder: otherDateDir});
	});

	it('opens a session by the short id --list shows, or by any start of it', async () => {
		expect(await locateSession('8e7b556c', {dataRoot: root})).toEqual({
			ok: true,
			kind: 'session',
			sessionId: rotatedSessionId,
			folder: dateDir,
			shards: rotatedShards(),
		});
		expect(await locateSession('2f8932', {dataRoot: root})).toMatchObject({
			ok: true,
			sessionId: elsewhere,
			folder: otherDateDir,
		});
	});

	it('lists the candidates, one line each, when a short id is ambiguous', async () => {
		const twin = 'session-2026-12-03-09-00-00-8e7b0000';
		writeFileSync(path.join(otherDateDir, `${twin}_001.jsonl`), fixtureBytes(`${older}_001.jsonl`));
		const result = await locateSession('8e7b', {dataRoot: root});
		expect(result).toEqual({
			ok: false,
			message: `8e7b: 2 sessions match; give more of the id:\n  ${rotatedSessionId}\n  ${twin}`,
		});
	});

	it('picks the session with the newest shard in any folder of the layout', async () => {
		const folders = [
			dateDir,
			path.dirname(dateDir),
			path.join(root, 'proj-a', 'agents', 'main'),
			path.join(root, 'proj-a', 'agents'),
			path.join(root, 'proj-a'),
			root,
		];
		for (const folder of folders) {
			const result = await locateSession(folder, {dataRoot: '/nowhere'});
			expect(result, folder).toMatchObject({ok: true, sessionId: rotatedSessionId, shards: rotatedShards()});
		}
		touch(path.join(otherDateDir, `${elsewhere}_001.jsonl`), 4000);
		expect(await locateSession(root, {dataRoot: root})).toMatchObject({ok: true, sessionId: elsewhere});
		expect(await locateSession(dateDir, {dataRoot: root})).toMatchObject({ok: true, sessionId: rotatedSessionId});
	});

	it('says when a path does not exist', async () => {
		const missing = path.join(root, 'nope', `${older}_001.jsonl`);
		expect(await locateSession(missing, {dataRoot: root})).toEqual({
			ok: false,
			message: `${missing}: no such file or directory`,
		});
	});

	it('says when a session id is unknown, naming the root searched', async () => {
		const id = 'session-2030-01-01-00-00-00-deadbeef';
		expect(await locateSession(id, {dataRoot: root})).toEqual({
			ok: false,
			message: `${id}: unknown session id (searched ${root})`,
		});
		const missingRoot = path.join(root, 'missing-root');
		expect(await locateSession(id, {dataRoot: missingRoot})).toEqual({
			ok: false,
			message: `${id}: unknown session id (data root ${missingRoot}: no such file or directory)`,
		});
		expect(await locateSession('typo-folder', {dataRoot: root})).toEqual({
			ok: false,
			message: `typo-folder: no such file, and no session with that id (searched ${root})`,
		});
	});

	it('says when a folder holds no traces', async () => {
		const empty = path.join(root, 'proj-c', 'agents', 'x', 'traces');
		mkdirSync(path.join(empty, '2026-12-05'), {recursive: true});
		expect(await locateSession(empty, {dataRoot: root})).toEqual({
			ok: false,
			message: `${empty}: no trace files found in this folder`,
		});
	});

	it('opens a file of any other name alone, as a session of one file', async () => {
		const file = path.join(dateDir, 'notes.txt');
		expect(await locateSession(file, {dataRoot: root})).toEqual({
			ok: true,
			kind: 'session',
			sessionId: 'notes.txt',
			folder: dateDir,
			shards: [file],
			single: true,
		});
		// Named like a shard but copied under another name: still that file alone, not its session's chain.
		const copy = copyFixture(`${rotatedSessionId}_001.jsonl`, dateDir, 'trace.jsonl');
		expect(await locateSession(copy, {dataRoot: root})).toMatchObject({ok: true, shards: [copy], single: true});
	});

	it('tells gzip data by its first bytes, whatever the name', async () => {
		const plain = fixtureBytes(`${older}_001.jsonl`);
		for (const name of ['trace.jsonl.gz', 'x.log', `${older}_001.jsonl`]) {
			const folder = path.join(root, 'gz', name);
			mkdirSync(folder, {recursive: true});
			const file = path.join(folder, name);
			writeFileSync(file, gzipSync(plain));
			expect(await locateSession(file, {dataRoot: root}), name).toEqual({
				ok: true,
				kind: 'session',
				sessionId: name,
				folder,
				shards: [file],
				single: true,
				compressed: true,
			});
		}
		// A `.gz` name over plain text is read as the text it is.
		const misnamed = path.join(root, 'plain.jsonl.gz');
		writeFileSync(misnamed, plain);
		expect(await locateSession(misnamed, {dataRoot: root})).toEqual({
			ok: true,
			kind: 'session',
			sessionId: 'plain.jsonl.gz',
			folder: root,
			shards: [misnamed],
			single: true,
		});
	});

	it('opens a later shard copied without the earlier ones as the shards that are there', async () => {
		const alone = path.join(root, 'alone');
		const third = copyFixture(`${rotatedSessionId}_002.jsonl`, alone, `${rotatedSessionId}_003.jsonl`);
		expect(await locateSession(third, {dataRoot: root})).toEqual({
			ok: true,
			kind: 'session',
			sessionId: rotatedSessionId,
			folder: alone,
			shards: [third],
		});
	});

	// Unreadable traces and folders: test/faults/permissions.test.ts (the built program, run as nobody when the tests run
	// as root).

	it.skipIf(process.platform === 'win32')('returns a FIFO as a stream to read', async () => {
		const fifo = path.join(root, 'pipe');
		execFileSync('mkfifo', [fifo]);
		expect(await locateSession(fifo, {dataRoot: root})).toEqual({ok: true, kind: 'stream', path: fifo});
	});
});

describe('listSessions', () => {
	it('lists every session under a root with shards, size and last mtime, newest first', async () => {
		const result = await listSessions(root);
		expect(result.ok).toBe(true);
		if (!result.ok) {
			return;
		}
		expect(result.sessions.map(session => [session.sessionId, session.shards.length, session.mtimeMs])).toEqual([
			[rotatedSessionId, 2, 3_000_000],
			[elsewhere, 1, 2_500_000],
			[child, 1, 2_000_000],
			[older, 1, 1_000_000],
		]);
		const rotated = result.sessions[0];
		expect(rotated.shards).toEqual(rotatedShards());
		expect(rotated.size).toBe(35238 + 27002);
		expect(rotated.folder).toBe(dateDir);
	});

	it('reports a missing root as a value', async () => {
		const missing = path.join(root, 'missing');
		expect(await listSessions(missing)).toEqual({ok: false, message: `${missing}: no such file or directory`});
	});
});

describe('helpers', () => {
	it('takes the data root from PENGUIN_HOME, else ~/.penguin/data', () => {
		expect(dataRootFrom({PENGUIN_HOME: '/srv/penguin'}, '/home/u')).toBe('/srv/penguin');
		expect(dataRootFrom({}, '/home/u')).toBe(path.join('/home/u', '.penguin', 'data'));
	});

	it('describes fs errors briefly', () => {
		const error = (code: string): Error => Object.assign(new Error(`${code}: long message`), {code});
		expect(describeFsError(error('ENOENT'))).toBe('no such file or directory');
		expect(describeFsError(error('EACCES'))).toBe('permission denied');
		expect(describeFsError(error('EISDIR'))).toBe('is a directory');
		expect(describeFsError(error('EIO'))).toBe('EIO: long message');
	});
});
