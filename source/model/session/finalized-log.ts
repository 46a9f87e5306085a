/**
 * The finalized log: what print mode writes, in the order it became final. An entry whose
 * printed form can still change holds back the rest (see takeFinalized).
 */
import {subagentToolName} from '../../protocol/types.js';
import type {FinalizedEntry, Shared} from './core.js';
import {waitingStates} from './tool-calls.js';

const nothingFinalized: readonly FinalizedEntry[] = [];

/**
 * The entries finalized since the last call, up to the first one that must wait; with
 * `all`, every entry (the output is closing).
 */
export function takeFinalized(shared: Shared, all: boolean): readonly FinalizedEntry[] {
	const log = shared.log;
	if (!log || log.length === 0) return nothingFinalized;
	let ready = log.length;
	if (!all) {
		ready = 0;
		while (ready < log.length && !waits(shared, log[ready]!)) ready++;
	}
	if (ready === 0) return nothingFinalized;
	if (ready < log.length) return log.splice(0, ready);
	// Print mode asks after every input: hand over the whole log and start a new one.
	shared.log = [];
	return log;
}

/**
 * The entry's printed form can still change: the first entry of a session whose header still
 * waits for its tool list, or a run_subagent call that does not know its child yet (the
 * pointer comes a few lines later).
 */
function waits(shared: Shared, entry: FinalizedEntry): boolean {
	const {session, item} = entry;
	if (session.ended) return false;
	if (shared.unsettled.has(session)) return true;
	return entry.what === 'call' && item.kind === 'tool_call' && item.name === subagentToolName && item.childSessionId === undefined && waitingStates.has(item.state);
}
