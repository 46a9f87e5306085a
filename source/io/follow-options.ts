/** What followTrace is given, and what it hands back (io/trace-follower.ts). */
import type {InputsHandler} from './line-inputs.js';
import type {LineCutter} from './line-splitter.js';

/** Options for followTrace. */
export type FollowOptions = {
	sessionId: string;
	/** The folder holding the shards (watched for new shards when following). */
	folder: string;
	/** Known shard paths; read in index order. Empty means: wait for `_001`. */
	shards: string[];
	/**
	 * The trace is one file of any name (the one path in `shards`), not a shard chain: no next
	 * shard is looked for, and its folder is watched for that name alone.
	 */
	single?: boolean;
	/** Keep following the newest shard after reading everything. */
	follow: boolean;
	onInputs: InputsHandler;
	/** Bytes per read (default 1 MiB). */
	chunkBytes?: number;
	/** Safety poll interval while following, in ms (default 250). */
	pollMs?: number;
	/** Longest line held in memory (default the splitter's 64 MiB). */
	maxLineBytes?: number;
	/** Each line's bytes before they are decoded (see LineSplitterOptions.cut). */
	cut?: LineCutter;
	/**
	 * Start in shard `shard` at byte `offset`, which must be where a line starts, instead of
	 * at the first byte of `_001`. Offsets stay those of the file; line numbers count from
	 * `line` (1 when not given). The screen's tail-first opening reads only the end this way.
	 */
	from?: {shard: number; offset: number; line?: number};
	/**
	 * Called each time everything there was has been read: the follower now waits for more
	 * (or, without `follow`, has just emitted 'end').
	 */
	onCaughtUp?: () => void;
	/** Called after each chunk read, with the shard and the offset reached in it. */
	onProgress?: (shard: number, position: number) => void;
	/**
	 * Print mode into a slow pipe: awaited between reads, so reading goes no faster than the
	 * output is written (undefined, or a promise that settles once reading may go on).
	 */
	pace?: () => Promise<void> | undefined;
	/**
	 * The followed file is another one now (another inode, a file that shrank, other bytes at its
	 * start, or one that came back after it was deleted): the follower stops, and the owner starts
	 * the session over from its start (`text` says so). Without it, that file alone is read again.
	 */
	onReplaced?: (text: string) => void;
};

/** A running follower. */
export type TraceFollower = {
	/** Stops watchers, timers and reads; resolves once nothing more will run or be emitted. */
	close(): Promise<void>;
};
