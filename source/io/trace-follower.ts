/**
 * Reads a session's trace shards from `_001` on, then (when following) keeps reading the
 * newest like `tail -F`: through appends, rotation to the next shard, truncation, deletion
 * and re-creation. Everything it learns goes to one callback as batches of ModelInput.
 * This is the only I/O module that watches files and runs timers.
 */
import {createReadStream, watch as watchFile, type FSWatcher} from 'node:fs';
import {open, stat, type FileHandle} from 'node:fs/promises';
import path from 'node:path';
import {setImmediate as yieldToLoop} from 'node:timers/promises';
import {watch as watchFolder, type FSWatcher as FolderWatcher} from 'chokidar';
import type {ModelInput} from '../model/input.js';
import {parseLine} from '../protocol/parse-line.js';
import {LineSplitter, type SplitItem} from './line-splitter.js';
import {describeFsError} from './session-locator.js';
import {parseShardName, shardFileName} from './trace-files.js';

/** Receives what a source read, in batches (never empty). */
export type InputsHandler = (batch: ModelInput[]) => void;

/** Options for followTrace. */
export type FollowOptions = {
	sessionId: string;
	/** The folder holding the shards (watched for new shards when following). */
	folder: string;
	/** Known shard paths; read in index order. Empty means: wait for `_001`. */
	shards: string[];
	/** Keep following the newest shard after reading everything. */
	follow: boolean;
	onInputs: InputsHandler;
	/** Bytes per read (default 1 MiB). */
	chunkBytes?: number;
	/** Safety poll interval while following, in ms (default 250). */
	pollMs?: number;
	/** Longest line held in memory (default the splitter's 64 MiB). */
	maxLineBytes?: number;
};

/** A running follower. */
export type TraceFollower = {
	/** Stops watchers, timers and reads; resolves once nothing more will run or be emitted. */
	close(): Promise<void>;
};

/** A running stream reader. */
export type StreamReader = {
	/** Stops reading (destroys the stream); nothing more is emitted. */
	close(): void;
	/** Resolves when reading has finished (after 'end', an error notice, or close). */
	done: Promise<void>;
};

/** Default bytes per read. */
export const defaultChunkBytes = 1024 * 1024;
/** Default safety poll interval while following, in ms. */
export const defaultPollMs = 250;

/** Starts reading a session's shards; see FollowOptions. */
export function followTrace(options: FollowOptions): TraceFollower {
	const follower = new Follower(options);
	follower.start();
	return {close: async () => follower.close()};
}

/**
 * Reads a stream (standard input, or a FIFO or any file given as a path) line by line,
 * emitting messages as they arrive and 'end' at EOF.
 */
export function readStream(
	source: string | AsyncIterable<string | Uint8Array>,
	onInputs: InputsHandler,
	options: {maxLineBytes?: number; label?: string} = {},
): StreamReader {
	const stream = typeof source === 'string' ? createReadStream(source) : source;
	const label = options.label ?? (typeof source === 'string' ? path.basename(source) : 'standard input');
	const splitter = new LineSplitter({maxLineBytes: options.maxLineBytes});
	let closed = false;
	const emit = (batch: ModelInput[]): void => {
		if (!closed && batch.length > 0) {
			onInputs(batch);
		}
	};
	const run = async (): Promise<void> => {
		try {
			for await (const chunk of stream) {
				if (closed) {
					return;
				}
				emit(toInputs(splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
				await yieldToLoop();
			}
		} catch (error) {
			emit([{kind: 'notice', level: 'error', text: `${label}: ${describeFsError(error)}`}]);
		}
		emit([...finishLines(splitter), {kind: 'end'}]);
	};
	const done = run().catch(() => undefined);
	return {
		close() {
			closed = true;
			(stream as {destroy?: () => void}).destroy?.();
		},
		done,
	};
}

type Shard = {
	index: number;
	path: string;
	name: string;
	splitter: LineSplitter;
	/** Bytes read so far (the next read's file offset). */
	position: number;
	/** `dev:ino` of the file last read, to notice a replacement. */
	identity?: string;
	/** Deleted (or not there yet); waiting for it. */
	missing: boolean;
};

class Follower {
	private readonly options: FollowOptions;
	private readonly known: Array<{index: number; path: string}>;
	private readonly buffer: Buffer;
	private current: Shard;
	private batch: ModelInput[] = [];
	private closed = false;
	private busy = false;
	private again = false;
	private running: Promise<void> | undefined;
	private timer: NodeJS.Timeout | undefined;
	private fileWatcher: FSWatcher | undefined;
	private watched: string | undefined;
	private folderWatcher: FolderWatcher | undefined;
	private lastError: string | undefined;

	constructor(options: FollowOptions) {
		this.options = options;
		this.buffer = Buffer.allocUnsafe(options.chunkBytes ?? defaultChunkBytes);
		this.known = options.shards
			.map((file, i) => ({index: parseShardName(file)?.index ?? i + 1, path: file}))
			.sort((a, b) => a.index - b.index);
		const first = this.known[0] ?? {index: 1, path: path.join(options.folder, shardFileName(options.sessionId, 1))};
		this.current = this.shard(first.index, first.path);
	}

	start(): void {
		if (this.options.follow) {
			this.timer = setInterval(() => this.schedule(), this.options.pollMs ?? defaultPollMs);
			this.watchFolder();
		}
		this.push({kind: 'shard', index: this.current.index, path: this.current.path});
		this.schedule();
	}

	async close(): Promise<void> {
		this.stop();
		const folderWatcher = this.folderWatcher;
		this.folderWatcher = undefined;
		await folderWatcher?.close().catch(() => undefined);
		await this.running;
	}

	private stop(): void {
		this.closed = true;
		this.batch = [];
		clearInterval(this.timer);
		this.timer = undefined;
		this.unwatchFile();
	}

	// Only one read runs at a time; a request made meanwhile runs once more right after it.
	private schedule(): void {
		if (this.closed) {
			return;
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
				await this.step();
			} while (this.again && !this.closed);
		} catch (error) {
			this.report('internal error', error);
		} finally {
			this.busy = false;
		}
	}

	private async step(): Promise<void> {
		while (!this.closed) {
			const shard = this.current;
			const readable = await this.readToEnd(shard);
			if (this.closed) {
				return;
			}
			const next = await this.nextShard(shard.index);
			if (next) {
				// The writer has rotated: whatever it added to this shard before that is final.
				if (readable) {
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
				return;
			}
			this.watchCurrent(shard);
			this.flush();
			return;
		}
	}

	/** Reads the shard from its position to the current end; false when it could not be read. */
	private async readToEnd(shard: Shard): Promise<boolean> {
		let handle: FileHandle;
		try {
			handle = await open(shard.path, 'r');
		} catch (error) {
			this.unreadable(shard, error);
			return false;
		}
		try {
			const info = await handle.stat();
			if (!info.isFile()) {
				this.report(shard.name, new Error('not a regular file'));
				return false;
			}
			const identity = `${info.dev}:${info.ino}`;
			if (shard.missing && shard.identity) {
				this.restart(shard, 'info', `${shard.name} is back; reading it from the start`);
			} else if (shard.identity && shard.identity !== identity) {
				this.restart(shard, 'warn', `${shard.name} was replaced by a different file; reading it from the start`);
			} else if (info.size < shard.position) {
				this.restart(shard, 'warn', `${shard.name} was truncated; reading it again from the start`);
			}
			shard.missing = false;
			shard.identity = identity;
			while (!this.closed) {
				const {bytesRead} = await handle.read(this.buffer, 0, this.buffer.length, shard.position);
				if (bytesRead === 0) {
					break;
				}
				shard.position += bytesRead;
				this.pushLines(shard.splitter.push(this.buffer.subarray(0, bytesRead)), shard.index);
				// One batch per chunk, and a turn for the event loop: the screen draws and keys
				// are handled while a large trace is still being read.
				this.flush();
				await yieldToLoop();
			}
			this.lastError = undefined;
			return true;
		} catch (error) {
			this.report(shard.name, error);
			return false;
		} finally {
			await handle.close().catch(() => undefined);
		}
	}

	private unreadable(shard: Shard, error: unknown): void {
		const code = (error as NodeJS.ErrnoException).code;
		if (code !== 'ENOENT' || !this.options.follow) {
			this.report(shard.name, error);
			return;
		}
		if (shard.missing) {
			return;
		}
		shard.missing = true;
		this.unwatchFile();
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
		this.push({kind: 'notice', level, text});
	}

	private async nextShard(index: number): Promise<{index: number; path: string} | undefined> {
		const listed = this.known.find(entry => entry.index > index);
		if (listed) {
			return listed;
		}
		const candidate = path.join(this.options.folder, shardFileName(this.options.sessionId, index + 1));
		try {
			return (await stat(candidate)).isFile() ? {index: index + 1, path: candidate} : undefined;
		} catch {
			return undefined;
		}
	}

	// End of a shard's input: a torn last line is taken if it is a whole message.
	private finishShard(shard: Shard): void {
		this.push(...finishLines(shard.splitter, shard.index));
	}

	private watchFolder(): void {
		const folder = path.resolve(this.options.folder);
		const prefix = `${this.options.sessionId}_`;
		try {
			// Chokidar covers what a watch on one file cannot see: the next shard appearing,
			// and the file being deleted and created again.
			const watcher = watchFolder(folder, {
				ignoreInitial: true,
				depth: 0,
				// A file we cannot read is reported by the read itself, once.
				ignorePermissionErrors: true,
				ignored: (file: string) => path.resolve(file) !== folder && !path.basename(file).startsWith(prefix),
			});
			watcher.on('all', () => this.schedule());
			watcher.on('error', error => this.report(this.options.folder, error));
			this.folderWatcher = watcher;
		} catch (error) {
			this.report(this.options.folder, error);
		}
	}

	// A watch on the file itself gives the lowest latency for appends; it is tied to one
	// inode, so it is renewed when the file is replaced. The timer covers any missed event.
	private watchCurrent(shard: Shard): void {
		const key = `${shard.path}\0${shard.identity ?? ''}`;
		if (shard.missing || !shard.identity) {
			this.unwatchFile();
			return;
		}
		if (this.fileWatcher && this.watched === key) {
			return;
		}
		this.unwatchFile();
		try {
			const watcher = watchFile(shard.path, () => this.schedule());
			watcher.on('error', () => {
				if (this.fileWatcher === watcher) {
					this.unwatchFile();
				}
			});
			this.fileWatcher = watcher;
			this.watched = key;
		} catch {
			// No watch (e.g. the file just went away): the timer still polls.
		}
	}

	private unwatchFile(): void {
		this.fileWatcher?.close();
		this.fileWatcher = undefined;
		this.watched = undefined;
	}

	private shard(index: number, file: string): Shard {
		return {index, path: file, name: path.basename(file), splitter: this.splitter(), position: 0, missing: false};
	}

	private splitter(): LineSplitter {
		return new LineSplitter({maxLineBytes: this.options.maxLineBytes});
	}

	// One notice per distinct error: a polled failure does not repeat every tick.
	private report(where: string, error: unknown): void {
		const text = `${where}: ${describeFsError(error)}`;
		if (text === this.lastError) {
			return;
		}
		this.lastError = text;
		this.push({kind: 'notice', level: 'error', text});
		try {
			this.flush();
		} catch {
			// The handler itself failed; there is no one left to tell.
		}
	}

	private pushLines(items: SplitItem[], shard: number): void {
		this.push(...toInputs(items, shard));
	}

	private push(...inputs: ModelInput[]): void {
		if (!this.closed) {
			this.batch.push(...inputs);
		}
	}

	private flush(): void {
		if (this.closed || this.batch.length === 0) {
			return;
		}
		const batch = this.batch;
		this.batch = [];
		this.options.onInputs(batch);
	}
}

function toInputs(items: SplitItem[], shard?: number): ModelInput[] {
	const inputs: ModelInput[] = [];
	for (const item of items) {
		if (item.kind === 'malformed') {
			inputs.push({kind: 'malformed', malformed: shard === undefined ? item.malformed : {...item.malformed, shard}});
			continue;
		}
		const at = shard === undefined ? {line: item.line, offset: item.offset} : {line: item.line, offset: item.offset, shard};
		inputs.push(parseLine(item.text, at));
	}
	return inputs;
}

// At end of input a torn last line is accepted when it is a whole message (the writer may
// just not have written its newline yet); otherwise it is reported as torn.
function finishLines(splitter: LineSplitter, shard?: number): ModelInput[] {
	const rest = splitter.takeRemainder();
	if (!rest) {
		return [];
	}
	const [input] = toInputs([rest], shard);
	if (input.kind === 'malformed' && rest.kind === 'line') {
		return [{kind: 'malformed', malformed: {...input.malformed, reason: `torn last line: ${input.malformed.reason}`}}];
	}
	return [input];
}
