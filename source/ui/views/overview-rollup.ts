/**
 * A session on disk in the overview with its subagents' part: its cost is its whole tree's (what the footer shows
 * once it is open: the session's requests and its subagents'), and a subagent that waits for a person makes its
 * parent's row wait too (a parent runs `run_subagent` meanwhile, and would read as running). Pure.
 */
import {isServerEntry, type PickerEntry} from './session-columns.js';

// A chain of parents longer than this is a loop in bad data, not a tree.
const deepest = 8;

/** The entries with each disk session's cost and wait including its subagents' (a server's already does). */
export function rolledUp(entries: readonly PickerEntry[]): PickerEntry[] {
	const children = new Map<string, PickerEntry[]>();
	for (const entry of entries) {
		if (isServerEntry(entry) || entry.parentId === undefined) continue;
		const siblings = children.get(entry.parentId) ?? [];
		siblings.push(entry);
		children.set(entry.parentId, siblings);
	}
	if (children.size === 0) return [...entries];
	const below = (id: string, depth = 0): PickerEntry[] =>
		depth >= deepest ? [] : (children.get(id) ?? []).flatMap(child => [child, ...below(child.sessionId, depth + 1)]);
	return entries.map(entry => {
		if (isServerEntry(entry)) return entry;
		const tree = below(entry.sessionId);
		if (tree.length === 0) return entry;
		let out = entry;
		const costs = [entry, ...tree].flatMap(one =>
			!isServerEntry(one) && one.costUsd !== undefined ? [one.costUsd] : [],
		);
		if (costs.length > 0) out = {...out, costUsd: costs.reduce((sum, usd) => sum + usd, 0)};
		const waiting = tree.filter(one => !isServerEntry(one) && one.activity?.state === 'waiting');
		const first = waiting[0];
		if (first === undefined || isServerEntry(first) || first.activity === undefined) return out;
		const count = waiting.reduce((sum, one) => sum + (isServerEntry(one) ? 0 : (one.activity?.waiting ?? 0)), 0);
		const own = entry.activity;
		const doing = `↳ ${first.sessionId.slice(-8)} waits: ${first.activity.doing ?? 'a decision'}`;
		return {
			...out,
			activity: {
				children: own?.children ?? [],
				...(own ?? {}),
				state: 'waiting',
				waiting: (own?.state === 'waiting' ? own.waiting : 0) + count,
				doing: own?.state === 'waiting' && own.doing !== undefined ? own.doing : doing,
			},
		};
	});
}
