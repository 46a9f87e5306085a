/**
 * The finalized log: what print mode writes, in the order it became final. An entry whose
 * printed form can still change holds back the rest (see drain).
 */
import {subagentToolName} from '../../protocol/types.js';
import type {FinalizedEntry, Shared} from './core.js';
import {waitingStates} from './tool-calls.js';

/**
 * The entries, in one array kept for the model's life: print mode drains the log after every
 * input, and a new array each time (with room for 16 entries, mostly holding one) was a fifth
 * of the model's garbage on a trace of tool calls.
 */
export class FinalizedLog {
	private readonly entries: (FinalizedEntry | undefined)[] = [];
	private count = 0;

	push(entry: FinalizedEntry): void {
		this.entries[this.count++] = entry;
	}

	/**
	 * Hands `visit` the entries finalized since the last call, up to the first one that must
	 * wait, and forgets them; with `all`, every entry (the output is closing).
	 */
	drain(shared: Shared, all: boolean, visit: (entry: FinalizedEntry) => void): void {
		const entries = this.entries;
		let ready = this.count;
		if (!all) {
			ready = 0;
			while (ready < this.count && !waits(shared, entries[ready]!)) ready++;
		}
		if (ready === 0) return;
		for (let i = 0; i < ready; i++) visit(entries[i]!);
		// What waits moves to the front (and whatever `visit` made final meanwhile); the slots
		// after it let go of their entries, so that printed items can be collected.
		const count = this.count;
		for (let i = ready; i < count; i++) entries[i - ready] = entries[i];
		for (let i = count - ready; i < count; i++) entries[i] = undefined;
		this.count = count - ready;
	}
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
	return (
		entry.what === 'call' &&
		item.kind === 'tool_call' &&
		item.name === subagentToolName &&
		item.childSessionId === undefined &&
		waitingStates.has(item.state)
	);
}
