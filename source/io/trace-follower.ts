/**
 * Reads a session's trace shards from `_001` on, then (when following) keeps reading the
 * newest like `tail -F`: through appends, rotation to the next shard, truncation, deletion
 * and re-creation. Everything it learns goes to one callback as batches of ModelInput.
 * This is the only I/O module that watches files and runs timers.
 */
import {closeSync, constants, fstatSync, openSync, read, readSync, statSync} from 'node:fs';
import path from 'node:path';
import {yieldToLoop} from './yield-to-loop.js';
import type {ModelInput} from '../model/input.js';
import {finishLines, toInputs} from './line-inputs.js';
import type {FollowOptions, TraceFollower} from './follow-options.js';
import {LineSplitter, type SplitItem} from './line-splitter.js';
import {batchEnd, wholeLines} from './read-chunks.js';
import {fileHead} from './file-head.js';
import {describeFsError} from './session-locator.js';
import {ShardFileWatch, watchShardFolder} from './shard-watch.js';
import {parseShardName, shardFileName} from './trace-files.js';

export type {FollowOptions, TraceFollower} from './follow-options.js';
export {readStream, type StreamOptions, type StreamReader} from './stream-reader.js';
export type {InputsHandler} from './line-inputs.js';

/** Default bytes per read. */
export const defaultChunkBytes = 1024 * 1024;
/** Default safety poll interval while following, in ms. */
export const defaultPollMs = 250;
/** Most bytes read synchronously for one append event before handing over to an async read. */
const appendReadLimit = 4 * 1024 * 1024;

/** Starts reading a session's shards; see FollowOptions. */
export function followTrace(options: FollowOptions): TraceFollower {
	const follower = new Follower(options);
	follower.start();
	return {close: async () => follower.close()};
}

type Shard = {
	index: number;
	path: string;
	name: string;
	splitter: LineSplitter;
	/** Bytes read so far (the next read's file offset). */
	position: number;
	/** The file offset the splitter's offsets count from (a start in the middle of a file). */
	base: number;
	/** The line number of the splitter's first line, minus one. */
	lineBase: number;
	/** `dev:ino` of the file last read, to notice a replacement. */
	identity?: string;
	/** Deleted (or not there yet); waiting for it. */
	missing: boolean;
	/** The file's first bytes (io/file-head.ts): other bytes there mean another file was copied over it. */
	head?: Buffer;
};

class Follower {
	private readonly options: FollowOptions;
	private readonly known: Array<{index: number; path: string}>;
	private readonly buffer: Buffer;
	// A second buffer: the next chunk is read into it while the last one is parsed.
	private readonly spare: Buffer;
	private current: Shard;
	private batch: ModelInput[] = [];
	private closed = false;
	private busy = false;
	private again = false;
	private running: Promise<void> | undefined;
	private timer: NodeJS.Timeout | undefined;
	// The watched shard's own watch (only an append is expected: the cheap path).
	private readonly fileWatch = new ShardFileWatch(() => this.schedule(false));
	private folderWatch: {close(): Promise<void>} | undefined;
	// Set by what may mean more than an append (poll, folder events, start): a full step.
	private fullCheck = true;
	private lastError: string | undefined;

	constructor(options: FollowOptions) {
		this.options = options;
		// Memory of their own, never a slice of Buffer's shared pool (Node 24 pools up to 32 KiB):
		// they live as long as the follower, and a line is a view of one of them.
		this.buffer = Buffer.allocUnsafeSlow(options.chunkBytes ?? defaultChunkBytes);
		this.spare = Buffer.allocUnsafeSlow(this.buffer.length);
		this.known = options.shards
			.map((file, i) => ({index: parseShardName(file)?.index ?? i + 1, path: file}))
			.sort((a, b) => a.index - b.index);
		const from = options.from;
		const start = from ? this.known.find(entry => entry.index === from.shard) : undefined;
		const first = start ??
			this.known[0] ?? {index: 1, path: path.join(options.folder, shardFileName(options.sessionId, 1))};
		this.current = this.shard(first.index, first.path);
		if (from && start) {
			this.current.position = from.offset;
			this.current.base = from.offset;
			this.current.lineBase = Math.max(0, (from.line ?? 1) - 1);
		}
	}

	start(): void {
		if (this.options.follow) {
			this.timer = setInterval(() => this.schedule(), this.options.pollMs ?? defaultPollMs);
			this.folderWatch = watchShardFolder(
				{
					folder: this.options.folder,
					sessionId: this.options.sessionId,
					only: this.options.single ? path.basename(this.current.path) : undefined,
				},
				{
					onEvent: full => this.schedule(full),
					onError: error => this.report(this.options.folder, error),
					isClosed: () => this.closed,
				},
			);
		}
		this.push({kind: 'shard', index: this.current.index, path: this.current.path});
		const missing = this.options.from || this.options.single ? undefined : missingBefore(this.current.index);
		if (missing) this.push({kind: 'notice', level: 'info', text: `${this.current.name}: ${missing}`, aside: true});
		// The first step waits for the loop to turn (its file calls may all be synchronous): a
		// consumer attached after followTrace returns, in the same turn, still gets every batch.
		setImmediate(() => this.schedule());
	}

	async close(): Promise<void> {
		this.stop();
		await this.folderWatch?.close();
		await this.running;
	}

	private stop(): void {
		this.closed = true;
		this.batch = [];
		clearInterval(this.timer);
		this.timer = undefined;
		this.fileWatch.close();
	}

	// Only one read runs at a time; a request made meanwhile runs once more right after it.
	private schedule(full = true): void {
		if (this.closed) return;
		if (full) {
			this.fullCheck = true;
		}
		if (this.busy) {
			this.again = true;
			return;
		}
		this.busy = true;
		this.running = this.drain();
	}

	private async drain(): Promise<void> {
		try {
			do {
				this.again = false;
				// Print mode into a slow pipe: read no faster than it is written.
				await this.options.pace?.();
				// An append to the watched shard is read synchronously, without a trip through
				// the thread pool: the output follows the writer within a millisecond or so.
				if (!this.fullCheck && this.readAppended()) continue;
				this.fullCheck = false;
				await this.step();
			} while (this.again && !this.closed);
		} catch (error) {
			this.report('internal error', error);
		} finally {
			this.busy = false;
		}
	}

	/**
	 * Reads what was appended to the watched shard from its open descriptor. False when that
	 * is not enough: nothing new (a truncation, a replacement, a metadata change), more than
	 * the synchronous limit, or an error; the full, asynchronous step then runs.
	 */
	private readAppended(): boolean {
		const fd = this.fileWatch.fd;
		if (fd === undefined) return false;
		const shard = this.current;
		let total = 0;
		try {
			// A copy over the file (truncated, then written past where this one was read): the full step.
			if (headChanged(fd, shard)) return false;
			for (;;) {
				const bytesRead = readSync(fd, this.buffer, 0, this.buffer.length, shard.position);
				if (bytesRead === 0) break;
				shard.position += bytesRead;
				total += bytesRead;
				this.pushLines(shard.splitter.push(this.buffer.subarray(0, bytesRead)), shard);
				if (total >= appendReadLimit) {
					this.flush();
					return false;
				}
			}
		} catch {
			this.flush();
			return false;
		}
		if (total === 0) {
			// Usually a second event for an append already read. Anything else (a truncation, a
			// replacement, a deletion) is left to the full step.
			return this.unchanged(fd, shard);
		}
		this.flush();
		this.options.onProgress?.(shard.index, shard.position);
		this.options.onCaughtUp?.();
		return true;
	}

	/** Whether the shard is still the same file at the same size: nothing to do. */
	private unchanged(fd: number, shard: Shard): boolean {
		try {
			if (fstatSync(fd).size !== shard.position) return false;
			const info = statSync(shard.path);
			return `${info.dev}:${info.ino}` === shard.identity;
		} catch {
			return false;
		}
	}

	private async step(): Promise<void> {
		while (!this.closed) {
			const shard = this.current;
			// The writer rotates after its last write to a shard: a next shard seen before this read
			// means the read to the end is the shard's last one (a chain read whole: no second read).
			const rotated = this.nextShard(shard.index);
			const readable = await this.readToEnd(shard);
			if (this.closed) return;
			const next = rotated ?? this.nextShard(shard.index);
			if (next) {
				// The writer has rotated since the read: whatever it added to this shard before that is final.
				if (readable && !rotated) {
					await this.readToEnd(shard);
				}
				this.finishShard(shard);
				this.current = this.shard(next.index, next.path);
				this.push({kind: 'shard', index: next.index, path: next.path});
				this.flush();
				continue;
			}
			if (!this.options.follow) {
				this.finishShard(shard);
				this.push({kind: 'end'});
				this.flush();
				this.stop();
				this.options.onCaughtUp?.();
				return;
			}
			// A read that was under way when close() ran ends here: a watch opened now would never be closed.
			if (!this.closed) this.fileWatch.watch(shard);
			this.flush();
			this.options.onCaughtUp?.();
			return;
		}
	}

	/** Reads the shard from its position to the current end; false when it could not be read. */
	private async readToEnd(shard: Shard): Promise<boolean> {
		// Opening, stat and closing are synchronous: each is microseconds on a local file, where a
		// trip through the thread pool leaves the process idle for far longer, several times a shard.
		// Non-blocking: a FIFO in a shard's place is reported, not waited on.
		let fd: number;
		try {
			fd = openSync(shard.path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
		} catch (error) {
			this.unreadable(shard, error);
			return false;
		}
		try {
			const info = fstatSync(fd);
			if (!info.isFile()) {
				this.report(shard.name, new Error('not a regular file'));
				return false;
			}
			const identity = `${info.dev}:${info.ino}`;
			// Another file: deleted and back, another inode, shorter than what was read, or other bytes at its start.
			const other = shard.identity !== undefined && (shard.missing || shard.identity !== identity);
			const shrank = !other && info.size < shard.position;
			const copiedOver = !other && !shrank && headChanged(fd, shard);
			const replaced = this.options.onReplaced;
			if (replaced && (other || shrank || copiedOver)) {
				// As tail -F: another file is read from its start, and so is the whole session (the owner's part).
				this.stop();
				replaced(`${shard.name} was replaced: reading it from the start`);
				return false;
			}
			if (shard.missing && shard.identity) {
				this.restart(shard, 'info', `${shard.name} is back; reading it from the start`);
			} else if (other) {
				this.restart(shard, 'warn', `${shard.name} was replaced by a different file; reading it from the start`);
			} else if (shrank || copiedOver) {
				this.restart(shard, 'warn', `${shard.name} was truncated; reading it again from the start`);
			}
			// The start of the file as it is now, to compare with next time.
			if (shard.head === undefined) headChanged(fd, shard);
			shard.missing = false;
			shard.identity = identity;
			const buffers = [this.buffer, this.spare];
			let which = 0;
			// The first chunk is read synchronously (as an append is, see readAppended): there is no
			// parsing yet to overlap a thread-pool read with, only a wait.
			let pending: Promise<number> | undefined = Promise.resolve(
				readSync(fd, buffers[0]!, 0, this.buffer.length, shard.position),
			);
			try {
				while (!this.closed) {
					if (pending === undefined) break;
					const bytesRead: number = await pending;
					pending = undefined;
					if (bytesRead === 0) break;
					const chunk = buffers[which]!.subarray(0, wholeLines(buffers[which]!, bytesRead));
					shard.position += chunk.length;
					which = 1 - which;
					// The next chunk is read on the thread pool while this one is parsed. A short read
					// reached the file's end as it is now: no read after it (what comes later is an
					// append, which following reads; a read of a finished shard would only find nothing).
					pending = bytesRead < this.buffer.length ? undefined : readAt(fd, buffers[which]!, shard.position);
					// Batches of about batchBytes each (read-chunks.ts), and a turn for the event loop per
					// chunk: the screen draws and keys are handled while a large trace is still being read.
					for (let from = 0; from < chunk.length; ) {
						const to = batchEnd(chunk, from);
						this.pushLines(shard.splitter.push(chunk.subarray(from, to)), shard);
						this.flush();
						from = to;
					}
					this.options.onProgress?.(shard.index, shard.position);
					await yieldToLoop();
					await this.options.pace?.();
				}
			} finally {
				// Never close the handle under a read still running.
				await pending?.catch(() => undefined);
			}
			this.lastError = undefined;
			return true;
		} catch (error) {
			this.report(shard.name, error);
			return false;
		} finally {
			try {
				closeSync(fd);
			} catch {
				// Nothing was left to read from it.
			}
		}
	}

	private unreadable(shard: Shard, error: unknown): void {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== 'ENOENT' || !this.options.follow) {
			this.report(shard.name, error);
			return;
		}
		if (shard.missing) return;
		shard.missing = true;
		this.fileWatch.close();
		this.push(
			shard.identity
				? {kind: 'notice', level: 'warn', text: `${shard.name} was deleted; waiting for it to come back`}
				: {kind: 'notice', level: 'info', text: `waiting for ${shard.name} to appear`},
		);
		this.flush();
	}

	// The lines of the old content were already emitted; the new content starts at line 1.
	private restart(shard: Shard, level: 'info' | 'warn', text: string): void {
		shard.splitter = this.splitter();
		shard.position = 0;
		shard.base = 0;
		shard.lineBase = 0;
		shard.head = undefined;
		this.push({kind: 'notice', level, text});
	}

	private nextShard(index: number): {index: number; path: string} | undefined {
		const listed = this.known.find(entry => entry.index > index);
		if (listed || this.options.single) return listed;
		const candidate = path.join(this.options.folder, shardFileName(this.options.sessionId, index + 1));
		try {
			return statSync(candidate, {throwIfNoEntry: false})?.isFile() ? {index: index + 1, path: candidate} : undefined;
		} catch {
			return undefined;
		}
	}

	// End of a shard's input: a torn last line is taken if it is a whole message.
	private finishShard(shard: Shard): void {
		this.push(...finishLines(shard.splitter, shard));
	}

	private shard(index: number, file: string): Shard {
		return {
			index,
			path: file,
			name: path.basename(file),
			splitter: this.splitter(),
			position: 0,
			base: 0,
			lineBase: 0,
			missing: false,
		};
	}

	private splitter(): LineSplitter {
		return new LineSplitter({maxLineBytes: this.options.maxLineBytes, cut: this.options.cut});
	}

	// One notice per distinct error: a polled failure does not repeat every tick.
	private report(where: string, error: unknown): void {
		const text = `${where}: ${describeFsError(error)}`;
		if (text === this.lastError) return;
		this.lastError = text;
		this.push({kind: 'notice', level: 'error', text});
		try {
			this.flush();
		} catch {
			// The handler itself failed; there is no one left to tell.
		}
	}

	private pushLines(items: SplitItem[], shard: Shard): void {
		if (this.closed) return;
		// Not spread into push's arguments: a read of short lines holds more than a call takes.
		toInputs(items, shard, this.batch);
	}

	private push(...inputs: ModelInput[]): void {
		if (!this.closed) {
			// One by one: a spread of a whole chunk's lines can overflow the call stack.
			for (const input of inputs) this.batch.push(input);
		}
	}

	private flush(): void {
		if (this.closed || this.batch.length === 0) return;
		const batch = this.batch;
		this.batch = [];
		this.options.onInputs(batch);
	}
}

/**
 * What a session read from shard `first` lacks, when that is not `_001` (a later shard copied
 * alone): said once, as the reading starts.
 */
function missingBefore(first: number): string | undefined {
	if (first <= 1) return undefined;
	const contexts = first === 2 ? 'context 1 is' : `contexts 1–${first - 1} are`;
	return `${contexts} not here (no earlier shard beside this one); showing the session from context ${first}`;
}

/** Whether another file was copied over `shard` (io/file-head.ts); else notes the start it has now. */
function headChanged(fd: number, shard: Shard): boolean {
	const seen = fileHead(fd, shard.head);
	if (seen.changed) return true;
	shard.head = seen.head;
	return false;
}

/** Reads into the whole of `buffer` from `position` on the thread pool; resolves to the bytes read. */
function readAt(fd: number, buffer: Buffer, position: number): Promise<number> {
	return new Promise((resolve, reject) => {
		read(fd, buffer, 0, buffer.length, position, (error, bytesRead) => {
			if (error) reject(error);
			else resolve(bytesRead);
		});
	});
}
