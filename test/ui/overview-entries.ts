// Sessions for the overview's screen tests: one shown, a parent running a subagent, and the subagent waiting for a
// decision, each with its own cost; a switcher that lists them.
import type {PickerEntry, SessionSwitcher} from '../../source/server/session-switcher.js';
import type {storeFrom} from './helpers.js';

const base = '/data/proj-a/agents/main/traces/2026-12-02';
function entry(tail: string, prompt: string, fields: Partial<PickerEntry> = {}): PickerEntry {
	const sessionId = `session-2026-12-02-${tail}`;
	return {
		sessionId,
		project: 'proj-a',
		agent: 'main',
		folder: base,
		shards: [`${base}/${sessionId}_001.jsonl`],
		shardCount: 1,
		size: 20_480,
		startedAt: '2026-12-02T14:43:17.000Z',
		lastActivityAt: '2026-12-02T14:49:00.000Z',
		idleMs: 60_000,
		live: false,
		provider: 'custom',
		model: 'fake-model',
		firstPrompt: prompt,
		...fields,
	};
}

export const parent = entry('14-43-17-a1f608ba', '[fake:sub] Use a subagent to list the workspace.', {
	costUsd: 0.0082,
	activity: {state: 'running', waiting: 0, doing: 'run_subagent Delegate listing', children: []},
});
export const child = entry('14-43-19-1fcdf9f5', 'Caller agent: default_agent.', {
	costUsd: 0.0073,
	parentId: parent.sessionId,
	source: 'subagent',
	activity: {state: 'waiting', waiting: 1, doing: 'exec_command $ ls -la', children: []},
});
export const shown = entry('14-45-42-8e7b556c', '[fake:chat] What is a trace file?', {costUsd: 0.0353});

export function switcher(store: ReturnType<typeof storeFrom>): SessionSwitcher {
	return {
		root: '/home/dev/.penguin/data',
		current: () => store.view.header.sessionId,
		list: async () => [shown, parent, child],
		async open() {},
	};
}

// The row whose id column names the session (a parent's activity may name its child).
export const rowOf = (frame: string, id: string): string =>
	frame.split('\n').find(line => new RegExp(`^.(⏸ waiting \\d+|● running|○ idle) +${id.slice(-8)}`).test(line)) ?? '';
