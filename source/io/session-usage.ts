/**
 * What a session on disk spent, for `--list`'s cost column: every token_usage's `request`
 * counters in its shards, summed (the rows the harness's usage recorder writes). Only lines
 * that name token_usage are parsed; a gzip shard is read through gunzip.
 */
import {createReadStream} from 'node:fs';
import {open} from 'node:fs/promises';
import {createInterface} from 'node:readline';
import {createGunzip} from 'node:zlib';
import {isRecord, isTokenUsagePayload} from '../protocol/guards.js';
import type {AnyPayload, TokenCounts} from '../protocol/types.js';
import {isGzipHead} from './gunzip.js';

/** The summed request counters of `shards`; undefined when none could be read. */
export async function sessionRequestTokens(shards: readonly string[]): Promise<TokenCounts | undefined> {
	const sum: TokenCounts = {cache_read: 0, cache_write: 0, output: 0, total: 0};
	let read = false;
	for (const shard of shards) {
		try {
			await addShard(shard, sum);
			read = true;
		} catch {
			// A shard that cannot be read leaves the sum without it; the listing still shows the session.
		}
	}
	return read ? sum : undefined;
}

async function addShard(file: string, sum: TokenCounts): Promise<void> {
	const head = new Uint8Array(2);
	const handle = await open(file, 'r');
	try {
		await handle.read(head, 0, 2, 0);
	} finally {
		await handle.close();
	}
	const stream = createReadStream(file);
	const input = isGzipHead(head) ? stream.pipe(createGunzip()) : stream;
	const lines = createInterface({input, crlfDelay: Infinity});
	try {
		for await (const line of lines) {
			const request = requestTokensOf(line);
			if (request === undefined) continue;
			sum.cache_read += request.cache_read;
			sum.cache_write += request.cache_write;
			sum.output += request.output;
			sum.total += request.total;
		}
	} finally {
		lines.close();
		stream.destroy();
	}
}

/** A trace line's request counters when it is a token_usage message (only lines that name it are parsed). */
export function requestTokensOf(line: string): TokenCounts | undefined {
	if (!line.includes('"token_usage"')) return undefined;
	let message: unknown;
	try {
		message = JSON.parse(line);
	} catch {
		return undefined;
	}
	const payload = isRecord(message) ? message['payload'] : undefined;
	if (!isRecord(payload) || typeof payload['type'] !== 'string') return undefined;
	const usage = payload as AnyPayload;
	return isTokenUsagePayload(usage) ? usage.request : undefined;
}
