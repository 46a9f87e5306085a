/**
 * Subagent sessions from disk. A parent trace holds only a `subagent` pointer; the child's
 * messages are in its own trace, named by its session id, usually in the parent's date
 * folder. This reads each child that the view does not already hold, recursively, and
 * hangs it on its pointer so that stats and exports show it nested.
 *
 * Finished sessions only: a child still being written is read as far as it has got, and
 * not followed afterwards (following live children belongs to the screen).
 */
import {listSessions, type SessionSummary} from '../io/session-locator.js';
import {findSessionOnDisk, type SessionOnDisk} from '../io/trace-files.js';
import {attachChild, childMissing, renumberItems} from '../model/subagent-links.js';
import type {SessionView} from '../model/view-model.js';
import {readSessionView} from './read-session.js';

/**
 * Where to look: the data root, and the parent's own date folder (searched first); whether the
 * children's small images keep their data (SessionModelOptions.keepImageData).
 */
export type ChildSearch = {dataRoot: string; folder: string; nowMs?: number; keepImageData?: boolean};

/** What loading did: children read from disk, and one line per child that was not found. */
export type ChildLoadResult = {loaded: string[]; missing: string[]};

// Nesting deeper than this is not followed: it can only come from a loop of pointers.
const maxDepth = 8;

/**
 * For each `subagent` item with no known child (none, or the empty placeholder the session
 * model makes from the pointer alone), finds the child's trace, reads it and sets
 * `item.child`; when there is none, sets `item.missing`. Grandchildren too. Item ids of
 * loaded sessions are renumbered above the view's own so that ids stay unique in the tree.
 */
export async function loadChildSessions(view: SessionView, options: ChildSearch): Promise<ChildLoadResult> {
	const state: LoadState = {
		options,
		result: {loaded: [], missing: []},
		nextId: maxIdOf(view, 0) + 1,
		visiting: new Set(view.header.sessionId ? [view.header.sessionId] : []),
	};
	await loadInto(view, options.folder, state, 0);
	return state.result;
}

type LoadState = {
	options: ChildSearch;
	result: ChildLoadResult;
	nextId: number;
	/** Session ids on the current path from the root: a pointer back to one is a loop. */
	visiting: Set<string>;
	/** Every session under the data root, listed once when first needed. */
	all?: Promise<SessionSummary[]>;
};

async function loadInto(view: SessionView, folder: string, state: LoadState, depth: number): Promise<void> {
	for (const item of view.items) {
		if (item.kind !== 'subagent') continue;
		if (hasContent(item.child)) {
			// Known already (e.g. from origin-tagged stream messages): look inside it all the same.
			if (depth < maxDepth) await loadInto(item.child!, folder, state, depth + 1);
			continue;
		}
		if (state.visiting.has(item.sessionId) || depth >= maxDepth) {
			const why = `${item.sessionId}: not read (it points back to a session already open above it)`;
			childMissing(item, why);
			state.result.missing.push(why);
			continue;
		}
		const found = await findSession(item.sessionId, folder, state);
		if (!found) {
			const why = `${item.sessionId}: trace not found under ${state.options.dataRoot}`;
			childMissing(item, why);
			state.result.missing.push(why);
			continue;
		}
		const child = await readSessionView(found, state.options.nowMs, state.options.keepImageData);
		state.nextId = renumberItems(child, state.nextId, maxDepth * 4);
		attachChild(item, child);
		state.result.loaded.push(item.sessionId);
		state.visiting.add(item.sessionId);
		await loadInto(child, found.folder, state, depth + 1);
		state.visiting.delete(item.sessionId);
	}
}

function hasContent(child: SessionView | undefined): boolean {
	return child !== undefined && (child.items.length > 0 || child.header.sessionId !== undefined);
}

async function findSession(sessionId: string, folder: string, state: LoadState): Promise<SessionOnDisk | undefined> {
	return findSessionOnDisk(sessionId, folder, async () => {
		state.all ??= listSessions(state.options.dataRoot).then(listed => (listed.ok ? listed.sessions : []));
		return state.all;
	});
}

function maxIdOf(view: SessionView, depth: number): number {
	let max = 0;
	for (const item of view.items) {
		max = Math.max(max, item.id);
		if (item.kind === 'subagent' && item.child && depth < maxDepth * 4)
			max = Math.max(max, maxIdOf(item.child, depth + 1));
	}
	return max;
}
