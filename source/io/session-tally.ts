/**
 * A session's requests and tokens for the overview, kept up to date by reading each shard
 * only past where the last read stopped: a growing trace costs its new bytes, not its size.
 * The first read of a shard is whole (once; the overview runs it behind the listing). Only
 * lines that name token_usage are parsed; a gzip shard is left out (it never grows).
 */
import {open} from 'node:fs/promises';
import type {TokenCounts} from '../protocol/types.js';
import {requestTokensOf} from './session-usage.js';
import {isGzipHead} from './gunzip.js';

/** What the token_usage lines of a session's shards add up to. */
export type Tally = {requests: number; tokens: TokenCounts};

type ShardTally = Tally & {offset: number; gzip: boolean};

const chunkBytes = 1 << 20;
const zero = (): TokenCounts => ({cache_read: 0, cache_write: 0, output: 0, total: 0});

/** Adds the token_usage lines of `text` (whole lines) to `into`. */
export function addUsageLines(text: string, into: Tally): void {
	let start = 0;
	for (;;) {
		const found = text.indexOf('"token_usage"', start);
		if (found < 0) return;
		const lineStart = text.lastIndexOf('\n', found) + 1;
		const end = text.indexOf('\n', found);
		const line = text.slice(lineStart, end < 0 ? text.length : end);
		start = end < 0 ? text.length : end + 1;
		const request = requestTokensOf(line);
		if (request === undefined) continue;
		into.requests++;
		into.tokens.cache_read += request.cache_read;
		into.tokens.cache_write += request.cache_write;
		into.tokens.output += request.output;
		into.tokens.total += request.total;
	}
}

/** Per shard: what was counted and where reading stopped. */
export class SessionTallies {
	private readonly shards = new Map<string, ShardTally>();

	/** The sum over `files`, reading each past its last offset; undefined when none could be read. */
	async tally(files: readonly string[]): Promise<Tally | undefined> {
		const sum: Tally = {requests: 0, tokens: zero()};
		let read = false;
		for (const file of files) {
			const shard = await this.advance(file).catch(() => undefined);
			if (shard === undefined || shard.gzip) continue;
			read = true;
			sum.requests += shard.requests;
			for (const key of ['cache_read', 'cache_write', 'output', 'total'] as const) sum.tokens[key] += shard.tokens[key];
		}
		return read ? sum : undefined;
	}

	/** Forgets shards not in `keep` (sessions no longer listed). */
	retain(keep: ReadonlySet<string>): void {
		for (const file of this.shards.keys()) if (!keep.has(file)) this.shards.delete(file);
	}

	private async advance(file: string): Promise<ShardTally> {
		const handle = await open(file, 'r');
		try {
			const {size} = await handle.stat();
			let shard = this.shards.get(file);
			if (shard === undefined || size < shard.offset) {
				const head = Buffer.alloc(2);
				await handle.read(head, 0, 2, 0);
				shard = {requests: 0, tokens: zero(), offset: 0, gzip: isGzipHead(head)};
				this.shards.set(file, shard);
			}
			while (!shard.gzip && shard.offset < size) {
				const length = Math.min(chunkBytes, size - shard.offset);
				const buffer = Buffer.alloc(length);
				const {bytesRead} = await handle.read(buffer, 0, length, shard.offset);
				// Only whole lines: the rest is read again with what follows it.
				const last = buffer.lastIndexOf(10, bytesRead - 1);
				if (last < 0) {
					if (bytesRead < chunkBytes) break;
					// A line longer than a chunk is an image or an output, never a token_usage.
					shard.offset += bytesRead;
					continue;
				}
				addUsageLines(buffer.subarray(0, last + 1).toString('utf8'), shard);
				shard.offset += last + 1;
			}
			return shard;
		} finally {
			await handle.close().catch(() => undefined);
		}
	}
}
