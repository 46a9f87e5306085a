// Subagents from disk: the a1f608ba parent's child 1fcdf9f5 is found, read and nested (stats, md, json, sts); a missing
// child says where it looked.
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {exportCommand} from '../../source/commands/export.js';
import {readSessionView} from '../../source/commands/read-session.js';
import {statsCommand, statsOf} from '../../source/commands/stats.js';
import {loadChildSessions} from '../../source/commands/subagents-from-disk.js';
import type {JsonExport} from '../../source/export/json.js';
import type {Draft, Item, SessionView, SubagentItem} from '../../source/model/view-model.js';
import {child, makeRoot, parent, placeShard} from './data-root.js';

let fixture: ReturnType<typeof makeRoot>;

beforeEach(() => {
	fixture = makeRoot();
});

afterEach(() => fixture.remove());

async function parentView(folder = fixture.dateDir()): Promise<SessionView> {
	const file = placeShard(parent, folder);
	return readSessionView({sessionId: parent, folder, shards: [file]}, 0);
}

function subagentOf(view: SessionView): SubagentItem {
	const item = view.items.find((entry): entry is SubagentItem => entry.kind === 'subagent');
	if (!item) throw new Error('no subagent item');
	return item;
}

function allIds(view: SessionView): number[] {
	return view.items.flatMap((item: Item) => [
		item.id,
		...(item.kind === 'subagent' && item.child ? allIds(item.child) : []),
	]);
}

describe('loadChildSessions', () => {
	it('reads the child from the parent folder and hangs it on its pointer', async () => {
		placeShard(child, fixture.dateDir());
		const view = await parentView();
		const result = await loadChildSessions(view, {dataRoot: fixture.root, folder: fixture.dateDir()});
		expect(result).toEqual({loaded: [child], missing: []});
		const item = subagentOf(view);
		expect(item.missing).toBeUndefined();
		expect(item.child?.header).toMatchObject({sessionId: child, source: 'subagent'});
		const calls = item.child!.items.filter(entry => entry.kind === 'tool_call');
		expect(calls).toHaveLength(1);
		expect(calls[0]).toMatchObject({name: 'exec_command', state: 'done', output: 'hello-from-child\nREADME.txt\n'});
		// Ids stay unique over the whole tree (the screen keys its state by them).
		const ids = allIds(view);
		expect(new Set(ids).size).toBe(ids.length);
	});

	it('finds a child elsewhere under the data root', async () => {
		placeShard(child, fixture.dateDir('proj-a', 'main', '2026-12-03'));
		const view = await parentView();
		expect(await loadChildSessions(view, {dataRoot: fixture.root, folder: fixture.dateDir()})).toEqual({
			loaded: [child],
			missing: [],
		});
		expect(subagentOf(view).child?.header.sessionId).toBe(child);
	});

	it('says where it looked when the child is missing', async () => {
		const view = await parentView();
		const result = await loadChildSessions(view, {dataRoot: fixture.root, folder: fixture.dateDir()});
		const line = `${child}: trace not found under ${fixture.root}`;
		expect(result).toEqual({loaded: [], missing: [line]});
		expect(subagentOf(view).missing).toBe(line);
	});

	it('does not follow a pointer back to a session above it', async () => {
		const folder = fixture.dateDir();
		const file = placeShard(parent, folder);
		const view = await readSessionView({sessionId: parent, folder, shards: [file]}, 0);
		// A (corrupt) child that claims to be its own parent.
		(subagentOf(view) as Draft<SubagentItem>).sessionId = parent;
		const result = await loadChildSessions(view, {dataRoot: fixture.root, folder});
		expect(result.loaded).toEqual([]);
		expect(result.missing[0]).toContain('points back');
	});
});

describe('children in stats and exports', () => {
	it('nests the child stats under the parent', async () => {
		placeShard(child, fixture.dateDir());
		const view = await parentView();
		await loadChildSessions(view, {dataRoot: fixture.root, folder: fixture.dateDir()});
		const stats = statsOf(view);
		expect(stats.tools.map(tool => tool.name)).toEqual(['run_subagent']);
		expect(stats.subagents).toHaveLength(1);
		expect(stats.subagents[0].stats?.tools).toEqual([
			expect.objectContaining({name: 'exec_command', calls: 1, failed: 0, timed: 1, totalMs: 209}),
		]);
		const text = (await statsCommand({inputs: view})).stdout;
		expect(text).toContain(`Subagent ${child}`);
		expect(text).toMatch(/\n {2}exec_command +1 +0 +209 ms/);
	});

	it('reads children itself when told where, and reports missing ones on stderr', async () => {
		const view = await parentView();
		const stats = await statsCommand({inputs: view, children: {dataRoot: fixture.root, folder: fixture.dateDir()}});
		expect(stats.stderr).toBe(`subagent ${child}: trace not found under ${fixture.root}\n`);
		expect(stats.stdout).toContain('trace not found under');
		const md = await exportCommand({
			format: 'md',
			redact: false,
			inputs: view,
			children: {dataRoot: fixture.root, folder: fixture.dateDir()},
		});
		expect(md.stderr).toContain('trace not found under');
		expect(md.stdout).toContain(`${child}: trace not found under`);
	});

	it('shows the child transcript nested in the Markdown export', async () => {
		placeShard(child, fixture.dateDir());
		const {stdout} = await exportCommand({
			format: 'md',
			redact: false,
			inputs: await parentView(),
			children: {dataRoot: fixture.root, folder: fixture.dateDir()},
		});
		expect(stdout).toContain(`### Subagent \`${child}\` · Delegate listing the workspace`);
		expect(stdout).toContain('> #### Parent agent');
		expect(stdout).toContain('> **Tool call** `exec_command` · $ echo hello-from-child && ls · done');
		expect(stdout).toContain('> hello-from-child');
		// The child comes between the run_subagent call and the parent's final answer.
		expect(stdout.indexOf('hello-from-child')).toBeGreaterThan(stdout.indexOf('**Tool call** `run_subagent`'));
		expect(stdout.indexOf('hello-from-child')).toBeLessThan(stdout.indexOf('The subagent reported back'));
	});

	it('nests the child view in the JSON export', async () => {
		placeShard(child, fixture.dateDir());
		const {stdout} = await exportCommand({
			format: 'json',
			redact: false,
			inputs: await parentView(),
			children: {dataRoot: fixture.root, folder: fixture.dateDir()},
		});
		const doc = JSON.parse(stdout) as JsonExport;
		const pointer = doc.session.items.find((item): item is SubagentItem => item.kind === 'subagent')!;
		expect(pointer.child?.header.sessionId).toBe(child);
		expect(pointer.child?.items.some(item => item.kind === 'tool_call' && item.name === 'exec_command')).toBe(true);
	});

	it('inlines the child messages in the STS export, marked with the child id', async () => {
		placeShard(child, fixture.dateDir());
		const view = await parentView();
		await loadChildSessions(view, {dataRoot: fixture.root, folder: fixture.dateDir()});
		const lines = (await exportCommand({format: 'sts', redact: false, inputs: view})).stdout
			.trimEnd()
			.split('\n')
			.map(
				line =>
					JSON.parse(line) as {
						type: string;
						message?: {
							role: string;
							subagent?: string;
							toolCalls?: Array<{function: {name: string}}>;
							toolCallId?: string;
						};
					},
			);
		const messages = lines.slice(1).map(line => line.message!);
		const roles = messages.map(m => `${m.subagent ? 'child:' : ''}${m.role}`);
		expect(roles).toEqual([
			'system',
			'user',
			'assistant',
			'child:user',
			'child:assistant',
			'child:tool',
			'child:assistant',
			'tool',
			'assistant',
		]);
		expect(messages.filter(m => m.subagent).every(m => m.subagent === child)).toBe(true);
		expect(messages[4].toolCalls?.[0].function.name).toBe('exec_command');
		expect(messages[2].toolCalls?.[0].function.name).toBe('run_subagent');
		expect(messages[7].toolCallId).toBe('call_d5003b2cde4b39dd');
	});
});
