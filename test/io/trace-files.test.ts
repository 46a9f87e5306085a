// Trace shard names: parsing, building, the next shard's path, and listing a session's shards in order.
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {listShards, nextShardPath, parseShardName, shardFileName, shardsAmong} from '../../source/io/trace-files.js';
import {makeTempDir, removeTempDir} from '../support/io-fixtures.js';

const id = 'session-2026-12-02-14-45-42-8e7b556c';

describe('shard names', () => {
	it('parses <sessionId>_<NNN>.jsonl from a name or a path', () => {
		expect(parseShardName(`${id}_001.jsonl`)).toEqual({sessionId: id, index: 1});
		expect(parseShardName(`/data/p/agents/a/traces/2026-12-02/${id}_012.jsonl`)).toEqual({sessionId: id, index: 12});
		expect(parseShardName(`${id}_1000.jsonl`)).toEqual({sessionId: id, index: 1000});
		expect(parseShardName('my_session_002.jsonl')).toEqual({sessionId: 'my_session', index: 2});
	});

	it('rejects names that are not shards', () => {
		for (const name of [
			`${id}.jsonl`,
			`${id}_01.jsonl`,
			`${id}_001.json`,
			`${id}_000.jsonl`,
			`_001.jsonl`,
			`${id}_001.jsonl.bak`,
		]) {
			expect(parseShardName(name), name).toBeUndefined();
		}
	});

	it('builds shard names and the next shard path', () => {
		expect(shardFileName(id, 1)).toBe(`${id}_001.jsonl`);
		expect(shardFileName(id, 1234)).toBe(`${id}_1234.jsonl`);
		expect(nextShardPath(path.join('/t', `${id}_002.jsonl`))).toBe(path.join('/t', `${id}_003.jsonl`));
		expect(nextShardPath(path.join('/t', `${id}_999.jsonl`))).toBe(path.join('/t', `${id}_1000.jsonl`));
		expect(nextShardPath('/t/notes.txt')).toBeUndefined();
	});

	it('picks one session’s shards out of a list of names, by index', () => {
		const names = [`${id}_010.jsonl`, `${id}_002.jsonl`, 'other_001.jsonl', `${id}_001.jsonl`, 'README.md'];
		expect(shardsAmong('/f', names, id).map(shard => shard.index)).toEqual([1, 2, 10]);
	});
});

describe('listShards', () => {
	let dir: string;
	beforeEach(() => {
		dir = makeTempDir();
	});
	afterEach(() => {
		removeTempDir(dir);
	});

	it('lists every shard of a session in a folder, sorted by index', async () => {
		for (const name of [`${id}_003.jsonl`, `${id}_001.jsonl`, `${id}_002.jsonl`, 'session-other_001.jsonl']) {
			writeFileSync(path.join(dir, name), '');
		}
		const shards = await listShards(dir, id);
		expect(shards).toEqual(
			[1, 2, 3].map(index => ({sessionId: id, index, path: path.join(dir, shardFileName(id, index))})),
		);
	});

	it('rejects with the fs error for a missing folder', async () => {
		await expect(listShards(path.join(dir, 'missing'), id)).rejects.toMatchObject({code: 'ENOENT'});
	});
});
