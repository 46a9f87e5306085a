/**
 * Which subagents of the session followed on its stream wait for a person now, by their own views. A server's record
 * of a subagent's session says idle while its call waits (the call is the parent's run's, decided through the
 * parent), so the overview learns the wait from the stream instead. Pure.
 */
import type {SessionView} from '../model/view-model.js';

// Deeper than this is a loop in bad data, not a tree.
const deepest = 8;

/** Each waiting subagent's session id with its waiting calls (its own subagents' included), at any depth. */
export function waitingSubagents(view: SessionView, into = new Map<string, number>(), depth = 0): Map<string, number> {
	// Nothing waits anywhere below (the count includes every subagent's): the walk of the items is skipped.
	if (view.awaitingApproval === 0 || depth >= deepest) return into;
	for (const item of view.items) {
		if (item.kind !== 'subagent' || item.child === undefined || item.child.awaitingApproval === 0) continue;
		into.set(item.sessionId, item.child.awaitingApproval);
		waitingSubagents(item.child, into, depth + 1);
	}
	return into;
}
