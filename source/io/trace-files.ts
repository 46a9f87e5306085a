/**
 * Trace shard names: `<sessionId>_<NNN>.jsonl`, where NNN (1-based, at least three digits)
 * goes up by one each time compaction rotates the writer.
 */
import {readdir} from 'node:fs/promises';
import path from 'node:path';

/** The parts of a shard file name. */
export type ShardName = {sessionId: string; index: number};

/** One shard of a session found on disk. */
export type ShardFile = ShardName & {path: string};

// Greedy session id: the index is the last `_digits` before `.jsonl`.
const shardPattern = /^(.+)_(\d{3,})\.jsonl$/;

/** Parses a shard file name (or path); undefined when it is not one. */
export function parseShardName(fileName: string): ShardName | undefined {
	const match = shardPattern.exec(path.basename(fileName));
	if (!match) {
		return undefined;
	}
	const index = Number(match[2]);
	if (!Number.isSafeInteger(index) || index < 1) {
		return undefined;
	}
	return {sessionId: match[1], index};
}

/** The file name of shard `index` of a session: `<sessionId>_<NNN>.jsonl`. */
export function shardFileName(sessionId: string, index: number): string {
	return `${sessionId}_${String(index).padStart(3, '0')}.jsonl`;
}

/** The path of the shard after the one at `shardPath` (same folder, index + 1); undefined for a non-shard name. */
export function nextShardPath(shardPath: string): string | undefined {
	const name = parseShardName(shardPath);
	if (!name) {
		return undefined;
	}
	return path.join(path.dirname(shardPath), shardFileName(name.sessionId, name.index + 1));
}

/** The shards of `sessionId` among a folder's file names, sorted by index. */
export function shardsAmong(folder: string, fileNames: Iterable<string>, sessionId: string): ShardFile[] {
	const shards: ShardFile[] = [];
	for (const fileName of fileNames) {
		const name = parseShardName(fileName);
		if (name && name.sessionId === sessionId) {
			shards.push({...name, path: path.join(folder, fileName)});
		}
	}
	return shards.sort((a, b) => a.index - b.index);
}

/**
 * Every shard of `sessionId` in `folder`, sorted by index. Rejects with the fs error when the folder cannot be read.
 */
export async function listShards(folder: string, sessionId: string): Promise<ShardFile[]> {
	return shardsAmong(folder, await readdir(folder), sessionId);
}

/** The shards of one session, as session-locator finds them. */
export type SessionOnDisk = {sessionId: string; folder: string; shards: string[]};

/**
 * A session's trace by id: in `folder` first (where the engine writes children), then among
 * `all()` (every session under the data root, listed only when the folder has none).
 */
export async function findSessionOnDisk(
	sessionId: string,
	folder: string | undefined,
	all: () => Promise<readonly SessionOnDisk[]>,
): Promise<SessionOnDisk | undefined> {
	if (folder !== undefined) {
		try {
			const shards = await listShards(folder, sessionId);
			if (shards.length > 0) return {sessionId, folder, shards: shards.map(shard => shard.path)};
		} catch {
			// An unreadable folder: the data root may still have it.
		}
	}
	const match = (await all()).find(session => session.sessionId === sessionId);
	return match ? {sessionId, folder: match.folder, shards: match.shards} : undefined;
}
