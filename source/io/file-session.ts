/**
 * A session read from its trace files, with its subagents: the shards followed like
 * `tail -F` (or replayed), and every `subagent` pointer resolved to the child's own trace
 * under the data root, read and followed while the call that started it runs (see
 * model/child-sessions.ts for the bookkeeping; this is the part with files and timers).
 */
import {findSessionOnDisk} from '../commands/subagents.js';
import {ChildSessions} from '../model/child-sessions.js';
import type {SessionStore} from '../model/store.js';
import type {LineCutter} from './line-splitter.js';
import {startReplay} from './replay.js';
import {listSessions, type SessionSummary} from './session-locator.js';
import {followTrace, type FollowOptions, type InputsHandler} from './trace-follower.js';

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
};

/** A session's shards followed (or replayed), with its subagents read from disk and followed while they run. */
export function startFileSession(session: {sessionId: string; folder: string; shards: string[]}, options: FileOptions): {close(): Promise<void>} {
	const {store} = options;
	const children = childSessionsFor(session.folder, options);
	const onInputs: InputsHandler = children?.feed ?? (batch => store.apply(batch));
	const files = {sessionId: session.sessionId, folder: session.folder, shards: session.shards};
	const reader =
		options.replaySpeed === undefined
			? followTrace({...files, follow: options.follow, onInputs, cut: options.cut, ...options.follower})
			: startReplay({...files, speed: options.replaySpeed, onInputs});
	return {close: async () => void (await Promise.all([reader.close(), children?.close()]))};
}

// How long a child's trace is still read after the call that started it has finished: its
// last lines were written before the parent's output, but the follower may not have read them.
export const childGraceMs = 1000;

/** The subagent coordinator of a file source, or undefined when children are not wanted. */
export function childSessionsFor(folder: string | undefined, options: FileOptions): ChildSessions | undefined {
	if (!options.children) return undefined;
	const {store, dataRoot} = options;
	// Live children are followed; a replay shows each child whole at its pointer.
	const follow = options.follow && options.replaySpeed === undefined;
	let all: Promise<SessionSummary[]> | undefined;
	return new ChildSessions(
		{
			apply: inputs => store.apply(inputs),
			follow,
			hold: options.hold,
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
				const follower = followTrace({...trace, follow: followChild, cut: options.cut, onInputs: batch => stopped || onInputs(batch)});
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
