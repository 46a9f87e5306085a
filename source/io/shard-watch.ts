/**
 * The follower's watches: one on the folder (chokidar), for what a watch on one file cannot
 * see (the next shard appearing, the file deleted and created again), and one on the shard
 * being read, for the lowest latency on appends, with the shard kept open so that an append
 * is read at once, synchronously. The follower's timer covers any event either misses.
 */
import {closeSync, fstatSync, openSync, watch as watchFile, type FSWatcher} from 'node:fs';
import path from 'node:path';
import type {FSWatcher as FolderWatcher} from 'chokidar';

/** What the folder watch tells the follower. */
export type FolderWatchHandlers = {
	/** Something changed: `full` unless it was most likely an append (a change to a file). */
	onEvent(full: boolean): void;
	onError(error: unknown): void;
	/** The follower closed meanwhile (the watch is not started then). */
	isClosed(): boolean;
};

/**
 * Watches `folder` for the session's shards (or, with `only`, for that file name alone).
 * Chokidar is loaded only here: reading a trace once (--no-follow, print) never needs it.
 */
export function watchShardFolder(
	options: {folder: string; sessionId: string; only?: string},
	handlers: FolderWatchHandlers,
): {close(): Promise<void>} {
	let watcher: FolderWatcher | undefined;
	const ready = import('chokidar').then(
		chokidar => {
			if (handlers.isClosed()) return;
			const folder = path.resolve(options.folder);
			const prefix = `${options.sessionId}_`;
			const only = options.only;
			const wanted = (name: string): boolean => (only === undefined ? name.startsWith(prefix) : name === only);
			try {
				const started = chokidar.watch(folder, {
					ignoreInitial: true,
					depth: 0,
					// A file we cannot read is reported by the read itself, once.
					ignorePermissionErrors: true,
					ignored: (file: string) => path.resolve(file) !== folder && !wanted(path.basename(file)),
				});
				// A change is most often an append the file's own watch has just read: the cheap
				// path checks that. Anything else (a shard added, deleted) needs the full step.
				started.on('all', event => handlers.onEvent(event !== 'change'));
				started.on('error', error => handlers.onError(error));
				watcher = started;
			} catch (error) {
				handlers.onError(error);
			}
		},
		error => handlers.onError(error),
	);
	return {
		async close() {
			await ready;
			const stopping = watcher;
			watcher = undefined;
			await stopping?.close().catch(() => undefined);
		},
	};
}

/**
 * A watch on the shard being read. It is tied to one inode, so it is renewed when the file
 * is replaced; while it runs, the shard is kept open (`fd`) for appends.
 */
export class ShardFileWatch {
	private watcher: FSWatcher | undefined;
	private watched: string | undefined;
	/** The watched shard, kept open: an append is read at once, synchronously, from here. */
	fd: number | undefined;

	/** `onAppend` is called on each event of the file (most likely an append). */
	constructor(private readonly onAppend: () => void) {}

	/** Watches `shard` (again only when it is another file or was replaced); none while it is missing. */
	watch(shard: {path: string; identity?: string; missing: boolean}): void {
		const key = `${shard.path}\0${shard.identity ?? ''}`;
		if (shard.missing || !shard.identity) {
			this.close();
			return;
		}
		if (this.watcher && this.watched === key) {
			return;
		}
		this.close();
		try {
			// Only an append is expected here: the cheap path, unless it finds nothing new.
			const watcher = watchFile(shard.path, () => this.onAppend());
			watcher.on('error', () => {
				if (this.watcher === watcher) {
					this.close();
				}
			});
			this.watcher = watcher;
			this.watched = key;
		} catch {
			// No watch (e.g. the file just went away): the timer still polls.
			return;
		}
		try {
			const fd = openSync(shard.path, 'r');
			const info = fstatSync(fd);
			if (`${info.dev}:${info.ino}` === shard.identity) {
				this.fd = fd;
			} else {
				// Replaced since the step that read it: the next full step sees to it.
				closeSync(fd);
			}
		} catch {
			// Appends are then read by the full step.
		}
	}

	/** Stops the watch and closes the shard. */
	close(): void {
		this.watcher?.close();
		this.watcher = undefined;
		this.watched = undefined;
		if (this.fd !== undefined) {
			try {
				closeSync(this.fd);
			} catch {
				// Already closed.
			}
			this.fd = undefined;
		}
	}
}
