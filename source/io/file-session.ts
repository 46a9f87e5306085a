/**
 * A session read from its trace files, with its subagents: the shards followed like
 * `tail -F` (or replayed), and every `subagent` pointer resolved to the child's own trace
 * under the data root, read and followed while the call that started it runs (see
 * model/child-sessions.ts for the bookkeeping; this is the part with files and timers).
 */
import {createReadStream, existsSync} from 'node:fs';
import path from 'node:path';
import {ChildSessions} from '../model/child-sessions.js';
import type {ModelInput} from '../model/input.js';
import type {SessionStore} from '../model/session-store.js';
import type {LineCutter} from './line-splitter.js';
import {startReplay, type ReplayControl} from './replay.js';
import {listSessions, type LocatedSession, type SessionSummary} from './session-locator.js';
import {findSessionOnDisk} from './trace-files.js';
import {defaultChunkBytes, followTrace, readStream, type FollowOptions, type InputsHandler} from './trace-follower.js';

/** How a file source runs. */
export type FileOptions = {
	store: SessionStore;
	dataRoot: string;
	follow: boolean;
	/** Print mode: a parent's lines wait while a child from disk is printed in full. */
	hold: boolean;
	/** Bring subagents in from their own traces. */
	children: boolean;
	replaySpeed?: number;
	/** How long a finished child's trace is still read (default childGraceMs). */
	graceMs?: number;
	/** Print mode's shortcut for large tool outputs (see LineSplitterOptions.cut). */
	cut?: LineCutter;
	/** Progress and caught-up hooks for the main trace's follower (the screen's tail-first opening). */
	follower?: Pick<FollowOptions, 'onProgress' | 'onCaughtUp'>;
	/** Sees the main trace's inputs before the model does (print mode's JSON Lines check). */
	filter?: (next: InputsHandler) => InputsHandler;
	/** Told once when a trace cannot be read to its end (compressed data cut short or damaged). */
	onError?: (text: string) => void;
	/** Print mode into a slow pipe: the readers wait on it between reads (see FollowOptions.pace). */
	pace?: () => Promise<void> | undefined;
};

/** Where inputs go on their way to the model. */
type Apply = (batch: readonly ModelInput[]) => void;

/** The trace files of a session, as session-locator finds them. */
export type TraceOnDisk = Pick<LocatedSession, 'sessionId' | 'folder' | 'shards' | 'single' | 'compressed'>;

/**
 * A session's shards followed (or replayed), with its subagents read from disk and followed
 * while they run. A compressed trace is read through gunzip to its end and never followed.
 */
export function startFileSession(
	session: TraceOnDisk,
	options: FileOptions,
): {close(): Promise<void>; replay?: ReplayControl} {
	const {store} = options;
	// A replay reads the session and its children whole, then plays them to the store.
	const replay =
		options.replaySpeed === undefined
			? undefined
			: startReplay({speed: options.replaySpeed, interleave: !options.hold, onInputs: batch => store.apply(batch)});
	const toModel: Apply = replay?.feed ?? (batch => store.apply(batch));
	let children = childSessionsFor(session.folder, options, toModel);
	const apply: InputsHandler = batch => (children ? children.feed(batch) : toModel(batch));
	const onInputs = options.filter ? options.filter(apply) : apply;
	const files = {sessionId: session.sessionId, folder: session.folder, shards: session.shards, single: session.single};
	let closed = false;
	let startingOver: Promise<void> | undefined;
	const follow = (shards: string[]): {close(): Promise<void>} =>
		followTrace({
			...files,
			shards,
			follow: options.follow,
			onInputs,
			cut: options.cut,
			pace: options.pace,
			...options.follower,
			onReplaced: text => (startingOver = startOver(text)),
		});
	// The followed file was replaced (tail -F's case): the whole session is read again from its first
	// shard into a new model, its subagents too; one notice says why.
	const startOver = async (text: string): Promise<void> => {
		await Promise.all([reader.close(), children?.close()]);
		if (closed) return;
		children = childSessionsFor(session.folder, options, toModel);
		store.restart([{kind: 'notice', level: 'warn', text, aside: true, at: Date.now()}]);
		// The shards there are now: another session may have fewer (none: the follower waits for `_001`).
		reader = follow(session.single ? session.shards : session.shards.filter(shard => existsSync(shard)));
	};
	let reader = session.compressed
		? readCompressed(session.shards[0]!, onInputs, options)
		: replay
			? followTrace({...files, follow: false, onInputs})
			: follow(session.shards);
	return {
		async close() {
			closed = true;
			await startingOver;
			await Promise.all([reader.close(), children?.close(), replay?.close()]);
		},
		replay: replay?.control,
	};
}

/**
 * A gzip trace file read once as shard 1, through gunzip (its lines cannot be read back from the file: held texts
 * spill).
 */
function readCompressed(file: string, onInputs: InputsHandler, options: FileOptions): {close(): Promise<void>} {
	// Large reads, as the follower's: decompressed batches as large as its (see io/gunzip.ts).
	const input = createReadStream(file, {highWaterMark: defaultChunkBytes});
	const reader = readStream(input, onInputs, {
		shard: 1,
		label: path.basename(file),
		cut: options.cut,
		onError: options.onError,
		pace: options.pace,
	});
	return {
		async close() {
			reader.close();
			await reader.done;
		},
	};
}

// How long a child's trace is still read after the call that started it has finished: its
// last lines were written before the parent's output, but the follower may not have read them.
export const childGraceMs = 1000;

/**
 * The subagent coordinator of a file source, or undefined when children are not wanted. What
 * it reads goes to `apply` (default: the store).
 */
export function childSessionsFor(
	folder: string | undefined,
	options: FileOptions,
	apply?: Apply,
): ChildSessions | undefined {
	if (!options.children) return undefined;
	const {store, dataRoot} = options;
	// Live children are followed; a replay reads each child whole, after its pointer (held
	// there), and plays it on the session's clock (io/replay.ts).
	const replaying = options.replaySpeed !== undefined;
	const follow = options.follow && !replaying;
	let all: Promise<SessionSummary[]> | undefined;
	return new ChildSessions(
		{
			apply: apply ?? (inputs => store.apply(inputs)),
			follow,
			hold: options.hold || replaying,
			missingText: sessionId => `${sessionId}: trace not found under ${dataRoot}`,
			async find(sessionId, near) {
				// A child that is just starting may not have its trace yet: look again for a moment.
				for (let attempt = 0; ; attempt++) {
					all = undefined;
					const found = await findSessionOnDisk(sessionId, near, async () => {
						all ??= listSessions(dataRoot).then(listed => (listed.ok ? listed.sessions : []));
						return all;
					});
					if (found || !follow || attempt >= 4) return found;
					await new Promise(resolve => setTimeout(resolve, 250 * (attempt + 1)));
				}
			},
			read(trace, followChild, onInputs) {
				let stopped = false;
				let timer: NodeJS.Timeout | undefined;
				const follower = followTrace({
					...trace,
					follow: followChild,
					cut: options.cut,
					pace: options.pace,
					onInputs: batch => stopped || onInputs(batch),
				});
				return {
					async close() {
						stopped = true;
						clearTimeout(timer);
						await follower.close();
					},
					finish() {
						if (!followChild || stopped || timer) return;
						timer = setTimeout(() => {
							void follower.close().then(() => {
								if (stopped) return;
								stopped = true;
								onInputs([{kind: 'end'}]);
							});
						}, options.graceMs ?? childGraceMs);
					},
				};
			},
		},
		folder,
	);
}
